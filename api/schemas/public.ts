/**
 * Request and response schemas of the public calls. Requests are checked against these before
 * core runs (core then applies the business rules with the spec's messages), and the OpenAPI
 * document is generated from them.
 */
import { z } from "zod";
import { AU_STATES } from "../../core/booking/types.ts";
import { INQUIRY_TYPE_ALIASES, INQUIRY_TYPES } from "../../core/inquiry/types.ts";

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

export const inquirySchema = z.object({
  inquiryType: z.enum([...INQUIRY_TYPES, ...Object.keys(INQUIRY_TYPE_ALIASES)] as [string, ...string[]])
    .optional().meta({ description: "Default OFFICE; INDUSTRIAL is an alias of INDUSTRIAL_WAREHOUSE" }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  suburb: z.string(),
  message: z.string().optional().meta({ description: "Required, unless given as inquiryText" }),
  inquiryText: z.string().optional().meta({ description: "Alias of message" }),
}).meta({ id: "InquiryInput" });

const money = z.number().meta({ description: "A$, at most 2 decimals" });

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

export const inquiryRecordSchema = z.object({
  _id: z.string(),
  inquiryType: z.enum(INQUIRY_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  suburb: z.string(),
  message: z.string(),
  createdAt: z.string(),
}).meta({ id: "Inquiry" });

export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  details: z.unknown().optional(),
}).meta({ id: "Error" });

export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  pricingModel: z.enum(["HOURLY", "BEDROOMS", "FIXED"]),
  ratePerHour: money,
  minHours: z.number(),
  maxHours: z.number(),
  stepHours: z.number(),
  bedroomPrices: z.array(z.object({ bedrooms: z.number().meta({ description: "0 is a studio" }), price: money })),
  basePrice: money,
  description: z.string(),
  deletedAt: z.string().nullable(),
}).meta({ id: "Service" });

export const extraSchema = z.object({
  _id: z.string(),
  serviceId: z.string(),
  title: z.string(),
  description: z.string(),
  price: money,
  hasQuantity: z.boolean(),
  imageUrl: z.string(),
  active: z.boolean(),
  order: z.number(),
  deletedAt: z.string().nullable(),
}).meta({ id: "Extra" });

export const frequencySchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  discountPercent: z.number(),
}).meta({ id: "Frequency" });

export const questionSchema = z.object({
  _id: z.string(),
  scope: z.enum(["GLOBAL", "SERVICE"]),
  serviceId: z.string().nullable(),
  text: z.string(),
  type: z.enum(["TEXT", "SINGLE", "MULTI"]),
  required: z.boolean(),
  order: z.number(),
  helpText: z.string(),
  placeholder: z.string(),
  options: z.array(z.object({ label: z.string(), value: z.string() })),
}).meta({ id: "Question" });

export const contentSchema = z.object({
  generalCommentEnabled: z.boolean(),
  generalCommentLabel: z.string(),
  generalCommentPlaceholder: z.string(),
  cancellationPolicyHtml: z.string().meta({ description: "Sanitised HTML" }),
}).meta({ id: "BookingFormContent" });

export const businessSchema = z.object({
  brandName: z.string(),
  legalName: z.string(),
  phone: z.string(),
  whatsappNumber: z.string(),
  whatsappPrefill: z.string(),
  email: z.string(),
  notificationEmail: z.string(),
  addressLocality: z.string(),
  addressRegion: z.string(),
  contactHours: z.string(),
  foundedYear: z.number(),
  socials: z.array(z.object({ network: z.string(), label: z.string(), url: z.string() })),
  councils: z.array(z.object({ name: z.string(), suburbs: z.array(z.string()) })),
  developerCredit: z.object({ label: z.string(), url: z.string() }),
}).meta({ id: "BusinessProfile" });

export const extrasQuerySchema = z.object({
  serviceId: z.string({ error: "serviceId is required" }).min(1, "serviceId is required")
    .meta({ description: "A service _id" }),
});
export const questionsQuerySchema = z.object({
  serviceId: z.string().optional().meta({ description: "Adds that service's questions to the global ones" }),
});
export const idParamSchema = z.object({ id: z.string().meta({ description: "The record's _id" }) });
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
