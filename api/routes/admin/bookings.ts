import type { Context } from "hono";
import { z } from "zod";
import { bookingExportQuerySchema, bookingListQuerySchema } from "../../../core/booking/staff/list-query.ts";
import { bookingListSchema, paymentSchema, statusChangeSchema } from "../../../core/booking/staff/list-schemas.ts";
import type { BookingsAdmin } from "../../../core/workflows/bookings-admin.ts";
import { bookingRecordSchema } from "../../../core/booking/schemas.ts";
import { STATUS_MESSAGES } from "../../../core/booking/status.ts";
import type { BookingRecord } from "../../../core/booking/types.ts";
import { inquiryListQuerySchema } from "../../../core/inquiry/admin-query.ts";
import { adminInquirySchema, inquiryHasAddressSchema, inquiryListSchema, inquiryNotesSchema, inquiryReadSchema } from "../../../core/inquiry/admin-schemas.ts";
import type { InquiriesAdmin } from "../../../core/inquiry/admin-use-cases.ts";
import type { ErrorCode } from "../../../core/shared/error-codes.ts";
import { fieldErrorsOf } from "../../../core/shared/parse-input.ts";
import { type Result, validationError } from "../../../core/shared/result.ts";
import { failWith } from "../../http-errors.ts";
import { errors, IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";
import { presentRecord } from "../bookings.ts";

/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface BookingsAdminUseCases {
  bookings: BookingsAdmin;
  inquiries: InquiriesAdmin;
}

const tags: [string] = ["Staff: bookings and inquiries"];
const role = "admin" as const;
const bookingNotFound = [404, "Unknown or malformed booking id"] as [404, string];
const inquiryNotFound = [404, "Unknown or malformed inquiry id"] as [404, string];
const invalidQuery = [422, "A query value is not allowed: fieldErrors names it"] as [422, string];

const listBookings = route({
  method: "get", path: "/bookings", tags, "x-required-role": role, summary: "Bookings and quotes: search, filters, chips, pages",
  description: "Sorted by startTime or createdAt (ties by id), default startTime ascending. A QUOTE search with no status means QUOTE_REQUESTED. stats count every page of the filtered set but ignore its status and paymentStatus filters, so each chip shows what choosing it would list.",
  request: { query: bookingListQuerySchema },
  responses: { 200: json(bookingListSchema, "One page"), ...errors(invalidQuery) },
});
// Declared before /bookings/{id} so the export is never read as an id.
const exportBookings = route({
  method: "get", path: "/bookings.csv", tags, "x-required-role": role, summary: "Export the filtered bookings as CSV",
  description: "Every row the list's filters select, in the list's order, no paging. UTF-8 with a byte-order mark, CRLF lines; times in Melbourne local time (2026-11-28 09:00); cells starting with =, +, -, @, tab or CR get a leading ' so spreadsheets never run them.",
  request: { query: bookingExportQuerySchema },
  responses: {
    200: {
      description: "text/csv attachment",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="bookings-YYYY-MM-DD.csv"' } },
      content: { "text/csv": { schema: z.string().meta({ description: "The header line, then one line a record" }) } },
    },
    ...errors(invalidQuery),
  },
});
const getBooking = route({
  method: "get", path: "/bookings/{id}", tags, "x-required-role": role, summary: "One booking or quote, as the details view shows it",
  request: { params: IdParams },
  responses: { 200: json(bookingRecordSchema, "The record"), ...errors(bookingNotFound) },
});
const setStatus = route({
  method: "patch", path: "/bookings/{id}/status", tags, "x-required-role": role, summary: "Set a booking's status",
  description: "CONFIRMED, CANCELLED or DONE from any status (staff may correct mistakes); the same status again changes nothing and sends nothing. A booking moving from a status that holds no place (CANCELLED, NEEDS_ATTENTION) into one that does goes through the one reservation, in the transaction that writes the status, as a new booking does: its day open, the capacity rule, its cleaners free (in team mode, working); a superadmin may send overrideCapacity: true to skip the capacity rule (the audit row's after then carries overrideCapacity: true). DONE only once the job's start time has passed. CANCELLED stores reason (trimmed; none clears it) as cancelReason. The customer is e-mailed, in the same transaction, when a PENDING or CANCELLED booking is CONFIRMED (booking-confirmed, .ics METHOD:PUBLISH) and when a PENDING or CONFIRMED one is CANCELLED (booking-cancelled with the reason, .ics METHOD:CANCEL); each raises calendarSequence by 1 and carries a new manage-my-booking link. DONE, and changes from DONE, send nothing. Audited as booking.status (after carries the reason of a cancellation that gave one).",
  request: { params: IdParams, body: jsonBody(statusChangeSchema) },
  responses: {
    200: json(bookingRecordSchema, "The updated record"),
    ...errors(
      [403, "FORBIDDEN: overrideCapacity sent by an admin who is not a superadmin (or the role may not make this call)"],
      bookingNotFound,
      [409, "SLOT_UNAVAILABLE (the slot is full), CLEANER_BUSY / CLEANER_UNAVAILABLE (its cleaner is on another job, or in team mode not working, then), JOB_NOT_STARTED (DONE before the start time) or QUOTE_HAS_NO_STATUS"],
      [422, "INVALID_STATUS, or VALIDATION_FAILED when overrideCapacity is not a boolean or reason is not text of at most 500 characters, or when its day has been closed since (fieldErrors.startTimeISO: move it first)"],
    ),
  },
});
const confirmPayment = route({
  method: "patch", path: "/bookings/{id}/confirm-payment", tags, "x-required-role": role, summary: "Record a payment on an unpaid booking",
  description: "Records amountPaid as one payment of the booking's ledger (method OTHER unless method names CASH, CARD or BANK_TRANSFER; an optional note), as POST /bookings/{id}/payments does. totalPaid is then the sum of the payments not voided; the booking is PAID (with paidAt) only once that reaches firstServiceTotal, so A$200 against A$275 stays UNPAID. Refused once PAID. The check and the write hold the row, so of two simultaneous calls that each pay in full exactly one succeeds. Audited as booking.confirm_payment.",
  request: { params: IdParams, body: jsonBody(paymentSchema) },
  responses: {
    200: json(bookingRecordSchema, "The updated record"),
    ...errors(
      bookingNotFound,
      [409, "ALREADY_PAID or QUOTE_NOT_PAYABLE"],
      [422, "INVALID_AMOUNT: 'Invalid amount.' (not a number more than 0 with at most 2 decimals and at most A$100,000); VALIDATION_FAILED for method or note"],
    ),
  },
});
const listInquiries = route({
  method: "get", path: "/inquiries", tags, "x-required-role": role, summary: "Inquiries: search, filters, pages",
  description: "Newest first by default; archived ones only with includeArchived=true.",
  request: { query: inquiryListQuerySchema },
  responses: { 200: json(inquiryListSchema, "One page"), ...errors(invalidQuery) },
});
const getInquiry = route({
  method: "get", path: "/inquiries/{id}", tags, "x-required-role": role, summary: "One inquiry (archived ones too)",
  request: { params: IdParams },
  responses: { 200: json(adminInquirySchema, "The inquiry"), ...errors(inquiryNotFound) },
});
/** A change to one of the staff's fields of an inquiry. */
const inquiryChange = <S extends z.ZodType>(path: string, summary: string, description: string, body: S, invalid: string) =>
  route({
    method: "patch", path, tags, "x-required-role": role, summary, description,
    request: { params: IdParams, body: jsonBody(body) },
    responses: { 200: json(adminInquirySchema, "The inquiry"), ...errors(inquiryNotFound, [422, invalid]) },
  });
const setNotes = inquiryChange("/inquiries/{id}", "Save the admin notes", "Audited as inquiry.notes when they change.", inquiryNotesSchema, "Not text, or over 5,000 characters");
const setRead = inquiryChange("/inquiries/{id}/read", "Mark read or unread", "Audited as inquiry.read when it changes.", inquiryReadSchema, "read is not a boolean");
const setHasAddress = inquiryChange("/inquiries/{id}/has-address", "Tick or untick Checked", "Audited as inquiry.has_address when it changes.", inquiryHasAddressSchema, "hasAddress is not a boolean");
const archiveInquiry = route({
  method: "delete", path: "/inquiries/{id}", tags, "x-required-role": role, summary: "Archive an inquiry",
  description: "Sets archivedAt; archiving again keeps the first date and writes nothing. Audited as inquiry.archive.",
  request: { params: IdParams },
  responses: { 200: json(adminInquirySchema, "The archived inquiry"), ...errors(inquiryNotFound) },
});

const restoreInquiry = route({
  method: "post", path: "/inquiries/{id}/restore", tags, "x-required-role": role, summary: "Restore an archived inquiry",
  description: "Clears archivedAt, so the inquiry is back in the default list; restoring one that is not archived writes nothing. Audited as inquiry.restore.",
  request: { params: IdParams },
  responses: { 200: json(adminInquirySchema, "The restored inquiry"), ...errors(inquiryNotFound) },
});

/** The value as JSON, or the error in the one shape. */
const answer = <T>(c: Context, result: Result<T>) => (result.ok ? c.json(result.value as object, 200) : failWith(c, result.error));
const presented = (c: Context, result: Result<BookingRecord>) => answer(c, result.ok ? { ok: true, value: presentRecord(result.value) } : result);

/** A bad status or amount keeps its own code and message, as the details view shows them. */
const invalidAs = (code: ErrorCode, message: string) => (result: { success: boolean; error?: z.ZodError }, c: Context) =>
  result.success ? undefined : failWith(c, { kind: "validation", code, message, fieldErrors: fieldErrorsOf(result.error?.issues ?? []) });

/** The status change's fields other than status: each bad one is named with its own message. */
const STATUS_CHANGE_EXTRAS: readonly PropertyKey[] = ["overrideCapacity", "reason"];

/** A bad status keeps its own code and message; a bad overrideCapacity or reason is named on its own. */
const invalidStatusChange = (result: { success: boolean; error?: z.ZodError }, c: Context) => {
  if (result.success) return undefined;
  const issues = result.error?.issues ?? [];
  const statusIsBad = issues.length === 0 || issues.some((issue) => !STATUS_CHANGE_EXTRAS.includes(issue.path[0]));
  return failWith(c, {
    kind: "validation",
    code: statusIsBad ? "INVALID_STATUS" : "VALIDATION_FAILED",
    message: statusIsBad ? STATUS_MESSAGES.invalidStatus : issues[0].message,
    fieldErrors: fieldErrorsOf(issues),
  });
};

/** The staff calls of this group, mounted under /api/admin behind requireAdmin. */
export function bookingsAdminRoutes({ bookings, inquiries }: BookingsAdminUseCases) {
  return routeGroup()
    .openapi(listBookings, async (c) => {
      const page = await bookings.list(c.req.valid("query"));
      return c.json({ ...page, items: page.items.map(presentRecord) }, 200);
    })
    .openapi(exportBookings, async (c) => {
      const { fileName, csv } = await bookings.exportCsv(c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        // Customers' personal data: no copies in browser or proxy caches.
        "Cache-Control": "no-store",
      });
    })
    .openapi(getBooking, async (c) => presented(c, await bookings.get(c.req.valid("param").id)))
    .openapi(
      setStatus,
      async (c) => presented(c, await bookings.setStatus(c.get("admin"), c.req.valid("param").id, c.req.valid("json"))),
      invalidStatusChange,
    )
    .openapi(
      confirmPayment,
      async (c) => presented(c, await bookings.confirmPayment(c.get("admin"), c.req.valid("param").id, c.req.valid("json"))),
      (result, c) => {
        if (result.success) return undefined;
        // A bad amount keeps the spec's code and text; a bad method or note alone is named as any field.
        const amountIsBad = result.error.issues.some((issue) => issue.path[0] === "amountPaid");
        return amountIsBad
          ? invalidAs("INVALID_AMOUNT", STATUS_MESSAGES.invalidAmount)(result, c)
          : failWith(c, validationError(fieldErrorsOf(result.error.issues)));
      },
    )
    .openapi(listInquiries, async (c) => c.json(await inquiries.list(c.req.valid("query")), 200))
    .openapi(getInquiry, async (c) => answer(c, await inquiries.get(c.req.valid("param").id)))
    .openapi(setNotes, async (c) => answer(c, await inquiries.setNotes(c.get("admin"), c.req.valid("param").id, c.req.valid("json").adminNotes)))
    .openapi(setRead, async (c) => answer(c, await inquiries.setRead(c.get("admin"), c.req.valid("param").id, c.req.valid("json").read)))
    .openapi(setHasAddress, async (c) => answer(c, await inquiries.setHasAddress(c.get("admin"), c.req.valid("param").id, c.req.valid("json").hasAddress)))
    .openapi(archiveInquiry, async (c) => answer(c, await inquiries.archive(c.get("admin"), c.req.valid("param").id)))
    .openapi(restoreInquiry, async (c) => answer(c, await inquiries.restore(c.get("admin"), c.req.valid("param").id)));
}
