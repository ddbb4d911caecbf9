import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { CREATE_BOOKING_ERRORS, type CreateBooking, REQUEST_QUOTE_ERRORS } from "../../core/workflows/create-booking.ts";
import type { makeCheckAvailability } from "../../core/booking/capacity/check-availability.ts";
import { AVAILABILITY_ERRORS, type makeGetAvailability } from "../../core/booking/capacity/availability.ts";
import { bookingDraftSchema } from "../../core/booking/draft/validation.ts";
import {
  availabilityCalendarSchema,
  availabilityQuerySchema,
  availabilityResultSchema,
  availabilitySchema,
  bookingRecordSchema,
} from "../../core/booking/schemas.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { makeCreateInquiry } from "../../core/inquiry/create-inquiry.ts";
import { inquiryRecordSchema, inquirySchema } from "../../core/inquiry/schemas.ts";
import type { Inquiry } from "../../core/inquiry/types.ts";
import { answerWith, failWith, HTTP_ERRORS } from "../http-errors.ts";
import { completionFor, IDEMPOTENCY_ERRORS } from "../middleware/idempotency.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";

export interface PublicWriteDeps {
  createBooking: CreateBooking;
  checkAvailability: ReturnType<typeof makeCheckAvailability>;
  getAvailability: ReturnType<typeof makeGetAvailability>;
  createInquiry: ReturnType<typeof makeCreateInquiry>;
  /** Abuse limits and idempotency, per route group. */
  guards: {
    submit: MiddlewareHandler;
    availability: MiddlewareHandler;
    idempotent: (scope: string) => MiddlewareHandler;
  };
}

/** What the result card and the receipt need, with the service name under its plain name. */
export const presentRecord = (record: BookingRecord) => ({
  ...record,
  serviceName: record.serviceNameAtBooking,
});

/** The public answer to an inquiry: what was received, not the staff's fields. */
export const presentInquiry = ({ read: _r, hasAddress: _h, archivedAt: _a, adminNotes: _n, ...inquiry }: Inquiry) =>
  inquiry;

const role = "public" as const;
const idempotent = {
  headers: z.object({
    "Idempotency-Key": z.string().optional().meta({
      description: "1 to 255 visible ASCII characters. A retry with the same key and body gets the first answer for a day; another body, a 422.",
    }),
  }),
};
/** What the abuse limits and an Idempotency-Key add to a submission's own errors. */
const SUBMIT_GUARDS = [HTTP_ERRORS.rateLimited, ...Object.values(IDEMPOTENCY_ERRORS)];

const checkAvailability = route({
  method: "post", path: "/availability/check", tags: ["Bookings"], "x-required-role": role, summary: "Is a start time bookable?",
  description: "Uses the same scheduling and capacity rules as booking creation. Advice only: a booking can still find the time taken.",
  request: { body: jsonBody(availabilitySchema) },
  errors: [HTTP_ERRORS.rateLimited],
  responses: { 200: json(availabilityResultSchema, "The answer") },
});
const getAvailability = route({
  method: "get", path: "/availability", tags: ["Bookings"], "x-required-role": role,
  summary: "The calendar: open days and free start times for a visit",
  description: "Melbourne dates, at most 62 days a call. Each slot is judged by the rules that accept or refuse a booking " +
    "(lead time, horizon, slot hours, closed weekdays and dates, the end of the working day for the visit's length, and the capacity rule): " +
    "a slot shown available is accepted unless someone takes it first. Closed days say why: " +
    "BEFORE_LEAD_TIME, CLOSED_DAY, CLOSED_DATE, BEYOND_HORIZON or FULL.",
  request: { query: availabilityQuerySchema },
  errors: [...AVAILABILITY_ERRORS, HTTP_ERRORS.rateLimited],
  responses: { 200: json(availabilityCalendarSchema, "The days, in date order") },
});
const createBooking = route({
  method: "post", path: "/bookings", tags: ["Bookings"], "x-required-role": role,
  summary: "Book a clean (a request until staff confirm it)",
  description: "The server validates and prices the draft from the catalogue (client totals are ignored), takes a place under the capacity rule atomically, stores snapshots and e-mails the confirmation.",
  request: { ...idempotent, body: jsonBody(bookingDraftSchema) },
  errors: [...CREATE_BOOKING_ERRORS, ...SUBMIT_GUARDS],
  responses: { 201: json(bookingRecordSchema, "The booking") },
});
const requestQuote = route({
  method: "post", path: "/quotes", tags: ["Bookings"], "x-required-role": role,
  summary: "Request a quote (same draft; reserves no capacity)",
  request: { ...idempotent, body: jsonBody(bookingDraftSchema) },
  errors: [...REQUEST_QUOTE_ERRORS, ...SUBMIT_GUARDS],
  responses: { 201: json(bookingRecordSchema, "The quote (type QUOTE, status QUOTE_REQUESTED)") },
});
const sendInquiry = route({
  method: "post", path: "/inquiries", tags: ["Inquiries"], "x-required-role": role, summary: "Send a commercial cleaning inquiry",
  request: { ...idempotent, body: jsonBody(inquirySchema) },
  errors: SUBMIT_GUARDS,
  responses: { 201: json(inquiryRecordSchema, "What was received") },
});

/** The customer's writes: availability, bookings, quotes, commercial inquiries. */
export function publicWriteRoutes(deps: PublicWriteDeps) {
  const { guards } = deps;
  const group = routeGroup();
  // Before the body is read: the abuse budget counts every attempt, and a retry is answered from its key.
  group.on("POST", "/availability/check", guards.availability);
  group.on("GET", "/availability", guards.availability);
  for (const scope of ["bookings", "quotes", "inquiries"]) group.on("POST", `/${scope}`, guards.submit, guards.idempotent(scope));
  return group
    .openapi(checkAvailability, async (c) => c.json(await deps.checkAvailability(c.req.valid("json")), 200))
    .openapi(getAvailability, async (c) => {
      return answerWith(getAvailability, c, await deps.getAvailability(c.req.valid("query")), 200);
    })
    .openapi(createBooking, async (c) => {
      // With an Idempotency-Key, the answer below is kept in the booking's own transaction (issue 29).
      const result = await deps.createBooking(c.req.valid("json"), "BOOKING", completionFor(c, 201, presentRecord));
      return result.ok ? c.json(presentRecord(result.value), 201) : failWith(createBooking, c, result.error);
    })
    .openapi(requestQuote, async (c) => {
      const result = await deps.createBooking(c.req.valid("json"), "QUOTE", completionFor(c, 201, presentRecord));
      return result.ok ? c.json(presentRecord(result.value), 201) : failWith(requestQuote, c, result.error);
    })
    .openapi(sendInquiry, async (c) => {
      const result = await deps.createInquiry(c.req.valid("json"), completionFor(c, 201, presentInquiry));
      return result.ok ? c.json(presentInquiry(result.value), 201) : failWith(sendInquiry, c, result.error);
    });
}
