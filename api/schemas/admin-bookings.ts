/** Schemas of the staff bookings and inquiries calls: the routes validate queries with them; the OpenAPI document shows them all. */
import { z } from "zod";
import { ADMIN_LIST_LIMITS, BOOKING_SORT_FIELDS, SORT_ORDERS } from "../../core/booking/admin-query.ts";
import { BOOKING_STATUSES, PAYMENT_STATUSES, RECORD_TYPES, SETTABLE_STATUSES } from "../../core/booking/types.ts";
import { INQUIRY_TYPE_ALIASES, INQUIRY_TYPES, type InquiryType } from "../../core/inquiry/types.ts";
import { parseIsoInstant } from "../../core/shared/iso-instant.ts";
import { bookingRecordSchema } from "../../core/booking/schemas.ts";
import { inquiryRecordSchema } from "../../core/inquiry/schemas.ts";

const INSTANT_MESSAGE = "Use an ISO 8601 date-time with a zone, e.g. 2026-11-28T00:00:00+11:00.";

const instant = (description: string) =>
  z.string().meta({ description, format: "date-time" }).transform((text, ctx) => {
    const date = parseIsoInstant(text);
    if (date) return date;
    ctx.issues.push({ code: "custom", message: INSTANT_MESSAGE, input: text });
    return z.NEVER;
  });

const flag = (description: string) =>
  z.enum(["true", "false"], { error: "Use true or false." }).meta({ description })
    .transform((value) => value === "true");

const paging = {
  limit: z.coerce.number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(ADMIN_LIST_LIMITS.maxLimit, `limit must be at most ${ADMIN_LIST_LIMITS.maxLimit}.`)
    .optional()
    .meta({ description: `Page size, default ${ADMIN_LIST_LIMITS.defaultLimit}, at most ${ADMIN_LIST_LIMITS.maxLimit}` }),
  page: z.coerce.number({ error: "page must be a number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .optional()
    .meta({ description: "1-based page number, default 1" }),
  order: z.enum(SORT_ORDERS, { error: "order must be asc or desc." }).optional(),
};

/** From must come before to, when both are given. */
const rangeInOrder = (from: string, to: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const [start, end] = [value[from], value[to]];
  if (start instanceof Date && end instanceof Date && end <= start) {
    ctx.addIssue({ code: "custom", path: [to], message: `${to} must be after ${from}.` });
  }
};

export const RECORD_STATUS_VALUES = [...BOOKING_STATUSES, "QUOTE_REQUESTED"] as const;

const bookingFilterShape = {
  q: z.string().max(200, "Search at most 200 characters.").optional()
    .meta({ description: "Case-insensitive: first, last or full name, e-mail, suburb, phone digits, id prefix" }),
  type: z.enum(RECORD_TYPES, { error: "type must be BOOKING or QUOTE." }).optional(),
  status: z.enum(RECORD_STATUS_VALUES, { error: `status must be one of ${RECORD_STATUS_VALUES.join(", ")}.` }).optional()
    .meta({ description: "With type QUOTE and no status, QUOTE_REQUESTED" }),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: "paymentStatus must be UNPAID or PAID." }).optional(),
  startFrom: instant("Start time from (inclusive)").optional(),
  startTo: instant("Start time before (exclusive)").optional(),
  sort: z.enum(BOOKING_SORT_FIELDS, { error: "sort must be startTime or createdAt." }).optional()
    .meta({ description: "Default startTime" }),
  order: paging.order,
};

export const bookingListQuerySchema = z.object({ ...bookingFilterShape, ...paging })
  .superRefine(rangeInOrder("startFrom", "startTo"));

/** The export takes the list's filters and order, never its paging. */
export const bookingExportQuerySchema = z.object(bookingFilterShape)
  .superRefine(rangeInOrder("startFrom", "startTo"));

const inquiryTypeFilter = z.enum([...INQUIRY_TYPES, ...Object.keys(INQUIRY_TYPE_ALIASES)] as [InquiryType, ...string[]], {
  error: `inquiryType must be one of ${INQUIRY_TYPES.join(", ")} (or INDUSTRIAL).`,
}).transform((type): InquiryType => INQUIRY_TYPE_ALIASES[type] ?? type as InquiryType)
  .meta({ description: "INDUSTRIAL is an alias of INDUSTRIAL_WAREHOUSE" });

export const inquiryListQuerySchema = z.object({
  q: z.string().max(200, "Search at most 200 characters.").optional()
    .meta({ description: "Case-insensitive: names, e-mail, phone digits, suburb, message" }),
  inquiryType: inquiryTypeFilter.optional(),
  includeArchived: flag("Default false: archived inquiries are hidden").optional(),
  read: flag("Only read (true) or unread (false) ones").optional(),
  hasAddress: flag("Only checked (true) or unchecked (false) ones").optional(),
  createdFrom: instant("Created from (inclusive)").optional(),
  createdTo: instant("Created before (exclusive)").optional(),
  sort: z.enum(["createdAt"], { error: "sort must be createdAt." }).optional(),
  ...paging,
}).superRefine(rangeInOrder("createdFrom", "createdTo"));

export const bookingStatsSchema = z.object({
  status: z.object(Object.fromEntries(RECORD_STATUS_VALUES.map((s) => [s, z.number().int()]))),
  payment: z.object(Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, z.number().int()]))),
}).meta({
  id: "BookingStats",
  description: "Counted over every page of the list, ignoring its status and paymentStatus filters (q, type and the time window apply)",
});

const pageFields = {
  page: z.number().int(),
  totalPages: z.number().int().meta({ description: "At least 1" }),
  totalItems: z.number().int(),
};

export const bookingListSchema = z.object({ items: z.array(bookingRecordSchema), stats: bookingStatsSchema, ...pageFields })
  .meta({ id: "AdminBookingList" });

export const adminInquirySchema = inquiryRecordSchema.extend({
  read: z.boolean(),
  hasAddress: z.boolean().meta({ description: "Shown as Checked" }),
  archivedAt: z.string().nullable().meta({ format: "date-time" }),
  adminNotes: z.string(),
}).meta({ id: "AdminInquiry" });

export const inquiryListSchema = z.object({ items: z.array(adminInquirySchema), ...pageFields })
  .meta({ id: "AdminInquiryList" });

export const bookingStatusBodySchema = z.object({ status: z.enum(SETTABLE_STATUSES) })
  .meta({ id: "BookingStatusChange" });
export const confirmPaymentBodySchema = z.object({
  amountPaid: z.union([z.number().min(0), z.string()]).meta({
    description: "A$ paid, 0 or more; a numeric string (as a prompt returns) is accepted; rounded to cents",
  }),
}).meta({ id: "ConfirmPayment" });
export const inquiryNotesBodySchema = z.object({
  adminNotes: z.string().max(5000).nullable().meta({ description: "Up to 5,000 characters; ends trimmed; null clears" }),
}).meta({ id: "InquiryNotes" });
export const inquiryReadBodySchema = z.object({ read: z.boolean() }).meta({ id: "InquiryRead" });
export const inquiryHasAddressBodySchema = z.object({ hasAddress: z.boolean() }).meta({ id: "InquiryHasAddress" });
