/** The public calls as the OpenAPI document describes them (schemas shared with the routes). */
import type { OperationDoc } from "../openapi.ts";
import { adminUserSchema, loginResultSchema, loginSchema } from "../schemas/admin.ts";
import { availabilityResultSchema, availabilitySchema, bookingDraftSchema, bookingRecordSchema } from "../../core/booking/schemas.ts";
import { businessSchema, contentSchema } from "../../core/settings/schemas.ts";
import { extraSchema, extrasQuerySchema, frequencySchema, questionSchema, questionsQuerySchema, serviceSchema } from "../../core/catalog/schemas.ts";
import { inquiryRecordSchema, inquirySchema } from "../../core/inquiry/schemas.ts";
import { IdParams as idParamSchema, itemsOf } from "../openapi.ts";

const rateLimited = { description: "Too many requests from this address", headers: ["Retry-After"] };
const invalid = { description: "Validation failed: fieldErrors holds the messages, keyed by field path" };
const badRequest = { description: "Malformed JSON, a body that is not an object, or a wrong Content-Type" };

export const publicOperations: OperationDoc[] = [
  { method: "get", path: "/api/health", tag: "System", summary: "Health: 200 when the database answers", responses: { 200: { description: "OK" }, 503: { description: "Database unavailable" } } },
  { method: "get", path: "/api/services", tag: "Catalogue", summary: "Active services", responses: { 200: { description: "The services", schema: itemsOf(serviceSchema) } } },
  { method: "get", path: "/api/services/{id}", tag: "Catalogue", summary: "One active service", params: idParamSchema, responses: { 200: { description: "The service", schema: serviceSchema }, 404: { description: "Unknown or deleted service" } } },
  { method: "get", path: "/api/extras", tag: "Catalogue", summary: "Active add-ons of a service, in order", query: extrasQuerySchema, responses: { 200: { description: "The add-ons", schema: itemsOf(extraSchema) }, 404: { description: "Unknown or deleted service" }, 422: invalid } },
  { method: "get", path: "/api/frequencies", tag: "Catalogue", summary: "How often a clean can repeat, with discounts", responses: { 200: { description: "The frequencies", schema: itemsOf(frequencySchema) } } },
  { method: "get", path: "/api/questions", tag: "Catalogue", summary: "Global questions, plus the service's", query: questionsQuerySchema, responses: { 200: { description: "The questions", schema: itemsOf(questionSchema) }, 404: { description: "Unknown or deleted service" } } },
  { method: "get", path: "/api/content", tag: "Catalogue", summary: "Booking-form content (comment box, cancellation policy)", responses: { 200: { description: "The content", schema: contentSchema } } },
  { method: "get", path: "/api/business", tag: "Catalogue", summary: "The business profile (brand, contacts, service areas)", responses: { 200: { description: "The profile", schema: businessSchema } } },
  {
    method: "post", path: "/api/availability/check", tag: "Bookings", summary: "Is a start time bookable?",
    description: "Uses the same scheduling and capacity rules as booking creation. Advice only: a booking can still find the time taken.",
    body: availabilitySchema,
    responses: { 200: { description: "The answer", schema: availabilityResultSchema }, 400: badRequest, 422: invalid, 429: rateLimited },
  },
  {
    method: "post", path: "/api/bookings", tag: "Bookings", summary: "Book a clean (a request until staff confirm it)",
    description: "The server validates and prices the draft from the catalogue (client totals are ignored), takes a place under the capacity rule atomically, stores snapshots and e-mails the confirmation.",
    body: bookingDraftSchema, idempotent: true,
    responses: { 201: { description: "The booking", schema: bookingRecordSchema }, 400: badRequest, 409: { description: "SLOT_UNAVAILABLE: the time is full; or an Idempotency-Key still in progress" }, 413: { description: "Body too large" }, 422: invalid, 429: rateLimited },
  },
  {
    method: "post", path: "/api/quotes", tag: "Bookings", summary: "Request a quote (same draft; reserves no capacity)",
    body: bookingDraftSchema, idempotent: true,
    responses: { 201: { description: "The quote (type QUOTE, status QUOTE_REQUESTED)", schema: bookingRecordSchema }, 400: badRequest, 409: { description: "An Idempotency-Key still in progress" }, 413: { description: "Body too large" }, 422: invalid, 429: rateLimited },
  },
  {
    method: "post", path: "/api/inquiries", tag: "Inquiries", summary: "Send a commercial cleaning inquiry",
    body: inquirySchema, idempotent: true,
    responses: { 201: { description: "What was received", schema: inquiryRecordSchema }, 400: badRequest, 413: { description: "Body too large" }, 422: invalid, 429: rateLimited },
  },
  {
    method: "post", path: "/api/auth/login", tag: "Staff", summary: "Staff login: a bearer token and the user",
    description: "An unknown e-mail and a wrong password get the same 401. Failures per e-mail and per address are slowed after 3 and refused with 429 at 10 in a 15-minute window.",
    body: loginSchema,
    responses: { 200: { description: "Logged in", schema: loginResultSchema }, 400: badRequest, 401: { description: "Invalid email or password" }, 422: invalid, 429: rateLimited },
  },
  {
    method: "get", path: "/api/admin/me", tag: "Staff", summary: "The signed-in admin", auth: true,
    responses: { 200: { description: "The admin", schema: adminUserSchema }, 401: { description: "No, bad or expired token, or the admin no longer exists" } },
  },
];
