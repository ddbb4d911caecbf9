/**
 * The catalogue at the API boundary: what the server sends, and what staff may send. Each input
 * field's type, rule and message (admin-area.md sections 3 and 5) is written here once; the API
 * validates with these schemas, the staff forms check with them, and the input types derive from them.
 */
import { z } from "zod";
import { isRecord, oneLine } from "../shared/input.ts";
import { MONEY_MAX, MONEY_MAX_TEXT, roundHalfAwayFromZero, roundToCents } from "../shared/money.ts";
import { moneySchema as money } from "../shared/money-schema.ts";
import type { FieldErrors } from "../shared/result.ts";
import {
  CATALOG_LIMITS,
  DEFAULT_EXTRA_MAX_QUANTITY,
  PRICING_MODELS,
  QUESTION_SCOPES,
  QUESTION_TYPES,
  DEFAULT_VISIT_MINUTES,
  FREQUENCY_REPEAT_UNITS,
  SERVICE_DEFAULTS,
} from "./constants.ts";

export const CATALOG_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be 120 characters or fewer",
  slugRequired: "Slug is required",
  slugPattern: "Slug may use lowercase letters, numbers and hyphens only",
  slugTooLong: "Slug must be 120 characters or fewer",
  slugTaken: "Another service already uses this slug",
  pricingModel: "Pricing model must be HOURLY, BEDROOMS or FIXED",
  ratePerHour: "Rate per hour must be 0 or more",
  ratePerHourTooHigh: `Rate per hour must be ${MONEY_MAX_TEXT} or less`,
  minHours: "Minimum hours must be more than 0 and no more than 24",
  maxHours: "Maximum hours must be more than 0 and no more than 24",
  minAboveMax: "Maximum hours must be at least the minimum hours",
  stepHours: "Step must be more than 0",
  stepHoursTooLong: "Step must be no more than 24",
  bedroomPricesList: "Add at least one bedroom price",
  bedrooms: "Bedrooms must be a whole number of 0 (studio) or more",
  bedroomsTooMany: `Bedrooms must be ${CATALOG_LIMITS.bedrooms} or fewer`,
  bedroomPrice: "Bedroom prices must be 0 or more",
  bedroomPriceTooHigh: `Bedroom prices must be ${MONEY_MAX_TEXT} or less`,
  bedroomsUnique: "Each number of bedrooms can appear only once",
  basePrice: "Base price must be 0 or more",
  basePriceTooHigh: `Base price must be ${MONEY_MAX_TEXT} or less`,
  descriptionTooLong: "Description must be 500 characters or fewer",
  serviceRequired: "Please choose a service.",
  titleRequired: "Title is required",
  titleTooLong: "Title must be 120 characters or fewer",
  price: "Price must be 0 or more",
  priceTooHigh: `Price must be ${MONEY_MAX_TEXT} or less`,
  maxQuantity: `Maximum quantity must be a whole number from 1 to ${CATALOG_LIMITS.maxQuantity}`,
  hasQuantity: "Has quantity must be true or false",
  imageUrl: "Image URL must start with https://",
  active: "Active must be true or false",
  order: "Order must be a whole number of 1 or more",
  orderTooLarge: `Order must be ${CATALOG_LIMITS.order.toLocaleString("en-AU")} or less`,
  ordersRequired: "Send at least one extra with its order",
  durationMinutes: `Visit length must be a whole number of minutes from ${CATALOG_LIMITS.visitMinutes.min} to ${CATALOG_LIMITS.visitMinutes.max}`,
  extraMinutes: `Added minutes must be a whole number from 0 to ${CATALOG_LIMITS.extraMinutes}`,
  extraNotOfService: "This extra does not belong to the service",
  extraRepeated: "Each extra can appear only once",
  orderRepeated: "Each position can be used only once",
  codeRequired: "Code is required",
  codePattern: "Code may use letters, numbers and underscores only",
  codeTooLong: "Code must be 40 characters or fewer",
  repeatUnit: "Repeat must be NONE, WEEK or MONTH",
  repeatEvery: `Repeat every must be a whole number from 1 to ${CATALOG_LIMITS.repeatEvery}`,
  codeTaken: "Another frequency already uses this code",
  discount: "Discount must be between 0 and 100",
  questionText: "Question text is required",
  questionTextTooLong: "Question text must be 300 characters or fewer",
  questionType: "Type must be SINGLE, MULTI or TEXT",
  questionScope: "Scope must be GLOBAL or SERVICE",
  questionService: "Select a service",
  questionRequired: "Required must be true or false",
  helpTextTooLong: "Help text must be 500 characters or fewer",
  placeholderTooLong: "Placeholder must be 200 characters or fewer",
  optionsRequired: "At least one option is required",
  optionEmpty: "Option label/value cannot be empty",
  optionsUnique: "Option values must be unique",
  notText: "Invalid input: expected string",
  checklistList: "Checklist must be a list of lines",
  checklistItemTooLong: `Each checklist line must be ${CATALOG_LIMITS.checklistItem} characters or fewer`,
  checklistTooLong: `A checklist can have at most ${CATALOG_LIMITS.checklistItems} lines`,
} as const;

const M = CATALOG_MESSAGES;

// ------------------------------------------------------------ what the server sends

export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  pricingModel: z.enum(PRICING_MODELS),
  ratePerHour: money,
  minHours: z.number(),
  maxHours: z.number(),
  stepHours: z.number(),
  bedroomPrices: z.array(z.object({
    bedrooms: z.number().meta({ description: "0 is a studio" }),
    price: money,
    durationMinutes: z.number().int().meta({ description: "How long a visit of this size takes" }),
  })),
  basePrice: money,
  durationMinutes: z.number().int().meta({ description: "How long a visit takes (FIXED; the fallback for other models)" }),
  description: z.string(),
  deletedAt: z.string().nullable(),
}).meta({ id: "Service" });

/** Issue 31: a service as the staff calls send it, with the checklist its cleaners tick off on the job. */
export const staffServiceSchema = serviceSchema.extend({
  checklist: z.array(z.string()).meta({ description: "What a cleaner ticks off on a job of this service, in order; [] when none" }),
}).meta({ id: "StaffService" });

export const extraSchema = z.object({
  _id: z.string(),
  serviceId: z.string(),
  title: z.string(),
  description: z.string(),
  price: money,
  hasQuantity: z.boolean(),
  maxQuantity: z.number().int().meta({ description: "The most a booking may take (hasQuantity)" }),
  durationMinutes: z.number().int().meta({ description: "Minutes one of it adds to the visit" }),
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
  repeatUnit: z.enum(FREQUENCY_REPEAT_UNITS).meta({ description: "NONE: a one-off; WEEK or MONTH: a booking with it starts a series of regular visits" }),
  repeatEvery: z.number().int().meta({ description: "Every this many weeks or months (1 to 52); 0 with NONE", examples: [1] }),
  // Optional on the type only, so records written before issue 28 still read; the server always sends it.
  active: z.boolean().optional()
    .meta({ description: "false: retired, hidden from the booking form; the bookings and series that use it keep it. Always sent" }),
}).meta({ id: "Frequency" });

export const questionSchema = z.object({
  _id: z.string(),
  scope: z.enum(QUESTION_SCOPES),
  serviceId: z.string().nullable(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
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

// ------------------------------------------------------------ how staff fields are read

/** One line of text that must be given (names, titles, codes): anything but a string counts as blank. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), oneLine(z.string().min(1, required).max(max, tooLong)));

/** Text that may be left out; null means empty too. */
const optionalText = (rule = (text: z.ZodString) => text) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v ?? ""), rule(z.string({ error: M.notText })));

/** A number, or a numeric string as HTML inputs send it (blank is not 0); every failure says `message`. */
const numberWhere = (message: string, rule: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), rule(z.number({ error: message })));

export const toHundredths = (n: number): number => roundHalfAwayFromZero(n * 100) / 100;
/** A$ from 0 to MONEY_MAX, rounded to cents. */
const amount = (message: string, tooHigh: string) =>
  numberWhere(message, (n) => n.min(0, message).max(MONEY_MAX, tooHigh)).transform(roundToCents)
    .meta({ minimum: 0, maximum: MONEY_MAX });
const hours = (message: string) => numberWhere(message, (n) => n.gt(0, message).max(24, message)).transform(toHundredths);
/** A whole number from `least` to `most`; past `most` says `tooLarge`, anything else `message`. */
const wholeBetween = (least: number, most: number, message: string, tooLarge = message) =>
  numberWhere(message, (n) =>
    n.refine((v) => Number.isInteger(v) && v >= least, message)
      // Only a whole number says it is too large: a fraction has its one message already.
      .refine((v) => !Number.isInteger(v) || v <= most, tooLarge))
    .meta({ type: "integer", minimum: least, maximum: most });

/** Minutes a visit takes. */
const visitMinutes = wholeBetween(CATALOG_LIMITS.visitMinutes.min, CATALOG_LIMITS.visitMinutes.max, M.durationMinutes);

/** One of `values`, in any letter case. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(values, { error: message }));

/** A list entry that is not an object is read as an empty one, so each of its fields says what is missing. */
const entry = <T extends z.ZodObject>(fields: T) => z.preprocess((v) => (isRecord(v) ? v : {}), fields);

function isHttpsUrl(text: string): boolean {
  try {
    return text.startsWith("https://") && new URL(text).protocol === "https:";
  } catch {
    return false;
  }
}

/** The create schema: the same fields, where those left out take `defaults` (the output type is unchanged). */
function withDefaults<S extends z.ZodObject>(fields: S, defaults: Partial<z.output<S>>): S {
  const shape = fields.shape as Record<string, z.ZodType>;
  return fields.extend(
    Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, shape[key].default(value as never)])),
  ) as unknown as S;
}

/**
 * Adds a rule across fields. It runs even when some fields failed, on the others only (a field
 * already in error keeps its one message), so staff see every message at once.
 */
function withRule<S extends z.ZodObject>(schema: S, rule: (fields: Partial<z.output<S>>) => FieldErrors) {
  return schema.superRefine((value, ctx) => {
    const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
    const parsed = Object.fromEntries(Object.entries(value).filter(([key]) => !failed.has(key)));
    for (const [path, messages] of Object.entries(rule(parsed as Partial<z.output<S>>))) {
      if (!failed.has(path)) for (const message of messages) ctx.addIssue({ code: "custom", path: [path], message });
    }
  }, { when: (payload) => isRecord(payload.value) });
}

// ------------------------------------------------------------ services

const serviceFields = z.object({
  name: requiredText(M.nameRequired, 120, M.nameTooLong).meta({ examples: ["Deep Clean"] }),
  slug: requiredText(M.slugRequired, 120, M.slugTooLong).pipe(z.string().regex(/^[a-z0-9-]+$/, M.slugPattern))
    .meta({ pattern: "^[a-z0-9-]+$", description: "Unique among services, deleted ones included", examples: ["deep-clean"] }),
  pricingModel: oneOf(PRICING_MODELS, M.pricingModel),
  ratePerHour: amount(M.ratePerHour, M.ratePerHourTooHigh).meta({ description: "A$ per hour (HOURLY)" }),
  minHours: hours(M.minHours),
  maxHours: hours(M.maxHours),
  stepHours: numberWhere(M.stepHours, (n) => n.gt(0, M.stepHours).max(24, M.stepHoursTooLong)).transform(toHundredths),
  bedroomPrices: z.preprocess(
    (v) => v ?? [],
    z.array(entry(z.object({
      bedrooms: wholeBetween(0, CATALOG_LIMITS.bedrooms, M.bedrooms, M.bedroomsTooMany),
      price: amount(M.bedroomPrice, M.bedroomPriceTooHigh),
      durationMinutes: visitMinutes.default(DEFAULT_VISIT_MINUTES),
    })), {
      error: M.bedroomPricesList,
    }),
  ).superRefine((rows, ctx) => {
    // Rows with numbers count, even out-of-range ones; a row's own messages come with this one.
    const numbered = rows.filter((row) => Number.isFinite(row.bedrooms) && Number.isFinite(row.price));
    if (new Set(numbered.map((row) => row.bedrooms)).size !== numbered.length) ctx.addIssue(M.bedroomsUnique);
  }, { when: (payload) => Array.isArray(payload.value) }).transform((rows) => rows.toSorted((a, b) => a.bedrooms - b.bedrooms)).meta({
    description: "A$ per number of bedrooms (0 is a studio), each once; BEDROOMS needs one at least",
  }),
  basePrice: amount(M.basePrice, M.basePriceTooHigh).meta({ description: "A$ (FIXED)" }),
  durationMinutes: visitMinutes.meta({ description: "Minutes a visit takes (FIXED); HOURLY uses the hours booked, BEDROOMS its row's length" }),
  description: optionalText((text) => text.max(500, M.descriptionTooLong))
    .meta({ description: "A short line shown on cards" }),
  // Issue 31: one line an item; blank lines (a form's empty rows) are dropped, not refused.
  checklist: z.array(
    z.preprocess((v) => (typeof v === "string" ? v.trim() : v), oneLine(z.string({ error: M.notText }).max(CATALOG_LIMITS.checklistItem, M.checklistItemTooLong))),
    { error: M.checklistList },
  ).transform((lines) => lines.filter((line) => line !== ""))
    .pipe(z.array(z.string()).max(CATALOG_LIMITS.checklistItems, M.checklistTooLong))
    .meta({
      description: `Issue 31: what a cleaner ticks off on a job of this service, one line each (trimmed, blank lines dropped), ` +
        `at most ${CATALOG_LIMITS.checklistItems} of at most ${CATALOG_LIMITS.checklistItem} characters; default []`,
    }),
});

type ServiceFields = z.output<typeof serviceFields>;

/** A service's rules across fields; a patch is judged on the fields it sends. */
export function serviceRuleErrors(service: Partial<ServiceFields>): FieldErrors {
  const { pricingModel, minHours, maxHours, bedroomPrices } = service;
  return {
    ...(minHours !== undefined && maxHours !== undefined && minHours > maxHours ? { maxHours: [M.minAboveMax] } : {}),
    ...(pricingModel === "BEDROOMS" && bedroomPrices?.length === 0 ? { bedroomPrices: [M.bedroomPricesList] } : {}),
  };
}

export const serviceInputSchema = withRule(
  withDefaults(serviceFields, { ...SERVICE_DEFAULTS, bedroomPrices: [], description: "", durationMinutes: DEFAULT_VISIT_MINUTES, checklist: [] }),
  serviceRuleErrors,
).meta({ id: "ServiceInput" });

export const serviceUpdateSchema = withRule(serviceFields.partial(), serviceRuleErrors).meta({
  id: "ServiceUpdate",
  description: "Any fields of ServiceInput; bedroomPrices, when sent, replace the stored rows",
});

/** A service as staff enter it: everything but the id and the deletion mark. */
export type ServiceInput = z.output<typeof serviceInputSchema>;
export type ServicePatch = z.output<typeof serviceUpdateSchema>;

// ------------------------------------------------------------ extras

const extraFields = z.object({
  serviceId: requiredText(M.serviceRequired, 200, M.serviceRequired).meta({ description: "A service that is not deleted" }),
  title: requiredText(M.titleRequired, 120, M.titleTooLong).meta({ examples: ["Inside oven"] }),
  price: amount(M.price, M.priceTooHigh).meta({ description: "A$ each" }),
  hasQuantity: z.boolean({ error: M.hasQuantity }),
  maxQuantity: wholeBetween(1, CATALOG_LIMITS.maxQuantity, M.maxQuantity)
    .meta({ description: `The most one booking may take (hasQuantity); default ${DEFAULT_EXTRA_MAX_QUANTITY}` }),
  durationMinutes: wholeBetween(0, CATALOG_LIMITS.extraMinutes, M.extraMinutes)
    .meta({ description: "Minutes one of it adds to the visit; default 0" }),
  imageUrl: optionalText((text) => text.refine((url) => url === "" || (url.length <= 2000 && isHttpsUrl(url)), M.imageUrl))
    .meta({ description: "Empty, or an https:// URL" }),
  description: optionalText((text) => text.max(500, M.descriptionTooLong)),
  active: z.boolean({ error: M.active }).meta({ description: "Inactive extras are hidden from the booking form" }),
  order: wholeBetween(1, CATALOG_LIMITS.order, M.order, M.orderTooLarge).meta({ description: "Position in the service's list" }),
});

export const extraInputSchema = withDefaults(
  extraFields.extend({ order: extraFields.shape.order.optional() }),
  { hasQuantity: false, maxQuantity: DEFAULT_EXTRA_MAX_QUANTITY, durationMinutes: 0, imageUrl: "", description: "", active: true },
).meta({ id: "ExtraInput", description: "Without an order, the extra goes after the service's last one" });

export const extraUpdateSchema = extraFields.partial().meta({
  id: "ExtraUpdate",
  description: "Any fields of ExtraInput (active: Disable/Enable); a new serviceId without order puts the extra last",
});

export type ExtraInput = z.output<typeof extraInputSchema>;
export type ExtraPatch = z.output<typeof extraUpdateSchema>;

/** A reorder of one service's extras: all of them or some, each once, at distinct positions from 1. */
export const reorderExtrasSchema = z.object({
  orders: z.array(
    entry(z.object({
      extraId: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(1, M.extraNotOfService))
        .meta({ description: "An extra of this service" }),
      order: wholeBetween(1, CATALOG_LIMITS.order, M.order, M.orderTooLarge),
    })),
    { error: M.ordersRequired },
  ).min(1, M.ordersRequired).superRefine((orders, ctx) => {
    // Entries whose own field failed are left out, as in withRule.
    const failed = new Set(ctx.issues.map((issue) => issue.path?.slice(0, 2).join(".")));
    const seen = { extraId: new Set<unknown>(), order: new Set<unknown>() };
    const repeated = { extraId: M.extraRepeated, order: M.orderRepeated };
    orders.forEach((row, index) => {
      for (const key of ["extraId", "order"] as const) {
        if (failed.has(`${index}.${key}`)) continue;
        if (seen[key].has(row[key])) ctx.addIssue({ code: "custom", path: [index, key], message: repeated[key] });
        seen[key].add(row[key]);
      }
    });
  }, { when: (payload) => Array.isArray(payload.value) }).meta({ description: "All or nothing" }),
}).meta({ id: "ReorderExtras" });

// ------------------------------------------------------------ frequencies

const frequencyFields = z.object({
  name: requiredText(M.nameRequired, 120, M.nameTooLong).meta({ examples: ["Weekly"] }),
  code: requiredText(M.codeRequired, 40, M.codeTooLong).transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_]+$/, M.codePattern))
    .meta({ pattern: "^[A-Za-z0-9_]+$", description: "Stored upper-case; unique", examples: ["WEEKLY"] }),
  discountPercent: numberWhere(M.discount, (n) => n.min(0, M.discount).max(100, M.discount)).transform(toHundredths)
    .meta({ description: "Off every visit after the first" }),
  repeatUnit: oneOf(FREQUENCY_REPEAT_UNITS, M.repeatUnit)
    .meta({ description: "NONE (a one-off), WEEK or MONTH: a booking with a repeating frequency starts a series of regular visits" }),
  repeatEvery: wholeBetween(0, CATALOG_LIMITS.repeatEvery, M.repeatEvery)
    .meta({ description: `Every this many weeks or months, 1 to ${CATALOG_LIMITS.repeatEvery}; NONE makes it 0` }),
  // Issue 28: retiring (false) hides a frequency from the booking form where deleting it is refused.
  active: z.boolean({ error: M.active }).optional()
    .meta({ description: "false retires the frequency: hidden from the booking form; bookings and series that use it keep it. Default true" }),
});

type FrequencyFields = z.output<typeof frequencyFields>;

/**
 * A frequency's repeat across its two fields: WEEK or MONTH needs an interval of 1 or more; an
 * interval without a unit names nothing (0 is a one-off's and needs none).
 */
export function repeatRuleErrors({ repeatUnit, repeatEvery }: Partial<FrequencyFields>): FieldErrors {
  if (repeatUnit === undefined) return repeatEvery !== undefined && repeatEvery !== 0 ? { repeatUnit: [M.repeatUnit] } : {};
  if (repeatUnit !== "NONE" && (repeatEvery === undefined || repeatEvery < 1)) return { repeatEvery: [M.repeatEvery] };
  return {};
}

/** A NONE unit makes the interval 0, whatever was sent. */
export const normaliseRepeat = <F extends Partial<FrequencyFields>>(frequency: F): F =>
  frequency.repeatUnit === "NONE" ? { ...frequency, repeatEvery: 0 } : frequency;

/** The repeat a new frequency with one of the usual codes gets when staff send none. */
export const REPEAT_BY_CODE: Readonly<Record<string, { repeatUnit: FrequencyFields["repeatUnit"]; repeatEvery: number }>> = {
  WEEKLY: { repeatUnit: "WEEK", repeatEvery: 1 },
  FORTNIGHTLY: { repeatUnit: "WEEK", repeatEvery: 2 },
  MONTHLY: { repeatUnit: "MONTH", repeatEvery: 1 },
};

const NO_REPEAT = { repeatUnit: "NONE", repeatEvery: 0 } as const;

export const frequencyInputSchema = withRule(
  withDefaults(frequencyFields, { discountPercent: 0 }).extend({
    repeatUnit: frequencyFields.shape.repeatUnit.optional(),
    repeatEvery: frequencyFields.shape.repeatEvery.optional(),
  }),
  repeatRuleErrors,
).transform(({ repeatUnit, repeatEvery, ...fields }): FrequencyFields =>
  normaliseRepeat({
    ...fields,
    ...(repeatUnit === undefined ? REPEAT_BY_CODE[fields.code] ?? NO_REPEAT : { repeatUnit, repeatEvery: repeatEvery ?? 0 }),
  })
).meta({
  id: "FrequencyInput",
  description: "Without a repeat, WEEKLY, FORTNIGHTLY and MONTHLY repeat every 1 week, 2 weeks and 1 month; any other code is a one-off",
});

export const frequencyUpdateSchema = frequencyFields.partial().meta({
  id: "FrequencyUpdate",
  description: "Any fields of FrequencyInput ('Edit %' sends discountPercent; Retire sends active false); ONE_TIME keeps its code and stays active. The repeat is judged with the stored one",
});

export type FrequencyInput = z.output<typeof frequencyInputSchema>;
export type FrequencyPatch = z.output<typeof frequencyUpdateSchema>;

// ------------------------------------------------------------ questions

const questionFields = z.object({
  scope: oneOf(QUESTION_SCOPES, M.questionScope),
  serviceId: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: M.notText }).nullable())
    .meta({ description: "SERVICE: an existing service; GLOBAL: none" }),
  text: requiredText(M.questionText, 300, M.questionTextTooLong).meta({ examples: ["Any pets at home?"] }),
  type: oneOf(QUESTION_TYPES, M.questionType),
  required: z.boolean({ error: M.questionRequired }),
  order: wholeBetween(1, CATALOG_LIMITS.order, M.order, M.orderTooLarge),
  helpText: optionalText((text) => text.max(500, M.helpTextTooLong)),
  placeholder: optionalText((text) => text.max(200, M.placeholderTooLong)),
  options: z.array(entry(z.object({ label: optionalText(oneLine), value: optionalText(oneLine) }))).meta({
    description: "SINGLE and MULTI: at least one, no empty label or value, unique values; TEXT: none",
  }),
});

type QuestionFields = z.output<typeof questionFields>;

/** A question's rules across fields: the scope decides the service, the type the options. */
export function questionRuleErrors({ scope, serviceId, type, options }: Partial<QuestionFields>): FieldErrors {
  const errors: FieldErrors = {};
  if (scope === "SERVICE" && !serviceId) errors.serviceId = [M.questionService];
  if (options === undefined || type === "TEXT") return errors;
  const messages = options.length === 0
    ? (type === "SINGLE" || type === "MULTI" ? [M.optionsRequired] : [])
    : [
      ...(options.some((o) => o.label === "" || o.value === "") ? [M.optionEmpty] : []),
      ...(new Set(options.map((o) => o.value)).size !== options.length ? [M.optionsUnique] : []),
    ];
  return messages.length > 0 ? { ...errors, options: messages } : errors;
}

/**
 * A GLOBAL question has no service and a TEXT question no options. Without a scope, a patch
 * keeps a service it names (to move a service question) and drops a blank one.
 */
export function normaliseQuestion<Q extends Partial<QuestionFields>>(question: Q): Q {
  const { serviceId, options, ...rest } = question;
  return {
    ...rest,
    ...(question.scope === "GLOBAL" ? { serviceId: null } : serviceId ? { serviceId } : {}),
    ...(question.type === "TEXT" ? { options: [] } : options ? { options } : {}),
  } as Q;
}

export const questionInputSchema = withRule(
  withDefaults(questionFields, { scope: "GLOBAL", serviceId: null, required: false, order: 1, helpText: "", placeholder: "", options: [] }),
  questionRuleErrors,
).transform(normaliseQuestion).meta({ id: "QuestionInput" });

export const questionUpdateSchema = withRule(questionFields.partial(), questionRuleErrors).transform(normaliseQuestion)
  .meta({ id: "QuestionUpdate", description: "Any fields of QuestionInput; a choice type without options keeps the stored ones" });

/** A question as staff enter it: everything but the id. */
export type QuestionInput = z.output<typeof questionInputSchema>;
export type QuestionPatch = z.output<typeof questionUpdateSchema>;

// ------------------------------------------------------------ staff list filters

const flag = (description: string) =>
  z.enum(["true", "false"]).optional().meta({ description }).transform((value) => value === "true");

export const servicesQuerySchema = z.object({ includeDeleted: flag("Also soft-deleted services; default false") });

export const extrasAdminQuerySchema = z.object({
  serviceId: z.string().optional().meta({ description: "Only this service's extras; all when absent" }),
  includeDeleted: flag("Also soft-deleted extras; default false"),
  includeInactive: flag("Also inactive extras; default false"),
});

export const questionsAdminQuerySchema = z.object({
  serviceId: z.string().optional().meta({ description: "GLOBAL questions plus this service's; every question when absent" }),
});
