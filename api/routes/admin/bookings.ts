import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import { bookingListQuery } from "../../../core/booking/admin-query.ts";
import type { BookingsAdmin } from "../../../core/booking/admin-use-cases.ts";
import { inquiryListQuery } from "../../../core/inquiry/admin-query.ts";
import type { InquiriesAdmin } from "../../../core/inquiry/admin-use-cases.ts";
import type { BookingRecord } from "../../../core/booking/types.ts";
import type { Result } from "../../../core/shared/result.ts";
import { sendResult, validationHook } from "../../http-errors.ts";
import type { OperationDoc } from "../../openapi.ts";
import { readJsonObject } from "../../read-json.ts";
import {
  adminInquirySchema,
  bookingExportQuerySchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingStatusBodySchema,
  confirmPaymentBodySchema,
  inquiryHasAddressBodySchema,
  inquiryListQuerySchema,
  inquiryListSchema,
  inquiryNotesBodySchema,
  inquiryReadBodySchema,
} from "../../schemas/admin-bookings.ts";
import { bookingRecordSchema } from "../../../core/booking/schemas.ts";
import { IdParams as idParamSchema } from "../../openapi.ts";
import { presentRecord } from "../bookings.ts";

const presented = (result: Result<BookingRecord>): Result<ReturnType<typeof presentRecord>> =>
  result.ok ? { ok: true, value: presentRecord(result.value) } : result;

/** The staff calls of this group, mounted under /api/admin behind requireAdmin. */
/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface BookingsAdminUseCases {
  bookings: BookingsAdmin;
  inquiries: InquiriesAdmin;
}

export function bookingsAdminRoutes(useCases: BookingsAdminUseCases) {

  return new Hono()
    .get("/bookings", zValidator("query", bookingListQuerySchema, validationHook), async (c) => {
      const page = await useCases.bookings.list(bookingListQuery(c.req.valid("query")));
      return c.json({ ...page, items: page.items.map(presentRecord) });
    })
    // Registered before /bookings/:id so the export is never read as an id.
    .get("/bookings.csv", zValidator("query", bookingExportQuerySchema, validationHook), async (c) => {
      const { fileName, csv } = await useCases.bookings.exportCsv(bookingListQuery(c.req.valid("query")));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        // Customers' personal data: no copies in browser or proxy caches.
        "Cache-Control": "no-store",
      });
    })
    .get("/bookings/:id", async (c) => sendResult(c, presented(await useCases.bookings.get(c.req.param("id")))))
    .patch("/bookings/:id/status", async (c) => {
      const body = await readJsonObject(c);
      return sendResult(c, presented(await useCases.bookings.setStatus(c.get("admin"), c.req.param("id"), body.status)));
    })
    .patch("/bookings/:id/confirm-payment", async (c) => {
      const body = await readJsonObject(c);
      return sendResult(
        c,
        presented(await useCases.bookings.confirmPayment(c.get("admin"), c.req.param("id"), body.amountPaid)),
      );
    })
    .get("/inquiries", zValidator("query", inquiryListQuerySchema, validationHook), async (c) =>
      c.json(await useCases.inquiries.list(inquiryListQuery(c.req.valid("query")))))
    .get("/inquiries/:id", async (c) => sendResult(c, await useCases.inquiries.get(c.req.param("id"))))
    .patch("/inquiries/:id", async (c) => {
      const body = await readJsonObject(c);
      return sendResult(c, await useCases.inquiries.setNotes(c.get("admin"), c.req.param("id"), body.adminNotes));
    })
    .patch("/inquiries/:id/read", async (c) => {
      const body = await readJsonObject(c);
      return sendResult(c, await useCases.inquiries.setRead(c.get("admin"), c.req.param("id"), body.read));
    })
    .patch("/inquiries/:id/has-address", async (c) => {
      const body = await readJsonObject(c);
      return sendResult(c, await useCases.inquiries.setHasAddress(c.get("admin"), c.req.param("id"), body.hasAddress));
    })
    .delete("/inquiries/:id", async (c) => sendResult(c, await useCases.inquiries.archive(c.get("admin"), c.req.param("id"))));
}

const tag = "Staff: bookings and inquiries";
const unauthenticated = { description: "No, bad or expired token" };
const forbidden = { description: "Role not allowed" };
const invalidQuery = { description: "A query value is not allowed: fieldErrors names it" };
const badRequest = { description: "Malformed JSON, a body that is not an object, or a wrong Content-Type" };
const guarded = { 401: unauthenticated, 403: forbidden };
const bookingNotFound = { description: "Unknown or malformed booking id" };
const inquiryNotFound = { description: "Unknown or malformed inquiry id" };

export const bookingsAdminOperations: OperationDoc[] = [
  {
    method: "get", path: "/api/admin/bookings", tag, auth: true, summary: "Bookings and quotes: search, filters, chips, pages",
    description: "Sorted by startTime or createdAt (ties by id), default startTime ascending. A QUOTE search with no status means QUOTE_REQUESTED. stats count every page of the filtered set but ignore its status and paymentStatus filters, so each chip shows what choosing it would list.",
    query: bookingListQuerySchema,
    responses: { 200: { description: "One page", schema: bookingListSchema }, ...guarded, 422: invalidQuery },
  },
  {
    method: "get", path: "/api/admin/bookings.csv", tag, auth: true, summary: "Export the filtered bookings as CSV",
    description: "Every row the list's filters select, in the list's order, no paging. UTF-8 with a byte-order mark, CRLF lines; times in Melbourne local time (2026-11-28 09:00); cells starting with =, +, -, @, tab or CR get a leading ' so spreadsheets never run them.",
    query: bookingExportQuerySchema,
    responses: { 200: { description: "text/csv attachment", headers: ["Content-Disposition"] }, ...guarded, 422: invalidQuery },
  },
  {
    method: "get", path: "/api/admin/bookings/{id}", tag, auth: true, summary: "One booking or quote, as the details view shows it",
    params: idParamSchema,
    responses: { 200: { description: "The record", schema: bookingRecordSchema }, ...guarded, 404: bookingNotFound },
  },
  {
    method: "patch", path: "/api/admin/bookings/{id}/status", tag, auth: true, summary: "Set a booking's status",
    description: "CONFIRMED, CANCELLED or DONE from any status (staff may correct mistakes); the same status again changes nothing. Audited as booking.status.",
    params: idParamSchema, body: bookingStatusBodySchema,
    responses: {
      200: { description: "The updated record", schema: bookingRecordSchema }, 400: badRequest, ...guarded,
      404: bookingNotFound, 409: { description: "QUOTE_HAS_NO_STATUS" }, 422: { description: "INVALID_STATUS" },
    },
  },
  {
    method: "patch", path: "/api/admin/bookings/{id}/confirm-payment", tag, auth: true, summary: "Record a booking as paid",
    description: "Sets PAID, totalPaid (rounded to cents) and paidAt. The check and the write hold the row, so of two simultaneous calls exactly one succeeds. Audited as booking.confirm_payment.",
    params: idParamSchema, body: confirmPaymentBodySchema,
    responses: {
      200: { description: "The updated record", schema: bookingRecordSchema }, 400: badRequest, ...guarded,
      404: bookingNotFound, 409: { description: "ALREADY_PAID or QUOTE_NOT_PAYABLE" },
      422: { description: "INVALID_AMOUNT: 'Invalid amount.' (not a finite number, or negative)" },
    },
  },
  {
    method: "get", path: "/api/admin/inquiries", tag, auth: true, summary: "Inquiries: search, filters, pages",
    description: "Newest first by default; archived ones only with includeArchived=true.",
    query: inquiryListQuerySchema,
    responses: { 200: { description: "One page", schema: inquiryListSchema }, ...guarded, 422: invalidQuery },
  },
  {
    method: "get", path: "/api/admin/inquiries/{id}", tag, auth: true, summary: "One inquiry (archived ones too)",
    params: idParamSchema,
    responses: { 200: { description: "The inquiry", schema: adminInquirySchema }, ...guarded, 404: inquiryNotFound },
  },
  {
    method: "patch", path: "/api/admin/inquiries/{id}", tag, auth: true, summary: "Save the admin notes",
    description: "Audited as inquiry.notes when they change.",
    params: idParamSchema, body: inquiryNotesBodySchema,
    responses: { 200: { description: "The inquiry", schema: adminInquirySchema }, 400: badRequest, ...guarded, 404: inquiryNotFound, 422: { description: "Not text, or over 5,000 characters" } },
  },
  {
    method: "patch", path: "/api/admin/inquiries/{id}/read", tag, auth: true, summary: "Mark read or unread",
    description: "Audited as inquiry.read when it changes.",
    params: idParamSchema, body: inquiryReadBodySchema,
    responses: { 200: { description: "The inquiry", schema: adminInquirySchema }, 400: badRequest, ...guarded, 404: inquiryNotFound, 422: { description: "read is not a boolean" } },
  },
  {
    method: "patch", path: "/api/admin/inquiries/{id}/has-address", tag, auth: true, summary: "Tick or untick Checked",
    description: "Audited as inquiry.has_address when it changes.",
    params: idParamSchema, body: inquiryHasAddressBodySchema,
    responses: { 200: { description: "The inquiry", schema: adminInquirySchema }, 400: badRequest, ...guarded, 404: inquiryNotFound, 422: { description: "hasAddress is not a boolean" } },
  },
  {
    method: "delete", path: "/api/admin/inquiries/{id}", tag, auth: true, summary: "Archive an inquiry",
    description: "Sets archivedAt; archiving again keeps the first date and writes nothing. Audited as inquiry.archive.",
    params: idParamSchema,
    responses: { 200: { description: "The archived inquiry", schema: adminInquirySchema }, ...guarded, 404: inquiryNotFound },
  },
];
