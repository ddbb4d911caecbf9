/** The wire shapes of bookings, quotes and availability checks (validated by the API, documented by OpenAPI). */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";
import { AU_STATES } from "./types.ts";

const text = (description: string, example?: string) =>
  z.string().meta({ description, ...(example ? { examples: [example] } : {}) });
const numeric = (description: string) =>
  z.union([z.number(), z.string()]).nullable().meta({ description });
export const addressSchema = z.object({
  unit: text("Unit or apartment, optional", "4").nullable().optional(),
  street: text("Street address", "12 Smith St"),
  suburb: text("Suburb", "Fitzroy"),
  state: z.enum(AU_STATES).meta({ description: "State or territory" }),
  postCode: text("4-digit postcode", "3065"),
});

export const bookingDraftSchema = z.object({
  firstName: text("At least 2 characters", "Ada"),
  lastName: text("At least 2 characters", "Lovelace"),
  email: z.string().meta({ description: "E-mail address", examples: ["ada@example.com"] }),
  phone: text("Australian phone; spaces, brackets and +61 accepted", "0412 345 678"),
  address: addressSchema,
  serviceId: text("A service _id from GET /api/services"),
  servicePricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]).nullable().optional()
    .meta({ description: "Ignored: the catalogue's model is used" }),
  serviceName: z.string().nullable().optional().meta({ description: "Ignored: snapshotted from the catalogue" }),
  hours: numeric("HOURLY services: minHours..maxHours in stepHours steps").optional(),
  bedrooms: numeric("BEDROOMS services: one of the service's bedroomPrices").optional(),
  extras: z.array(z.object({
    extraId: text("An extra _id from GET /api/extras?serviceId"),
    quantity: z.number().int().min(1).optional().meta({ description: "Counts only when the extra hasQuantity; default 1" }),
    title: z.string().optional().meta({ description: "Ignored" }),
  })).optional(),
  startTimeISO: z.string().meta({
    description: "ISO 8601 with offset: on the hour, 8:00-16:00 Melbourne time, from 4 days ahead, not Sunday",
    examples: ["2026-12-01T09:00:00+11:00"],
  }),
  frequencyCode: text("A frequency code from GET /api/frequencies", "WEEKLY"),
  answers: z.array(z.object({
    questionId: z.string(),
    value: z.union([z.string(), z.array(z.string())]),
    label: z.string().optional(),
  })).optional().meta({ description: "Answers to GET /api/questions?serviceId; required questions must be answered" }),
  notes: z.string().nullable().optional().meta({ description: "Up to 2,000 characters" }),
}).meta({ id: "BookingDraft", description: "The payload of a booking or a quote. Client totals are ignored." });

export const availabilitySchema = z.object({
  startTimeISO: z.string().meta({ examples: ["2026-12-01T09:00:00+11:00"] }),
  durationHours: z.number().min(0.5).max(24).optional().meta({ description: "Default 2" }),
}).meta({ id: "AvailabilityCheck" });

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
