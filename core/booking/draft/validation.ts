/**
 * The booking form's rules (public-site.md section 5), shared by the web form and the server: the
 * draft's zod schema is the only place a field's rule and message are written.
 */
import { z } from "zod";
import { PRICING_MODELS, type PricingModel } from "../../catalog/types.ts";
import { parseIsoInstant } from "../../shared/iso-instant.ts";
import { isRecord } from "../../shared/input.ts";
import { parseInput } from "../../shared/parse-input.ts";
import type { FieldErrors, Result, ValidationFailed } from "../../shared/result.ts";
import { normaliseAuPhone } from "../../shared/phone.ts";
import { OUTSIDE_SERVICE_AREA_MESSAGE } from "../../settings/service-area.ts";
import { checkStartTime, START_TIME_PAST_MESSAGE, type StartTimeRules, type VisitContext } from "../capacity/scheduling.ts";
import type { BookingDraft, DraftFields } from "../types.ts";
import { addressSchema, asText, CONTACT_LIMITS, CONTACT_MESSAGES, EMAIL_PATTERN, emailText, filled, oneLineText } from "../../shared/contact.ts";

export const DRAFT_LIMITS = {
  ...CONTACT_LIMITS,
  notes: 2000,
  extras: 50,
  answers: 100,
} as const;

export const DRAFT_MESSAGES = {
  banner: "Please fix the highlighted fields, then try again.",
  ...CONTACT_MESSAGES,
  serviceId: "Please choose a service.",
  hours: "Please choose the hours for this service.",
  bedrooms: "Please choose the number of bedrooms.",
  hoursOrBedrooms: "Please choose the hours or bedrooms for this service.",
  extras: "Please check the add-ons you chose.",
  extraQuantity: "Quantity must be at least 1.",
  startTimeRequired: "Please select a date and start time.",
  startTimeInvalid: "That date and time doesn’t look right.",
  startTimePast: START_TIME_PAST_MESSAGE,
  frequencyCode: "Please choose how often you’d like the service.",
  answers: "Please check your answers to the extra questions.",
  notesTooLong: "Please keep your notes under 2,000 characters.",
  /** Availability check without both a date and a slot. */
  pickDateAndSlot: "Please pick a date and a time slot.",
} as const;

const M = DRAFT_MESSAGES;
const L = DRAFT_LIMITS;

export type DraftSection = "details" | "address" | "service" | "schedule" | "frequency";

/** The order the page scrolls through to find the first section with an error. */
export const FIRST_SECTION_ORDER: readonly DraftSection[] = [
  "details",
  "address",
  "service",
  "schedule",
  "frequency",
];

/** Which section shows a field; keyed by the first segment of the field path. */
export const FIELD_SECTIONS: Readonly<Record<string, DraftSection>> = {
  firstName: "details",
  lastName: "details",
  email: "details",
  phone: "details",
  address: "address",
  serviceId: "service",
  serviceChoice: "service",
  hours: "service",
  bedrooms: "service",
  extras: "service",
  startTimeISO: "schedule",
  frequencyCode: "frequency",
};

export function sectionOfField(path: string): DraftSection | null {
  return FIELD_SECTIONS[path.split(".")[0]] ?? null;
}

/** The first section, in page order, holding one of these errors (null: none of the five). */
export function firstSectionWithError(fieldErrors: FieldErrors): DraftSection | null {
  const sections = new Set(Object.keys(fieldErrors).map(sectionOfField));
  return FIRST_SECTION_ORDER.find((section) => sections.has(section)) ?? null;
}

// ---- Fields: type, rule and message, written once ----

/** Numeric text, as HTML inputs send numbers, becomes a number; anything else is left to refuse. */
const numericText = (value: unknown): unknown =>
  typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;

/** A size the model may not need: unusable reads as not given, and the model rule speaks for it. */
const optionalSize = (schema: z.ZodNumber) =>
  z.preprocess((value) => schema.safeParse(numericText(value)).data ?? null, schema.nullable());

/** Missing is `required`; text that is no ISO 8601 instant with an offset is "doesn't look right". */
export const instantText = (required: string) =>
  z.string({ error: required }).trim().refine((value) => parseIsoInstant(value) !== null, {
    error: (issue) => (issue.input === "" ? required : M.startTimeInvalid),
  });

/**
 * An absent or null list is an empty one. The spec words a malformed list once: a fault inside its
 * items is reported on the list itself; only the items' own refinements (an add-on's quantity
 * rule) keep their place. Issues carry no text yet while checks run, hence the `custom` code.
 */
const listOf = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.preprocess(
    (value) => value ?? [],
    z.array(item).max(max, { error: message }).superRefine((items, ctx) => {
      const own = ctx.issues.filter((issue) => issue.code === "custom");
      if (own.length === ctx.issues.length) return;
      ctx.issues.splice(0, ctx.issues.length, ...own, { code: "custom", message, path: [], input: items });
    }, { when: () => true }),
  );

const extraLine = z.object({
  extraId: z.string().trim().min(1).meta({ description: "An extra _id from GET /api/extras?serviceId" }),
  quantity: z.preprocess(
    (value) => numericText(value ?? 1),
    z.number().refine((quantity) => Number.isInteger(quantity) && quantity >= 1, M.extraQuantity),
  ).meta({ type: "integer", minimum: 1, description: "Counts only when the extra hasQuantity; default 1" }),
});

const answer = z.object({
  questionId: z.string().trim().min(1),
  value: z.union([z.string(), z.array(z.string())]),
  label: z.preprocess((value) => value ?? undefined, z.string().optional()),
});

const draftFields = z.object({
  firstName: oneLineText(2, L.name, M.firstName, M.firstNameTooLong).meta({ examples: ["Ada"] }),
  lastName: oneLineText(2, L.name, M.lastName, M.lastNameTooLong).meta({ examples: ["Lovelace"] }),
  email: emailText(M.email, L.email).meta({ examples: ["ada@example.com"] }),
  phone: z.string({ error: M.phone }).trim()
    .refine((value) => value.length <= L.phoneRaw && normaliseAuPhone(value) !== null, M.phone)
    .overwrite((value) => normaliseAuPhone(value) ?? value)
    .meta({ description: "Australian landline or mobile; spaces, brackets and +61 accepted", examples: ["0412 345 678"] }),
  address: addressSchema,
  serviceId: filled(M.serviceId).meta({ description: "A service _id from GET /api/services", examples: ["86b8cdc8-7352-4d26-b9c5-3826239533f4"] }),
  servicePricingModel: z.preprocess(
    (value) => (PRICING_MODELS as readonly unknown[]).includes(value) ? value : null,
    z.enum(PRICING_MODELS).nullable(),
  ).meta({ description: "The model the form showed; the catalogue's wins once the service is known" }),
  hours: optionalSize(z.number().positive())
    .meta({ description: "HOURLY services: minHours..maxHours in stepHours steps" }),
  bedrooms: optionalSize(z.int().min(0)).meta({ description: "BEDROOMS services: one of the service's bedroomPrices" }),
  extras: listOf(extraLine, L.extras, M.extras),
  startTimeISO: instantText(M.startTimeRequired).meta({
    description: "ISO 8601 with offset: on the hour within the slot hours, from the lead days ahead, not on a closed day",
    examples: ["2026-12-01T09:00:00+11:00"],
  }),
  frequencyCode: filled(M.frequencyCode).meta({ examples: ["WEEKLY"] }),
  answers: listOf(answer, L.answers, M.answers)
    .meta({ description: "Answers to GET /api/questions?serviceId; required questions must be answered" }),
  notes: z.preprocess(asText, z.string().trim().max(L.notes, { error: M.notesTooLong })),
});

// ---- Rules that span fields or need the catalogue and the clock, over parsed values ----

export interface DraftValidationContext {
  now: Date;
  /**
   * The start rules only: the booking form has just these (GET /api/scheduling). Absent: the start
   * is not judged (a staff edit that keeps a visit's time and length, issue 16).
   */
  scheduling?: StartTimeRules;
  /** The catalogue's model for the chosen service, when the caller knows it; wins over the form's. */
  pricingModel?: PricingModel | null;
  /**
   * The visit the start is judged for (closed dates, and the job length from the draft's size and
   * add-ons), when the caller knows the catalogue: the closed-date and end-of-day rules need it.
   */
  visit?: (size: DraftSize) => VisitContext;
  /** Whether the business cleans at a postcode; given for bookings, not quotes (issue 14). */
  servesPostcode?: (postCode: string) => boolean;
}

/** What the job length is read from; fields that failed their own rule read as not given. */
export interface DraftSize {
  hours: number | null;
  bedrooms: number | null;
  extras: { extraId: string; quantity: number }[];
}

function draftSize(fields: DraftFields): DraftSize {
  const extras = Array.isArray(fields.extras) ? fields.extras : [];
  return {
    hours: typeof fields.hours === "number" ? fields.hours : null,
    bedrooms: typeof fields.bedrooms === "number" ? fields.bedrooms : null,
    extras: extras.filter((line): line is { extraId: string; quantity: number } =>
      isRecord(line) && typeof line.extraId === "string" && typeof line.quantity === "number"
    ),
  };
}

type SizeFields = Pick<DraftFields, "servicePricingModel" | "hours" | "bedrooms">;

/** The catalogue's model, else the form's, else whichever of hours or bedrooms was given. */
function pricingModelOf(fields: SizeFields, catalogueModel?: PricingModel | null): PricingModel | null {
  const model = catalogueModel ?? fields.servicePricingModel;
  if (model) return model;
  return fields.hours !== null ? "HOURLY" : fields.bedrooms !== null ? "BEDROOMS" : null;
}

/** What the model needs and is missing, as [path, message]. */
function sizeError(fields: SizeFields, model: PricingModel | null): [string, string] | null {
  if (model === "HOURLY") return fields.hours === null ? ["hours", M.hours] : null;
  if (model === "BEDROOMS") return fields.bedrooms === null ? ["bedrooms", M.bedrooms] : null;
  return model === null ? ["hours", M.hoursOrBedrooms] : null;
}

/**
 * The cross-field rules, run even when other fields failed so every message shows at once (the
 * failed fields hold what was sent). Without a context (the API's request schema) the catalogue
 * is not consulted yet: only a draft naming no service is judged, by the form's model, and the
 * scheduling waits for the use case.
 */
function draftRuleErrors(fields: DraftFields, ctx?: DraftValidationContext): [string, string][] {
  const errors: [string, string][] = [];
  const serviceNamed = typeof fields.serviceId === "string" && fields.serviceId !== "";
  const missing = ctx || !serviceNamed ? sizeError(fields, pricingModelOf(fields, ctx?.pricingModel)) : null;
  if (missing) errors.push(missing);
  // A start the field refused has its message already.
  const start = typeof fields.startTimeISO === "string" ? parseIsoInstant(fields.startTimeISO) : null;
  const scheduleMessage = ctx?.scheduling && start && checkStartTime(start, ctx.now, ctx.scheduling, ctx.visit?.(draftSize(fields)));
  if (scheduleMessage) errors.push(["startTimeISO", scheduleMessage]);
  const postCode = isRecord(fields.address) ? fields.address.postCode : undefined;
  // A postcode that failed its own rule has its message already.
  if (ctx?.servesPostcode && typeof postCode === "string" && /^\d{4}$/.test(postCode) && !ctx.servesPostcode(postCode)) {
    errors.push(["address.postCode", OUTSIDE_SERVICE_AREA_MESSAGE]);
  }
  return errors;
}

/** The fields and the cross-field rules, judged in the context `contextOf` gives when the parse runs. */
const withDraftRules = (contextOf: () => DraftValidationContext | undefined) =>
  draftFields.superRefine((fields, issues) => {
    for (const [path, message] of draftRuleErrors(fields, contextOf())) {
      issues.addIssue({ code: "custom", path: path.split("."), message, input: fields[path as keyof DraftFields] });
    }
  }, { when: (payload) => isRecord(payload.value) });

/** The payload of POST /api/bookings and /api/quotes: the API validates, types and documents it with this. */
export const bookingDraftSchema = withDraftRules(() => undefined).meta({
  id: "BookingDraft",
  description: "The payload of a booking or a quote. Client totals are ignored.",
});

/**
 * The context of the validateDraft call running, read by the one schema below. A schema built per
 * call cost zod a new compiled parser each time (issue 18: ~8 % of a booking's CPU); a parse is
 * synchronous (no async refinements), so the context set around it is the call's own.
 */
let runningContext: DraftValidationContext | null = null;
const contextOfCall = (): DraftValidationContext => {
  if (!runningContext) throw new Error("validateDraft's schema ran outside validateDraft");
  return runningContext;
};

const contextualDraft = withDraftRules(contextOfCall).transform((fields): BookingDraft => {
  const { servicePricingModel: _, startTimeISO, ...rest } = fields;
  // The size rule passed, so there is a model; the start parsed.
  const pricingModel = pricingModelOf(fields, contextOfCall().pricingModel) as PricingModel;
  return {
    ...rest,
    pricingModel,
    hours: pricingModel === "HOURLY" ? rest.hours : null,
    bedrooms: pricingModel === "BEDROOMS" ? rest.bedrooms : null,
    startTime: parseIsoInstant(startTimeISO) as Date,
  };
});

/** Turns whatever the customer sent into a BookingDraft, or the spec's messages by field path. */
export function validateDraft(input: unknown, ctx: DraftValidationContext): Result<BookingDraft, ValidationFailed> {
  const outer = runningContext;
  runningContext = ctx;
  try {
    return parseInput(contextualDraft, input);
  } finally {
    runningContext = outer;
  }
}

export interface SectionValidity {
  details: boolean;
  address: boolean;
  service: boolean;
  schedule: boolean;
  frequency: boolean;
}

const sizeFields = draftFields.pick({ servicePricingModel: true, hours: true, bedrooms: true });

/** The step navigator's ticks: looser than validateDraft, as the spec describes. */
export function sectionValidity(input: unknown, pricingModel?: PricingModel | null): SectionValidity {
  const draft = isRecord(input) ? input : {};
  const address = isRecord(draft.address) ? draft.address : {};
  const given = (value: unknown) => asText(value).trim() !== "";
  const sizes = sizeFields.parse(draft);
  return {
    details: given(draft.firstName) && given(draft.lastName) &&
      EMAIL_PATTERN.test(asText(draft.email).trim()) && normaliseAuPhone(asText(draft.phone).trim()) !== null,
    address: [address.street, address.suburb, address.state, address.postCode].every(given),
    service: given(draft.serviceId) && !sizeError(sizes, pricingModelOf(sizes, pricingModel)),
    schedule: given(draft.startTimeISO),
    frequency: given(draft.frequencyCode),
  };
}
