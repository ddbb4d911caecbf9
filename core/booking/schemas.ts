/** The wire shapes of availability checks and of stored bookings and quotes (the draft's is in draft-validation.ts). */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";
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
