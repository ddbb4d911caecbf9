/** The wire shapes of availability checks and of stored bookings and quotes (the draft's is in draft-validation.ts). */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";
import { isYmd } from "../shared/melbourne-time.ts";
import { YMD_MESSAGE, ymdText } from "../shared/ymd-schema.ts";
import { DRAFT_MESSAGES, instantText } from "./draft/validation.ts";
import { addressSchema } from "../shared/contact.ts";
import { DEFAULT_AVAILABILITY_HOURS } from "./capacity/scheduling.ts";
import { textFieldsRecordShape } from "./text-fields.ts";

export const DURATION_MESSAGE = "Duration must be between 0.5 and 24 hours.";

const duration = z.number({ error: DURATION_MESSAGE }).min(0.5, { error: DURATION_MESSAGE })
  .max(24, { error: DURATION_MESSAGE });

export const availabilitySchema = z.object({
  startTimeISO: instantText(DRAFT_MESSAGES.pickDateAndSlot).meta({ examples: ["2026-12-01T09:00:00+11:00"] }),
  durationHours: duration.nullish().meta({ description: `Default ${DEFAULT_AVAILABILITY_HOURS}`, examples: [3] }),
}).meta({ id: "AvailabilityCheck" });

export type AvailabilityCheck = z.output<typeof availabilitySchema>;

export const totalsSchema = z.object({
  baseAmount: money.meta({ examples: [179] }),
  extrasAmount: money.meta({ examples: [65] }),
  firstServiceTotal: money.meta({ examples: [244] }),
  recurringTotal: money.meta({ examples: [207.4] }),
  discountPercent: z.number().meta({ examples: [15] }),
});

export const bookingRecordSchema = totalsSchema.extend({
  _id: z.string().meta({ examples: ["0b7e4c1a-5d2f-4e8b-9a41-3c6f2d8e7b90"] }),
  reference: z.string().meta({ description: "The short reference people read out, e.g. YS-7K3F9Q (no 0/O or 1/I)", example: "YS-7K3F9Q" }),
  type: z.enum(["BOOKING", "QUOTE"]),
  status: z.enum(["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION", "QUOTE_REQUESTED"]).meta({
    description: "NEEDS_ATTENTION: a visit of a series that could not be placed (no free place, a closed date); it holds no place until staff move or confirm it",
  }),
  paymentStatus: z.enum(["UNPAID", "PAID"]),
  firstName: z.string().meta({ examples: ["Ada"] }),
  lastName: z.string().meta({ examples: ["Lovelace"] }),
  email: z.string().meta({ examples: ["ada@example.com"] }),
  phone: z.string().meta({ examples: ["0412 345 678"] }),
  address: addressSchema,
  serviceId: z.string().nullable().meta({ examples: ["86b8cdc8-7352-4d26-b9c5-3826239533f4"] }),
  serviceName: z.string().meta({ examples: ["Regular Clean"] }),
  serviceNameAtBooking: z.string().meta({ examples: ["Regular Clean"] }),
  pricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]),
  hours: z.number().nullable().meta({ examples: [null] }),
  bedrooms: z.number().nullable().meta({ examples: [2] }),
  frequencyCode: z.string().meta({ examples: ["WEEKLY"] }),
  frequencyNameAtBooking: z.string().meta({ examples: ["Weekly"] }),
  frequencyDiscountPercent: z.number().meta({ examples: [15] }),
  startTime: z.string().meta({ format: "date-time", examples: ["2026-11-30T22:00:00.000Z"] }),
  endTime: z.string().meta({ format: "date-time", examples: ["2026-12-01T01:00:00.000Z"] }),
  createdAt: z.string().meta({ format: "date-time", examples: ["2026-11-20T03:12:45.000Z"] }),
  extras: z.array(z.object({
    extraId: z.string().meta({ examples: ["3933f579-f8f6-4b03-8f7b-111b3eb62b7f"] }),
    titleAtBooking: z.string().meta({ examples: ["Inside oven"] }),
    quantity: z.number().meta({ examples: [1] }),
    priceAtBooking: money.meta({ examples: [65] }),
  })),
  answers: z.array(z.object({
    questionId: z.string().meta({ examples: ["a6669e0f-0642-4478-b04c-37c8b1254aa0"] }),
    label: z.string().meta({ description: "The question text at booking time", examples: ["How will we get in?"] }),
    value: z.union([z.string(), z.array(z.string())]).meta({ examples: ["lockbox"] }),
    displayValue: z.string().meta({
      description: "The answer as the customer saw it: chosen option labels joined, or the text",
      examples: ["Lockbox"],
    }),
  })),
  // The customer's notes and the office's own: core/booking/text-fields.ts.
  ...textFieldsRecordShape,
  cancelReason: z.string().meta({ description: "Why it was cancelled, as staff or the customer gave it; empty when none was given", examples: [""] }),
  calendarSequence: z.number().int().meta({ description: "The calendar event's SEQUENCE: raised each time the customer's calendar must follow a change (same UID)", examples: [0] }),
  totalPaid: z.number().nullable().meta({ examples: [null] }),
  paidAt: z.string().nullable().meta({ examples: [null] }),
  cleanerIds: z.array(z.string()).meta({ description: "The cleaners on the job (Cleaner _ids), in the order staff gave them; [] when no one is" }),
  customerId: z.string().nullable().meta({ description: "The customer record (matched by normalised e-mail); null only for records not yet attached", examples: ["5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f"] }),
  seriesId: z.string().nullable().meta({ description: "The series of regular visits this booking is a visit of; null for a one-off", examples: [null] }),
  seriesDate: z.string().nullable().meta({ description: "The Melbourne date (YYYY-MM-DD) of the series occurrence this visit stands for (kept when the visit is moved); null for a one-off", examples: [null] }),
}).meta({ id: "BookingRecord" });

export const availabilityResultSchema = z.object({
  available: z.boolean().meta({ examples: [true] }),
  reason: z.string().optional().meta({ description: "When it is not available: the message to show the customer" }),
  code: z.enum(["SLOT_UNAVAILABLE", "OUTSIDE_BOOKING_HOURS"]).optional(),
  startTime: z.string().meta({ examples: ["2026-11-30T22:00:00.000Z"] }),
  durationHours: z.number().meta({ examples: [3] }),
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
  startTimeISO: z.string().meta({ description: "The start, UTC ISO 8601", examples: ["2026-11-30T22:00:00.000Z"] }),
  available: z.boolean().meta({ description: "false: taken (the capacity rule); a booking for it gets 409 SLOT_UNAVAILABLE", examples: [true] }),
}).meta({ id: "AvailabilitySlot" });

export const availabilityDaySchema = z.object({
  date: z.string().meta({ description: "Melbourne date, YYYY-MM-DD", examples: ["2026-12-01"] }),
  open: z.boolean().meta({ description: "true: at least one slot is free", examples: [true] }),
  slots: z.array(availabilitySlotSchema).optional()
    .meta({ description: "Open days: every start the day can take by the clock (a visit that would end after the working day is not listed)" }),
  reason: z.enum(DAY_CLOSED_REASONS).optional().meta({ description: "Closed days: why" }),
  label: z.string().optional().meta({ description: "CLOSED_DATE: the closed date's label, e.g. Christmas Day" }),
}).meta({ id: "AvailabilityDay" });

export const availabilityCalendarSchema = z.object({
  durationMinutes: z.number().int().meta({ description: "The visit's length the days were judged for", examples: [150] }),
  days: z.array(availabilityDaySchema),
}).meta({ id: "AvailabilityCalendar" });

export type AvailabilityDay = z.output<typeof availabilityDaySchema>;
export type AvailabilityCalendar = z.output<typeof availabilityCalendarSchema>;
