/**
 * Customer records at the API boundary (issue 17): what the server sends about a customer, and
 * what staff may send (lasting notes, tags, a merge). The rules and their messages are in
 * rules.ts; the API validates with these schemas and the Customers screen checks with them.
 */
import { z } from "zod";
import { pageFields } from "../shared/list-query.ts";
import { searchParam, searchTerms, type SearchTerms } from "../shared/list-query.ts";
import { addressSchema } from "../shared/contact.ts";
import { moneySchema as money } from "../shared/money-schema.ts";
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, readTags } from "./rules.ts";

const L = CUSTOMER_LIMITS;
const M = CUSTOMER_MESSAGES;

const instant = (description: string) => z.string().meta({ format: "date-time", description });

// ------------------------------------------------------------ what the server sends

export const customerSummarySchema = z.object({
  _id: z.string(),
  firstName: z.string().meta({ description: "As on the customer's latest booking, quote or inquiry", examples: ["Ada"] }),
  lastName: z.string().meta({ examples: ["Lovelace"] }),
  email: z.string().meta({ description: "The address the record is matched by (case and spaces aside)", examples: ["ada@example.com"] }),
  phone: z.string().meta({ description: "Digits (0412345678) when an Australian number; empty when not known", examples: ["0412345678"] }),
  suburbs: z.array(z.string()).meta({ description: "Suburbs of the customer's bookings and inquiries, most recent first" }),
  tags: z.array(z.string()).meta({ examples: [["VIP", "Dog"]] }),
  bookingsCount: z.number().int().meta({ description: "Bookings (not quotes) that are not cancelled" }),
  lifetimePaid: money.meta({ description: "Every payment of the ledger (not voided) on any of the customer's bookings" }),
  nextVisit: instant("Start of the next PENDING, CONFIRMED or DONE booking from now on").nullable(),
  lastVisit: instant("Start of the latest PENDING, CONFIRMED or DONE booking before now").nullable(),
  createdAt: instant("When the business first heard from the customer"),
}).meta({ id: "CustomerSummary" });

export const customerListSchema = z.object({ items: z.array(customerSummarySchema), ...pageFields })
  .meta({ id: "CustomerList" });

export const customerBookingSchema = z.object({
  _id: z.string(),
  reference: z.string().meta({ examples: ["YS-7K3F9Q"] }),
  type: z.enum(["BOOKING", "QUOTE"]),
  status: z.enum(["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION", "QUOTE_REQUESTED"]),
  paymentStatus: z.enum(["UNPAID", "PAID"]),
  startTime: instant("The visit's start (a quote's preferred one)"),
  serviceName: z.string().meta({ description: "The service's name at booking time" }),
  firstServiceTotal: money,
  paidToDate: money.meta({ description: "The ledger's payments on this booking, voided ones aside" }),
  seriesId: z.string().nullable().meta({ description: "The series of regular visits it belongs to; null for a one-off" }),
}).meta({ id: "CustomerBooking" });

export const customerInquirySchema = z.object({
  _id: z.string(),
  inquiryType: z.string().meta({ examples: ["OFFICE"] }),
  createdAt: instant("When it was sent"),
  message: z.string(),
  archived: z.boolean(),
}).meta({ id: "CustomerInquiry" });

export const customerSeriesSchema = z.object({
  _id: z.string(),
  status: z.enum(["ACTIVE", "PAUSED", "ENDED"]),
  frequencyName: z.string().meta({ examples: ["Weekly"] }),
  startTime: z.string().meta({ description: "Melbourne wall-clock start, HH:MM", examples: ["09:00"] }),
  weekday: z.number().int().min(0).max(6).meta({ description: "Day of the week of the series' anchor date, Sunday 0" }),
}).meta({ id: "CustomerSeries" });

export const customerDuplicateSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
}).meta({ id: "CustomerDuplicate" });

export const customerTotalsSchema = z.object({
  booked: money.meta({ description: "firstServiceTotal of every booking (not quote) that is not cancelled" }),
  paid: money.meta({ description: "The ledger's payments on any of the customer's bookings (equals lifetimePaid)" }),
  balance: z.number().meta({ description: "booked - paid: still owed, negative when the customer is in credit" }),
}).meta({ id: "CustomerTotals" });

export const customerDetailSchema = customerSummarySchema.extend({
  notes: z.string().meta({ description: "Lasting notes staff keep (gate codes, pets, parking); printed on run sheets" }),
  mergedInto: z.string().nullable().meta({
    description: "Set when staff merged this record into another: open that one (this one keeps no bookings of its own)",
  }),
  addresses: z.array(addressSchema).meta({ description: "Every address the customer's bookings used, once each, latest first" }),
  bookings: z.array(customerBookingSchema).meta({ description: "Every booking and quote, latest start first" }),
  inquiries: z.array(customerInquirySchema).meta({ description: "Every inquiry, newest first (archived ones too)" }),
  series: z.array(customerSeriesSchema).meta({ description: "The customer's series of regular visits, oldest first" }),
  totals: customerTotalsSchema,
  possibleDuplicates: z.array(customerDuplicateSchema).meta({
    description: "Other records (not merged) with the same phone number, digits compared: candidates to merge",
  }),
}).meta({ id: "CustomerDetail" });

// ------------------------------------------------------------ what staff send

/** Lasting notes: any text up to the limit; the ends trimmed. */
const notes = z.string({ error: M.notes }).trim().max(L.notes, M.notesTooLong)
  .meta({ description: `At most ${L.notes} characters; ends trimmed; "" clears`, examples: ["Gate code 4821. Friendly dog (Max)."] });

/** Tags: every problem reported under `tags` itself, so the form shows them by the one field. */
const tags = z.unknown().transform((raw, ctx) => {
  const read = readTags(raw);
  if (read.ok) return read.tags;
  for (const message of read.messages) ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}).meta({
  type: "array",
  items: { type: "string", minLength: 1, maxLength: L.tagLength },
  maxItems: L.tags,
  description: `At most ${L.tags}, each 1 to ${L.tagLength} characters; trimmed, and those differing only in case kept once (the first spelling)`,
  examples: [["VIP", "Dog"]],
});

export const customerPatchSchema = z.object({
  notes: notes.optional(),
  tags: tags.optional(),
}).meta({ id: "CustomerPatch", description: "Only the fields sent change" });

export type CustomerPatch = z.output<typeof customerPatchSchema>;

export const customerMergeSchema = z.object({
  otherId: z.string({ error: M.otherId }).trim().min(1, M.otherId)
    .meta({ description: "The record merged into this one: its bookings, quotes, inquiries and series move here" }),
}).meta({ id: "CustomerMerge" });

export type CustomerMerge = z.output<typeof customerMergeSchema>;

// ------------------------------------------------------------ the list's query

export const CUSTOMER_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

const whole = (name: string) =>
  z.coerce.number({ error: `${name} must be a number.` }).int(`${name} must be a whole number.`).min(1, `${name} must be at least 1.`);

export interface CustomerFilter {
  /** Name, e-mail, phone digits, suburb, reference of any of the customer's bookings. */
  search: SearchTerms | null;
  /** One tag, any letter case. */
  tag: string | null;
}

export interface CustomerListQuery {
  filter: CustomerFilter;
  limit: number;
  page: number;
}

const filterParams = {
  q: searchParam(
    "Case-insensitive: first, last or full name, e-mail (also of records merged into this one), phone digits however typed, " +
      "suburb of any booking or inquiry, reference of any booking or quote (YS-7K3F9Q, however typed)",
  ),
  tag: z.string({ error: M.tagLength }).trim().max(L.tagLength, M.tagLength).optional()
    .meta({ description: "Only customers with this tag (any letter case)" }),
};

const toFilter = (input: { q?: string; tag?: string }): CustomerFilter => ({
  search: searchTerms(input.q),
  tag: input.tag ? input.tag.replace(/\s+/g, " ") : null,
});

export const customerListQuerySchema = z.object({
  ...filterParams,
  limit: whole("limit").max(CUSTOMER_LIST_LIMITS.maxLimit, `limit must be at most ${CUSTOMER_LIST_LIMITS.maxLimit}.`).optional()
    .meta({ description: `Page size, default ${CUSTOMER_LIST_LIMITS.defaultLimit}, at most ${CUSTOMER_LIST_LIMITS.maxLimit}` }),
  page: whole("page").max(CUSTOMER_LIST_LIMITS.maxPage, `page must be at most ${CUSTOMER_LIST_LIMITS.maxPage}.`).optional()
    .meta({ description: "1-based page number, default 1" }),
}).transform((input): CustomerListQuery => ({
  filter: toFilter(input),
  limit: input.limit ?? CUSTOMER_LIST_LIMITS.defaultLimit,
  page: input.page ?? 1,
}));

/** The export takes the list's filters, never its paging. */
export const customerExportQuerySchema = z.object(filterParams).transform(toFilter);
