/**
 * Request schemas of the staff catalogue calls. They check a body's shape (types and known
 * values); core then applies the business rules with the spec's messages, which win per field.
 * Unknown keys are ignored, so a client may send back a whole record it read.
 */
import { z } from "zod";
import { PRICING_MODELS, QUESTION_SCOPES, QUESTION_TYPES } from "../../core/catalog/types.ts";

/** Numbers, or numeric strings as HTML inputs send them. */
const numeric = (description: string) =>
  z.union([z.number(), z.string()]).meta({ description });
const flag = (description: string) =>
  z.enum(["true", "false"]).optional().meta({ description });

export const serviceInputSchema = z.object({
  name: z.string().meta({ description: "Required; up to 120 characters", examples: ["Deep Clean"] }),
  slug: z.string().meta({
    description: "Required; lowercase letters, numbers and hyphens; unique (deleted services included)",
    examples: ["deep-clean"],
  }),
  pricingModel: z.enum(PRICING_MODELS).optional().meta({ description: "Default HOURLY" }),
  ratePerHour: numeric("A$ per hour, 0 or more; default 60").optional(),
  minHours: numeric("More than 0, up to 24; default 2").optional(),
  maxHours: numeric("More than 0, up to 24, at least minHours; default 20").optional(),
  stepHours: numeric("More than 0; default 0.5").optional(),
  basePrice: numeric("A$ for FIXED, 0 or more; default 0").optional(),
  bedroomPrices: z.array(z.object({
    bedrooms: numeric("Whole number, 0 (studio) or more; each once"),
    price: numeric("A$, 0 or more"),
  })).nullable().optional().meta({
    description: "Required (at least one row) for BEDROOMS; replaces the stored rows when sent",
  }),
  description: z.string().nullable().optional().meta({ description: "Up to 500 characters" }),
}).meta({ id: "ServiceInput" });

export const serviceUpdateSchema = serviceInputSchema.partial().meta({
  id: "ServiceUpdate",
  description: "Any fields of ServiceInput; the merged service must still be valid",
});

export const extraInputSchema = z.object({
  serviceId: z.string().meta({ description: "An existing, not deleted service" }),
  title: z.string().meta({ description: "Required; up to 120 characters", examples: ["Inside oven"] }),
  price: numeric("A$, 0 or more"),
  hasQuantity: z.boolean().optional().meta({ description: "Default false" }),
  imageUrl: z.string().nullable().optional().meta({ description: "Empty, or an https:// URL" }),
  description: z.string().nullable().optional().meta({ description: "Up to 500 characters" }),
  active: z.boolean().optional().meta({ description: "Default true; inactive extras are hidden from the booking form" }),
  order: numeric("Whole number from 1; default: after the service's last extra").optional(),
}).meta({ id: "ExtraInput" });

export const extraUpdateSchema = extraInputSchema.partial().meta({
  id: "ExtraUpdate",
  description: "Any fields of ExtraInput (active: Disable/Enable); a new serviceId without order puts the extra last",
});

export const frequencyInputSchema = z.object({
  name: z.string().meta({ examples: ["Weekly"] }),
  code: z.string().meta({ description: "Letters, numbers and underscores; stored upper-case; unique", examples: ["WEEKLY"] }),
  discountPercent: numeric("0 to 100; default 0").optional(),
}).meta({ id: "FrequencyInput" });

export const frequencyUpdateSchema = frequencyInputSchema.partial().meta({
  id: "FrequencyUpdate",
  description: "Any fields of FrequencyInput; ONE_TIME keeps its code",
});

const optionSchema = z.object({ label: z.string(), value: z.string() });

export const questionInputSchema = z.object({
  scope: z.enum(QUESTION_SCOPES).optional().meta({ description: "Default GLOBAL" }),
  serviceId: z.string().nullable().optional().meta({ description: "Required for SERVICE: an existing service" }),
  text: z.string().meta({ description: "Required; trimmed", examples: ["Any pets at home?"] }),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean().optional().meta({ description: "Default false" }),
  order: numeric("Whole number from 1; default 1").optional(),
  helpText: z.string().nullable().optional(),
  placeholder: z.string().nullable().optional(),
  options: z.array(optionSchema).optional().meta({
    description: "SINGLE and MULTI: at least one, no empty label or value, unique values; ignored for TEXT",
  }),
}).meta({ id: "QuestionInput" });

export const questionUpdateSchema = questionInputSchema.partial().meta({
  id: "QuestionUpdate",
  description: "Any fields of QuestionInput; a choice type without options keeps the stored ones",
});

export const reorderExtrasSchema = z.object({
  orders: z.array(z.object({
    extraId: z.string().meta({ description: "An extra of this service" }),
    order: numeric("Whole number from 1; each position once"),
  })).meta({ description: "All or nothing" }),
}).meta({ id: "ReorderExtras" });

export const servicesQuerySchema = z.object({
  includeDeleted: flag("Also soft-deleted services; default false"),
});

export const extrasAdminQuerySchema = z.object({
  serviceId: z.string().optional().meta({ description: "Only this service's extras; all when absent" }),
  includeDeleted: flag("Also soft-deleted extras; default false"),
  includeInactive: flag("Also inactive extras; default false"),
});

export const questionsAdminQuerySchema = z.object({
  serviceId: z.string().optional().meta({
    description: "GLOBAL questions plus this service's; every question when absent",
  }),
});
