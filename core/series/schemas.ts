/**
 * Series of regular visits at the API boundary (issue 17): what the server sends about a series
 * and its visits, and what staff may send (skip, move, change from a date, pause, resume, end).
 * The API validates with these schemas and the staff screens check with them.
 */
import { z } from "zod";
import { pageFields } from "../shared/list-query.ts";
import { CANCEL_REASON_MAX, CANCEL_REASON_MESSAGES } from "../booking/staff/list-schemas.ts";
import { searchParam, searchTerms, type SearchTerms } from "../shared/list-query.ts";
import { DRAFT_MESSAGES, instantText } from "../booking/draft/validation.ts";
import { addressSchema } from "../shared/contact.ts";
import { bookingDraftSchema } from "../booking/draft/validation.ts";
import { allowOutsideHoursSchema } from "../booking/staff/booking-schemas.ts";
import { STATUS_MESSAGES } from "../booking/status.ts";
import { moneySchema as money } from "../shared/money-schema.ts";
import { ymdText } from "../shared/ymd-schema.ts";
import { assignmentInputSchema } from "../cleaners/schemas.ts";
import { SERIES_MESSAGES } from "./rules.ts";
import { SERIES_STATUSES, type SeriesStatus } from "./types.ts";

const instant = (description: string) => z.string().meta({ format: "date-time", description });
const visitStatus = z.enum(["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION"]);

// ------------------------------------------------------------ what the server sends

export const seriesNextVisitSchema = z.object({
  bookingId: z.string(),
  reference: z.string().meta({ examples: ["YS-7K3F9Q"] }),
  startTime: instant("The visit's start"),
  status: visitStatus,
}).meta({ id: "SeriesNextVisit" });

export const seriesSummarySchema = z.object({
  _id: z.string(),
  status: z.enum(SERIES_STATUSES).meta({ description: "ACTIVE: visits are generated ahead; PAUSED: none until resumed; ENDED: for good" }),
  customerId: z.string().nullable(),
  customerName: z.string().meta({ examples: ["Ada Lovelace"] }),
  email: z.string().meta({ examples: ["ada@example.com"] }),
  phone: z.string().meta({ examples: ["0412345678"] }),
  suburb: z.string().meta({ examples: ["Fitzroy"] }),
  serviceName: z.string().meta({ examples: ["Regular Clean"] }),
  frequencyCode: z.string().meta({ examples: ["WEEKLY"] }),
  frequencyName: z.string().meta({ examples: ["Weekly"] }),
  repeatUnit: z.enum(["WEEK", "MONTH"]),
  repeatEvery: z.number().int().meta({ examples: [1] }),
  startTime: z.string().meta({ description: "Melbourne wall-clock start, HH:MM", examples: ["09:00"] }),
  weekday: z.number().int().min(0).max(6).meta({ description: "Day of the week of the anchor date, Sunday 0" }),
  durationMinutes: z.number().int().meta({ examples: [180] }),
  recurringTotal: money.meta({ description: "What each visit after the first costs", examples: [207.4] }),
  anchorDate: z.string().meta({ description: "First occurrence of the current terms, YYYY-MM-DD (Melbourne)", examples: ["2026-11-27"] }),
  endsOn: z.string().nullable().meta({ description: "ENDED: no visit from this date on" }),
  firstBookingId: z.string().meta({ description: "The booking that started the series" }),
  nextVisit: seriesNextVisitSchema.nullable().meta({ description: "The next visit from now that still stands (PENDING, CONFIRMED or NEEDS_ATTENTION)" }),
  needsAttention: z.number().int().meta({ description: "Visits that could not be placed (NEEDS_ATTENTION): move, confirm or skip them" }),
  cleanerIds: z.array(z.string()).meta({ description: "The regular cleaners (PUT /api/admin/series/{id}/cleaners), in order: each planned visit carries those free at its time" }),
  createdAt: instant("When the series started"),
}).meta({ id: "SeriesSummary" });

export const seriesListSchema = z.object({ items: z.array(seriesSummarySchema), ...pageFields }).meta({ id: "SeriesList" });

export const seriesVisitSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  seriesDate: z.string().nullable().meta({ description: "The occurrence the visit stands for (kept when moved); null for one replaced by a change" }),
  startTime: instant("Start"),
  endTime: instant("End"),
  status: visitStatus,
  paymentStatus: z.enum(["UNPAID", "PAID"]),
  total: money.meta({ description: "What the visit costs (its firstServiceTotal)" }),
  cancelReason: z.string(),
  cleanerIds: z.array(z.string()),
  missingCleanerIds: z.array(z.string()).meta({
    description: "A coming visit holding a place: the regular cleaners who are not on it (busy then, deactivated, or taken off): the office chooses someone",
  }),
}).meta({ id: "SeriesVisit" });

export const seriesDetailSchema = seriesSummarySchema.extend({
  hours: z.number().nullable(),
  bedrooms: z.number().nullable(),
  pricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]),
  extras: z.array(z.object({
    extraId: z.string(),
    titleAtBooking: z.string(),
    quantity: z.number().int(),
    priceAtBooking: money,
  })),
  address: addressSchema,
  notes: z.string(),
  horizonWeeks: z.number().int().meta({ description: "How many weeks ahead visits are generated (the scheduling setting)" }),
  visits: z.array(seriesVisitSchema).meta({ description: "Every visit, past and coming, by start" }),
}).meta({ id: "SeriesDetail" });

export type SeriesSummary = z.output<typeof seriesSummarySchema>;
export type SeriesDetail = z.output<typeof seriesDetailSchema>;
export type SeriesVisit = z.output<typeof seriesVisitSchema>;

// ------------------------------------------------------------ the list's query

export const SERIES_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

const whole = (name: string) =>
  z.coerce.number({ error: `${name} must be a number.` }).int(`${name} must be a whole number.`).min(1, `${name} must be at least 1.`);

export interface SeriesFilter {
  status: SeriesStatus | null;
  /** Name, e-mail, phone digits, suburb, reference of any visit. */
  search: SearchTerms | null;
}

export interface SeriesListQuery {
  filter: SeriesFilter;
  limit: number;
  page: number;
}

export const seriesListQuerySchema = z.object({
  status: z.enum(SERIES_STATUSES, { error: "status must be ACTIVE, PAUSED or ENDED." }).optional(),
  q: searchParam("Case-insensitive: the customer's name, e-mail, phone digits however typed, suburb, or the reference of any visit"),
  limit: whole("limit").max(SERIES_LIST_LIMITS.maxLimit, `limit must be at most ${SERIES_LIST_LIMITS.maxLimit}.`).optional()
    .meta({ description: `Page size, default ${SERIES_LIST_LIMITS.defaultLimit}, at most ${SERIES_LIST_LIMITS.maxLimit}` }),
  page: whole("page").max(SERIES_LIST_LIMITS.maxPage, `page must be at most ${SERIES_LIST_LIMITS.maxPage}.`).optional()
    .meta({ description: "1-based page number, default 1" }),
}).transform((input): SeriesListQuery => ({
  filter: { status: input.status ?? null, search: searchTerms(input.q) },
  limit: input.limit ?? SERIES_LIST_LIMITS.defaultLimit,
  page: input.page ?? 1,
}));

// ------------------------------------------------------------ what staff send

const reason = z.string({ error: CANCEL_REASON_MESSAGES.notText }).trim().max(CANCEL_REASON_MAX, { error: CANCEL_REASON_MESSAGES.tooLong });
const fromDate = (description: string) => ymdText().meta({ description, examples: ["2026-12-04"] });

export const seriesSkipSchema = z.object({
  reason: reason.optional().meta({ description: `Stored as the visit's cancelReason and told to the customer; default "Skipped"` }),
}).meta({ id: "SeriesSkip" });

export const seriesMoveSchema = z.object({
  startTimeISO: instantText(DRAFT_MESSAGES.startTimeRequired).meta({ examples: ["2026-12-05T10:00:00+11:00"] }),
  overrideCapacity: z.boolean({ error: STATUS_MESSAGES.invalidOverride }).optional()
    .meta({ description: "Superadmin only: take the place even when the capacity rule says the time is full (audited)" }),
  allowOutsideHours: allowOutsideHoursSchema,
}).meta({ id: "SeriesMove" });

const draft = bookingDraftSchema.shape;

export const seriesChangeSchema = z.object({
  fromDate: fromDate("The first visit of the new terms, today or later (Melbourne): its day becomes the series' day"),
  startTime: z.string({ error: SERIES_MESSAGES.startTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SERIES_MESSAGES.startTime).optional()
    .meta({ description: "Melbourne wall-clock start, HH:MM", examples: ["10:00"] }),
  frequencyCode: draft.frequencyCode.optional().meta({ description: "A frequency that repeats" }),
  hours: draft.hours.optional(),
  bedrooms: draft.bedrooms.optional(),
  extras: draft.extras.optional().meta({ description: "The add-ons from then on (replacing the series' own)" }),
  allowOutsideHours: allowOutsideHoursSchema,
}).meta({
  id: "SeriesChange",
  description: "fromDate and any of the others; those left out keep the series' own. The first visit of the new terms may start at " +
    "any quarter hour of the working day, or outside it with allowOutsideHours (audited).",
});

export const seriesPauseSchema = z.object({
  fromDate: fromDate("No visit from this date on (today or later; default today)").optional(),
}).meta({ id: "SeriesPause" });

export const seriesResumeSchema = z.object({
  fromDate: fromDate("Visits again from this date on (today or later; default today)").optional(),
}).meta({ id: "SeriesResume" });

export const seriesEndSchema = z.object({
  fromDate: fromDate("No visit from this date on (today or later)"),
  reason: reason.optional().meta({ description: `The cancelled visits' cancelReason; default "Regular clean ended"` }),
}).meta({ id: "SeriesEnd" });

/** The regular cleaners: the job assignment's shape (ids each once, at most 10, [] for none). */
export const seriesCleanersSchema = assignmentInputSchema.meta({ id: "SeriesCleaners" });
export type SeriesCleanersInput = z.output<typeof seriesCleanersSchema>;

export type SeriesSkipInput = z.output<typeof seriesSkipSchema>;
export type SeriesMoveInput = z.output<typeof seriesMoveSchema>;
export type SeriesChangeBody = z.output<typeof seriesChangeSchema>;
export type SeriesPauseInput = z.output<typeof seriesPauseSchema>;
export type SeriesResumeInput = z.output<typeof seriesResumeSchema>;
export type SeriesEndInput = z.output<typeof seriesEndSchema>;
