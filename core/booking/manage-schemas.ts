/**
 * Manage my booking (issue 15): the wire shapes of the customer's link, with which the API
 * validates and documents its calls; the page takes their types (the words are in manage-policy.ts).
 */
import { z } from "zod";
import { isYmd } from "../shared/melbourne-time.ts";
import { ymdText } from "../shared/ymd-schema.ts";
import { addressSchema, DRAFT_MESSAGES, instantText } from "./draft-validation.ts";
import { AVAILABILITY_MAX_DAYS, AVAILABILITY_MESSAGES, totalsSchema } from "./schemas.ts";
import { MANAGE_LIMITS, MANAGE_MESSAGES } from "./manage-policy.ts";

const instant = z.string().meta({ format: "date-time" });

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
  reschedule: z.object({
    todayYmd: z.string(),
    earliestYmd: z.string(),
    latestYmd: z.string(),
  }).nullable().meta({ description: "While canChange: the Melbourne dates a new start may fall on" }),
  series: z.object({
    frequencyName: z.string().meta({ example: "Weekly" }),
    status: z.enum(["ACTIVE", "PAUSED", "ENDED"]),
    nextVisits: z.array(instant).meta({ description: "The starts of the next (at most 3) visits after this one that hold a place" }),
  }).nullable().meta({
    description: "The regular clean this visit belongs to (while canChange it may be skipped, or the series cancelled from it on); null for a one-off",
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
export type ManageCancelInput = z.output<typeof manageCancelSchema>;
export type ManageCancelSeriesInput = z.output<typeof manageCancelSeriesSchema>;
export type ManageRescheduleInput = z.output<typeof manageRescheduleSchema>;
export type ManageAvailabilityQuery = z.output<typeof manageAvailabilityQuerySchema>;
