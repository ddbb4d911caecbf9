import type { Context } from "hono";
import { z } from "zod";
import { bookingExportQuerySchema, bookingListQuerySchema } from "../../../core/booking/staff/list-query.ts";
import { bookingListSchema, paymentSchema, statusChangeSchema } from "../../../core/booking/staff/list-schemas.ts";
import {
  type BookingsAdmin,
  CONFIRM_PAYMENT_ERRORS,
  GET_BOOKING_ERRORS,
  SET_STATUS_ERRORS,
} from "../../../core/workflows/bookings-admin.ts";
import { bookingRecordSchema } from "../../../core/booking/schemas.ts";
import { INVALID_STATUS } from "../../../core/booking/status.ts";
import { INVALID_AMOUNT } from "../../../core/booking/payments/ledger.ts";
import { inquiryListQuerySchema } from "../../../core/inquiry/admin-query.ts";
import { adminInquirySchema, inquiryHasAddressSchema, inquiryListSchema, inquiryNotesSchema, inquiryReadSchema } from "../../../core/inquiry/admin-schemas.ts";
import { INQUIRY_ERRORS, type InquiriesAdmin } from "../../../core/inquiry/admin-use-cases.ts";
import { fieldErrorsOf } from "../../../core/shared/parse-input.ts";
import { VALIDATION_FAILED, validationError } from "../../../core/shared/result.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";
import { presentRecord } from "../bookings.ts";

/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface BookingsAdminUseCases {
  bookings: BookingsAdmin;
  inquiries: InquiriesAdmin;
}

const tags: [string] = ["Staff: bookings and inquiries"];
const role = "admin" as const;

const listBookings = route({
  method: "get", path: "/bookings", tags, "x-required-role": role, summary: "Bookings and quotes: search, filters, chips, pages",
  description: "Sorted by startTime or createdAt (ties by id), default startTime ascending. A QUOTE search with no status means QUOTE_REQUESTED. stats count every page of the filtered set but ignore its status and paymentStatus filters, so each chip shows what choosing it would list.",
  request: { query: bookingListQuerySchema },
  responses: { 200: json(bookingListSchema, "One page") },
});
// Declared before /bookings/{id} so the export is never read as an id.
const exportBookings = route({
  method: "get", path: "/bookings.csv", tags, "x-required-role": role, summary: "Export the filtered bookings as CSV",
  description: "Every row the list's filters select, in the list's order, no paging. ids (comma-separated booking _ids, at most 200) narrows it to the bookings ticked on the list (issue 34); ids that name nothing are left out, and a malformed or longer list is a 422 on ids. UTF-8 with a byte-order mark, CRLF lines; times in Melbourne local time (2026-11-28 09:00); cells starting with =, +, -, @, tab or CR get a leading ' so spreadsheets never run them.",
  request: { query: bookingExportQuerySchema },
  responses: {
    200: {
      description: "text/csv attachment",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="bookings-YYYY-MM-DD.csv"' } },
      content: { "text/csv": { schema: z.string().meta({ description: "The header line, then one line a record" }) } },
    },
  },
});
const getBooking = route({
  method: "get", path: "/bookings/{id}", tags, "x-required-role": role, summary: "One booking or quote, as the details view shows it",
  request: { params: IdParams },
  errors: GET_BOOKING_ERRORS,
  responses: { 200: json(bookingRecordSchema, "The record") },
});
const setStatus = route({
  method: "patch", path: "/bookings/{id}/status", tags, "x-required-role": role, summary: "Set a booking's status",
  description: "CONFIRMED, CANCELLED or DONE from any status (staff may correct mistakes); the same status again changes nothing and sends nothing. A booking moving from a status that holds no place (CANCELLED, NEEDS_ATTENTION) into one that does goes through the one reservation, in the transaction that writes the status, as a new booking does: its day open, the capacity rule, its cleaners free (in team mode, working); a superadmin may send overrideCapacity: true to skip the capacity rule (the audit row's after then carries overrideCapacity: true). DONE only once the job's start time has passed. CANCELLED stores reason (trimmed; none clears it) as cancelReason. The customer is e-mailed, in the same transaction, when a PENDING or CANCELLED booking is CONFIRMED (booking-confirmed, .ics METHOD:PUBLISH) and when a PENDING or CONFIRMED one is CANCELLED (booking-cancelled with the reason, .ics METHOD:CANCEL); each raises calendarSequence by 1 and carries a new manage-my-booking link. DONE, and changes from DONE, send nothing. Audited as booking.status (after carries the reason of a cancellation that gave one). " +
    "overrideCapacity from an admin who is not a superadmin is a 403 FORBIDDEN; a booking taking its place back on a day closed since, a 422 VALIDATION_FAILED on startTimeISO (move it first).",
  request: { params: IdParams, body: jsonBody(statusChangeSchema) },
  errors: SET_STATUS_ERRORS,
  responses: { 200: json(bookingRecordSchema, "The updated record") },
});
const confirmPayment = route({
  method: "patch", path: "/bookings/{id}/confirm-payment", tags, "x-required-role": role, summary: "Record a payment on an unpaid booking",
  description: "Records amountPaid as one payment of the booking's ledger (method OTHER unless method names CASH, CARD or BANK_TRANSFER; an optional note), as POST /bookings/{id}/payments does. totalPaid is then the sum of the payments not voided; the booking is PAID (with paidAt) only once that reaches firstServiceTotal, so A$200 against A$275 stays UNPAID. Refused once PAID. The check and the write hold the row, so of two simultaneous calls that each pay in full exactly one succeeds. Audited as booking.confirm_payment. " +
    "A bad amountPaid (not a number more than 0 with at most 2 decimals and at most A$100,000) is a 422 INVALID_AMOUNT; a bad method or note, VALIDATION_FAILED.",
  request: { params: IdParams, body: jsonBody(paymentSchema) },
  errors: CONFIRM_PAYMENT_ERRORS,
  responses: { 200: json(bookingRecordSchema, "The updated record") },
});
const listInquiries = route({
  method: "get", path: "/inquiries", tags, "x-required-role": role, summary: "Inquiries: search, filters, pages",
  description: "Newest first by default; archived ones only with includeArchived=true.",
  request: { query: inquiryListQuerySchema },
  responses: { 200: json(inquiryListSchema, "One page") },
});
const getInquiry = route({
  method: "get", path: "/inquiries/{id}", tags, "x-required-role": role, summary: "One inquiry (archived ones too)",
  request: { params: IdParams },
  errors: INQUIRY_ERRORS,
  responses: { 200: json(adminInquirySchema, "The inquiry") },
});
/** A change to one of the staff's fields of an inquiry (a bad value is the validator's 422, by its schema). */
const inquiryChange = <S extends z.ZodType>(path: string, summary: string, description: string, body: S) =>
  route({
    method: "patch", path, tags, "x-required-role": role, summary, description,
    request: { params: IdParams, body: jsonBody(body) },
    errors: INQUIRY_ERRORS,
    responses: { 200: json(adminInquirySchema, "The inquiry") },
  });
const setNotes = inquiryChange("/inquiries/{id}", "Save the admin notes", "Audited as inquiry.notes when they change.", inquiryNotesSchema);
const setRead = inquiryChange("/inquiries/{id}/read", "Mark read or unread", "Audited as inquiry.read when it changes.", inquiryReadSchema);
const setHasAddress = inquiryChange("/inquiries/{id}/has-address", "Tick or untick Checked", "Audited as inquiry.has_address when it changes.", inquiryHasAddressSchema);
const archiveInquiry = route({
  method: "delete", path: "/inquiries/{id}", tags, "x-required-role": role, summary: "Archive an inquiry",
  description: "Sets archivedAt; archiving again keeps the first date and writes nothing. Audited as inquiry.archive.",
  request: { params: IdParams },
  errors: INQUIRY_ERRORS,
  responses: { 200: json(adminInquirySchema, "The archived inquiry") },
});

const restoreInquiry = route({
  method: "post", path: "/inquiries/{id}/restore", tags, "x-required-role": role, summary: "Restore an archived inquiry",
  description: "Clears archivedAt, so the inquiry is back in the default list; restoring one that is not archived writes nothing. Audited as inquiry.restore.",
  request: { params: IdParams },
  errors: INQUIRY_ERRORS,
  responses: { 200: json(adminInquirySchema, "The restored inquiry") },
});

/** The status change's fields other than status: each bad one is named with its own message. */
const STATUS_CHANGE_EXTRAS: readonly PropertyKey[] = ["overrideCapacity", "reason"];

/** A bad status keeps its own code and message; a bad overrideCapacity or reason is named on its own. */
const invalidStatusChange = (result: { success: boolean; error?: z.ZodError }, c: Context) => {
  if (result.success) return undefined;
  const issues = result.error?.issues ?? [];
  const fieldErrors = fieldErrorsOf(issues);
  const statusIsBad = issues.length === 0 || issues.some((issue) => !STATUS_CHANGE_EXTRAS.includes(issue.path[0]));
  return failWith(setStatus, c, statusIsBad ? { ...INVALID_STATUS, fieldErrors } : { ...VALIDATION_FAILED, message: issues[0].message, fieldErrors });
};

/** A bad amount keeps the spec's code and text; a bad method or note alone is named as any field. */
const invalidConfirmPayment = (result: { success: boolean; error?: z.ZodError }, c: Context) => {
  if (result.success) return undefined;
  const issues = result.error?.issues ?? [];
  const fieldErrors = fieldErrorsOf(issues);
  const amountIsBad = issues.some((issue) => issue.path[0] === "amountPaid");
  return failWith(confirmPayment, c, amountIsBad ? { ...INVALID_AMOUNT, fieldErrors } : validationError(fieldErrors));
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
    .openapi(getBooking, async (c) => {
      const result = await bookings.get(c.req.valid("param").id);
      return result.ok ? c.json(presentRecord(result.value), 200) : failWith(getBooking, c, result.error);
    })
    .openapi(setStatus, async (c) => {
      const result = await bookings.setStatus(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return result.ok ? c.json(presentRecord(result.value), 200) : failWith(setStatus, c, result.error);
    }, invalidStatusChange)
    .openapi(confirmPayment, async (c) => {
      const result = await bookings.confirmPayment(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return result.ok ? c.json(presentRecord(result.value), 200) : failWith(confirmPayment, c, result.error);
    }, invalidConfirmPayment)
    .openapi(listInquiries, async (c) => c.json(await inquiries.list(c.req.valid("query")), 200))
    .openapi(getInquiry, async (c) => {
      return answerWith(getInquiry, c, await inquiries.get(c.req.valid("param").id), 200);
    })
    .openapi(setNotes, async (c) => {
      return answerWith(setNotes, c, await inquiries.setNotes(c.get("admin"), c.req.valid("param").id, c.req.valid("json").adminNotes), 200);
    })
    .openapi(setRead, async (c) => {
      return answerWith(setRead, c, await inquiries.setRead(c.get("admin"), c.req.valid("param").id, c.req.valid("json").read), 200);
    })
    .openapi(setHasAddress, async (c) => {
      return answerWith(setHasAddress, c, await inquiries.setHasAddress(c.get("admin"), c.req.valid("param").id, c.req.valid("json").hasAddress), 200);
    })
    .openapi(archiveInquiry, async (c) => {
      return answerWith(archiveInquiry, c, await inquiries.archive(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(restoreInquiry, async (c) => {
      return answerWith(restoreInquiry, c, await inquiries.restore(c.get("admin"), c.req.valid("param").id), 200);
    });
}
