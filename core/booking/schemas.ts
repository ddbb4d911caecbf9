/** The wire shapes of availability checks and of stored bookings and quotes (the draft's is in draft-validation.ts). */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";
import { isYmd } from "../shared/melbourne-time.ts";
import { YMD_MESSAGE, ymdText } from "../shared/ymd-schema.ts";
import { addressSchema, DRAFT_MESSAGES, instantText } from "./draft-validation.ts";
import { DEFAULT_AVAILABILITY_HOURS } from "./scheduling.ts";

export const DURATION_MESSAGE = "Duration must be between 0.5 and 24 hours.";

const duration = z.number({ error: DURATION_MESSAGE }).min(0.5, { error: DURATION_MESSAGE })
  .max(24, { error: DURATION_MESSAGE });

export const availabilitySchema = z.object({
  startTimeISO: instantText(DRAFT_MESSAGES.pickDateAndSlot).meta({ examples: ["2026-12-01T09:00:00+11:00"] }),
  durationHours: duration.nullish().meta({ description: `Default ${DEFAULT_AVAILABILITY_HOURS}` }),
}).meta({ id: "AvailabilityCheck" });

export type AvailabilityCheck = z.output<typeof availabilitySchema>;

export const totalsSchema = z.object({
  baseAmount: money,
  extrasAmount: money,
  firstServiceTotal: money,
  recurringTotal: money,
  discountPercent: z.number(),
});

export const bookingRecordSchema = totalsSchema.extend({
  _id: z.string(),
  reference: z.string().meta({ description: "The short reference people read out, e.g. YS-7K3F9Q (no 0/O or 1/I)", example: "YS-7K3F9Q" }),
  type: z.enum(["BOOKING", "QUOTE"]),
  status: z.enum(["PENDING", "CONFIRMED", "CANCELLED", "DONE", "QUOTE_REQUESTED"]),
  paymentStatus: z.enum(["UNPAID", "PAID"]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: addressSchema,
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  serviceNameAtBooking: z.string(),
  pricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]),
  hours: z.number().nullable(),
  bedrooms: z.number().nullable(),
  frequencyCode: z.string(),
  frequencyNameAtBooking: z.string(),
  frequencyDiscountPercent: z.number(),
  startTime: z.string().meta({ format: "date-time" }),
  endTime: z.string().meta({ format: "date-time" }),
  createdAt: z.string().meta({ format: "date-time" }),
  extras: z.array(z.object({
    extraId: z.string(),
    titleAtBooking: z.string(),
    quantity: z.number(),
    priceAtBooking: money,
  })),
  answers: z.array(z.object({
    questionId: z.string(),
    label: z.string().meta({ description: "The question text at booking time" }),
    value: z.union([z.string(), z.array(z.string())]),
    displayValue: z.string().meta({
      description: "The answer as the customer saw it: chosen option labels joined, or the text",
    }),
  })),
  notes: z.string(),
  cancelReason: z.string().meta({ description: "Why it was cancelled, as staff or the customer gave it; empty when none was given" }),
  calendarSequence: z.number().int().meta({ description: "The calendar event's SEQUENCE: raised each time the customer's calendar must follow a change (same UID)" }),
  totalPaid: z.number().nullable(),
  paidAt: z.string().nullable(),
}).meta({ id: "BookingRecord" });

export const availabilityResultSchema = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
  code: z.enum(["SLOT_UNAVAILABLE", "OUTSIDE_BOOKING_HOURS"]).optional(),
  startTime: z.string(),
  durationHours: z.number(),
}).meta({ id: "Availability" });

// ------------------------------------------------------------ the availability calendar (issue 14)

/** The most days one GET /api/availability answers: two months, whatever their lengths. */
export const AVAILABILITY_MAX_DAYS = 62;

export const DAY_CLOSED_REASONS = ["BEFORE_LEAD_TIME", "CLOSED_DAY", "CLOSED_DATE", "BEYOND_HORIZON", "FULL"] as const;

export const AVAILABILITY_MESSAGES = {
  date: YMD_MESSAGE,
  order: "The end date must be on or after the start date.",
  span: `Ask for at most ${AVAILABILITY_MAX_DAYS} days at a time.`,
  size: "Use a number of 0 or more.",
  extras: "List add-ons as id:quantity, separated by commas.",
} as const;

const A = AVAILABILITY_MESSAGES;

const dateQuery = ymdText(z.string({ error: A.date }));

/** A query-string number; blank reads as not given. */
const sizeText = z.string().optional().transform((text, ctx) => {
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) {
    ctx.addIssue({ code: "custom", message: A.size });
    return z.NEVER;
  }
  return n;
});

const extrasText = z.string().optional().transform((text, ctx) => {
  if (text === undefined || text.trim() === "") return [];
  const lines = text.split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const [extraId, quantity = "1"] = part.split(":");
    return { extraId: extraId.trim(), quantity: Number(quantity) };
  });
  if (lines.length > 50 || lines.some((line) => !line.extraId || !Number.isInteger(line.quantity) || line.quantity < 1)) {
    ctx.addIssue({ code: "custom", message: A.extras });
    return z.NEVER;
  }
  return lines;
});

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const availabilityQuerySchema = z.object({
  from: dateQuery.meta({ description: "First Melbourne date, YYYY-MM-DD", examples: ["2026-12-01"] }),
  to: dateQuery.meta({ description: `Last Melbourne date, inclusive; at most ${AVAILABILITY_MAX_DAYS} days from \`from\``, examples: ["2026-12-31"] }),
  serviceId: z.string().optional().meta({ description: "A service _id: the visit's length comes from it (2 hours without)" }),
  hours: sizeText.meta({ type: "string", description: "HOURLY services: the hours booked (the service's minimum without)" }),
  bedrooms: sizeText.meta({ type: "string", description: "BEDROOMS services: the bedroom count (the smallest without)" }),
  extras: extrasText.meta({ type: "string", description: "Chosen add-ons as extraId:quantity, comma-separated; their minutes add to the visit", examples: ["0f6c…:2,91ab…:1"] }),
}).superRefine((query, ctx) => {
  // A date that failed its own rule has its message already.
  if (typeof query.from !== "string" || typeof query.to !== "string" || !isYmd(query.from) || !isYmd(query.to)) return;
  const span = daysBetween(query.from, query.to);
  if (span < 0) ctx.addIssue({ code: "custom", path: ["to"], message: A.order });
  else if (span >= AVAILABILITY_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: A.span });
}).meta({ id: "AvailabilityQuery" });

export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

export const availabilitySlotSchema = z.object({
  startTimeISO: z.string().meta({ description: "The start, UTC ISO 8601" }),
  available: z.boolean().meta({ description: "false: taken (the capacity rule); a booking for it gets 409 SLOT_UNAVAILABLE" }),
}).meta({ id: "AvailabilitySlot" });

export const availabilityDaySchema = z.object({
  date: z.string().meta({ description: "Melbourne date, YYYY-MM-DD" }),
  open: z.boolean().meta({ description: "true: at least one slot is free" }),
  slots: z.array(availabilitySlotSchema).optional()
    .meta({ description: "Open days: every start the day can take by the clock (a visit that would end after the working day is not listed)" }),
  reason: z.enum(DAY_CLOSED_REASONS).optional().meta({ description: "Closed days: why" }),
  label: z.string().optional().meta({ description: "CLOSED_DATE: the closed date's label, e.g. Christmas Day" }),
}).meta({ id: "AvailabilityDay" });

export const availabilityCalendarSchema = z.object({
  durationMinutes: z.number().int().meta({ description: "The visit's length the days were judged for" }),
  days: z.array(availabilityDaySchema),
}).meta({ id: "AvailabilityCalendar" });

export type AvailabilityDay = z.output<typeof availabilityDaySchema>;
export type AvailabilityCalendar = z.output<typeof availabilityCalendarSchema>;
