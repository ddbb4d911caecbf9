/** The wire shapes of the catalogue: services, add-ons, frequencies, questions. */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";

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

export const extrasQuerySchema = z.object({
  serviceId: z.string({ error: "serviceId is required" }).min(1, "serviceId is required")
    .meta({ description: "A service _id" }),
});

export const questionsQuerySchema = z.object({
  serviceId: z.string().optional().meta({ description: "Adds that service's questions to the global ones" }),
});
