/**
 * Manage my booking (issue 15): the wire shapes of the customer's link, with which the API
 * validates and documents its calls; the page takes their types (the words are in manage-policy.ts).
 */
import { z } from "zod";
import { isYmd } from "../../shared/melbourne-time.ts";
import { ymdText } from "../../shared/ymd-schema.ts";
import { DRAFT_MESSAGES, instantText } from "../draft/validation.ts";
import { addressSchema } from "../../shared/contact.ts";
import { AVAILABILITY_MAX_DAYS, AVAILABILITY_MESSAGES, totalsSchema } from "../schemas.ts";
import { MANAGE_LIMITS, MANAGE_MESSAGES } from "./policy.ts";
import { pricedQuoteSchema } from "../quotes/priced-quote.ts";

const instant = z.string().meta({ format: "date-time" });

/** The Melbourne dates a new start may fall on. */
const moveRangeSchema = z.object({
  todayYmd: z.string(),
  earliestYmd: z.string(),
  latestYmd: z.string(),
});

/** A coming visit of the regular clean (issue 28), judged by the booking's own cut-off policy. */
const manageVisitSchema = z.object({
  bookingId: z.string().meta({ description: "The visit's booking _id: the {bookingId} of /api/manage/{token}/visits/{bookingId}/…" }),
  reference: z.string().meta({ example: "YS-7K3F9Q" }),
  startTime: instant,
  endTime: instant,
  durationMinutes: z.number().int().meta({ description: "The visit's length (end − start): a move keeps it" }),
  status: z.enum(["PENDING", "CONFIRMED", "NEEDS_ATTENTION"]),
  canChange: z.boolean().meta({ description: "true: the customer may skip or move this visit here, free of charge, until changeUntil" }),
  changeUntil: instant.nullable().meta({ description: "When free changes of this visit end; null for a visit the office is finding a time for" }),
}).meta({ id: "ManagedVisit" });

/** GET /api/manage/{token}: what the customer sees, and what they may do until when. */
export const manageViewSchema = totalsSchema.extend({
  reference: z.string().meta({ example: "YS-7K3F9Q" }),
  type: z.enum(["BOOKING", "QUOTE"]),
  status: z.enum(["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION", "QUOTE_REQUESTED"]),
  firstName: z.string(),
  serviceName: z.string(),
  pricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]),
  hours: z.number().nullable(),
  bedrooms: z.number().nullable(),
  frequencyCode: z.string().meta({ description: "ONE_TIME: no later services" }),
  frequencyName: z.string(),
  extras: z.array(z.object({ title: z.string(), quantity: z.number(), price: z.number() })),
  address: addressSchema,
  startTime: instant,
  endTime: instant,
  durationMinutes: z.number().int().meta({ description: "The job's length (end − start): a move keeps it" }),
  cancelReason: z.string(),
  canChange: z.boolean().meta({ description: "true: the customer may move or cancel it here, free of charge, until changeUntil" }),
  changeUntil: instant.nullable().meta({ description: "When free changes end (the start minus the cut-off); null for quotes, cancelled and done bookings" }),
  policy: z.object({
    freeChangeCutoffHours: z.number(),
    lateChangeFeePercent: z.number(),
    phone: z.string().meta({ description: "Whom to call for a change inside the cut-off" }),
  }),
  reschedule: moveRangeSchema.nullable().meta({ description: "While canChange: the Melbourne dates a new start may fall on" }),
  series: z.object({
    frequencyName: z.string().meta({ example: "Weekly" }),
    status: z.enum(["ACTIVE", "PAUSED", "ENDED"]),
    nextVisits: z.array(instant).meta({ description: "The starts of the next (at most 3) visits after this one that hold a place" }),
    visits: z.array(manageVisitSchema).meta({
      description: "Every coming visit of the regular clean (this one included while it stands), by start; each may be skipped " +
        "or moved through this link (/visits/{bookingId}/skip, /reschedule) while its canChange is true",
    }),
    reschedule: moveRangeSchema.nullable().meta({ description: "While some visit may change: the Melbourne dates its new start may fall on" }),
  }).nullable().meta({
    description: "The regular clean this visit belongs to (while canChange it may be skipped, or the series cancelled from it on); null for a one-off",
  }),
  pricedQuote: pricedQuoteSchema.nullable().meta({
    description: "Issue 30: the office's price for this quote (accept with POST /api/manage/{token}/accept, decline with …/decline); " +
      "null for bookings and unpriced quotes",
  }),
}).meta({ id: "ManagedBooking" });

const reasonText = z.string({ error: MANAGE_MESSAGES.reasonNotText }).trim()
  .max(MANAGE_LIMITS.reason, { error: MANAGE_MESSAGES.reasonTooLong });

/** POST /api/manage/{token}/cancel */
export const manageCancelSchema = z.object({
  reason: z.preprocess((value) => value ?? undefined, reasonText.optional())
    .meta({ description: `Why, optional, at most ${MANAGE_LIMITS.reason} characters` }),
}).meta({ id: "ManageCancel" });

/** POST /api/manage/{token}/cancel-series */
export const manageCancelSeriesSchema = z.object({
  reason: z.preprocess((value) => value ?? undefined, reasonText.optional())
    .meta({ description: `Why, optional, at most ${MANAGE_LIMITS.reason} characters; every cancelled visit keeps it` }),
}).meta({ id: "ManageCancelSeries" });

/** POST /api/manage/{token}/reschedule */
export const manageRescheduleSchema = z.object({
  startTimeISO: instantText(DRAFT_MESSAGES.startTimeRequired).meta({
    description: "The new start, ISO 8601 with offset, under the rules of a new booking for the same job length",
    examples: ["2026-12-01T09:00:00+11:00"],
  }),
}).meta({ id: "ManageReschedule" });

/** GET /api/manage/{token}/availability: the calendar of free starts for this booking's job. */
export const manageAvailabilityQuerySchema = z.object({
  from: ymdText(z.string({ error: AVAILABILITY_MESSAGES.date })).meta({ description: "First Melbourne date, YYYY-MM-DD" }),
  to: ymdText(z.string({ error: AVAILABILITY_MESSAGES.date }))
    .meta({ description: `Last Melbourne date, inclusive; at most ${AVAILABILITY_MAX_DAYS} days from \`from\`` }),
}).superRefine((query, ctx) => {
  // A date that failed its own rule has its message already.
  if (typeof query.from !== "string" || typeof query.to !== "string" || !isYmd(query.from) || !isYmd(query.to)) return;
  const span = Math.round((Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000);
  if (span < 0) ctx.addIssue({ code: "custom", path: ["to"], message: AVAILABILITY_MESSAGES.order });
  else if (span >= AVAILABILITY_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: AVAILABILITY_MESSAGES.span });
}).meta({ id: "ManageAvailabilityQuery" });

export type ManageViewDto = z.output<typeof manageViewSchema>;
export type ManageVisitDto = z.output<typeof manageVisitSchema>;
export type ManageCancelInput = z.output<typeof manageCancelSchema>;
export type ManageCancelSeriesInput = z.output<typeof manageCancelSeriesSchema>;
export type ManageRescheduleInput = z.output<typeof manageRescheduleSchema>;
export type ManageAvailabilityQuery = z.output<typeof manageAvailabilityQuerySchema>;
