/** The booking form's rules (public-site.md section 5), shared by the web form and the server. */
import { type Answer, PRICING_MODELS, type PricingModel } from "../catalog/types.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { isRecord, readNumber, readText as text } from "../shared/input.ts";
import {
  addFieldError,
  err,
  type FieldErrors,
  hasFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import { normaliseAuPhone } from "./phone.ts";
import { checkStartTime, PAST_TOLERANCE_MS } from "./scheduling.ts";
import {
  type Address,
  AU_STATES,
  type AuState,
  type BookingDraft,
  type BookingDraftInput,
  type DraftExtra,
} from "./types.ts";

export const DRAFT_LIMITS = {
  name: 100,
  email: 254,
  unit: 20,
  street: 200,
  suburb: 100,
  phoneRaw: 40,
  notes: 2000,
  extras: 50,
  answers: 100,
} as const;

export const DRAFT_MESSAGES = {
  banner: "Please fix the highlighted fields, then try again.",
  firstName: "Please enter your first name.",
  firstNameTooLong: "Please keep your first name under 100 characters.",
  lastName: "Please enter your last name.",
  lastNameTooLong: "Please keep your last name under 100 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid Australian phone number (e.g. 0412 345 678).",
  unitTooLong: "Please keep the unit under 20 characters.",
  street: "Please enter your street address.",
  streetTooLong: "Please keep your street address under 200 characters.",
  suburb: "Please enter your suburb.",
  suburbTooLong: "Please keep your suburb under 100 characters.",
  stateRequired: "Please choose your state.",
  stateInvalid: "Please choose a valid state.",
  postCode: "Please enter a 4-digit postcode.",
  serviceId: "Please choose a service.",
  hours: "Please choose the hours for this service.",
  bedrooms: "Please choose the number of bedrooms.",
  hoursOrBedrooms: "Please choose the hours or bedrooms for this service.",
  extras: "Please check the add-ons you chose.",
  extraQuantity: "Quantity must be at least 1.",
  startTimeRequired: "Please select a date and start time.",
  startTimeInvalid: "That date and time doesn’t look right.",
  startTimePast: "Please choose a time from today onward.",
  frequencyCode: "Please choose how often you’d like the service.",
  answers: "Please check your answers to the extra questions.",
  notesTooLong: "Please keep your notes under 2,000 characters.",
  /** Availability check without both a date and a slot. */
  pickDateAndSlot: "Please pick a date and a time slot.",
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

export interface DraftValidationContext {
  now: Date;
  scheduling: SchedulingSettings;
  /** The catalogue's model for the chosen service, when the caller knows it; wins over the form's. */
  pricingModel?: PricingModel | null;
}

const readHours = (value: unknown): number | null => {
  const n = readNumber(value);
  return n !== null && n > 0 ? n : null;
};

const readBedrooms = (value: unknown): number | null => {
  const n = readNumber(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
};

const isPricingModel = (value: unknown): value is PricingModel =>
  typeof value === "string" && (PRICING_MODELS as readonly string[]).includes(value);

const isAuState = (value: string): value is AuState =>
  (AU_STATES as readonly string[]).includes(value);

function resolvePricingModel(
  input: BookingDraftInput,
  pricingModel?: PricingModel | null,
): PricingModel | null {
  if (pricingModel) return pricingModel;
  return isPricingModel(input.servicePricingModel) ? input.servicePricingModel : null;
}

/** A required name-like field: at least `min` characters after trimming, at most `max`. */
function requireText(
  errors: FieldErrors,
  path: string,
  value: unknown,
  rule: { min: number; max: number; missing: string; tooLong: string },
): string {
  const s = text(value);
  if (s.length < rule.min) addFieldError(errors, path, rule.missing);
  else if (s.length > rule.max) addFieldError(errors, path, rule.tooLong);
  return s;
}

function readExtras(value: unknown, errors: FieldErrors): DraftExtra[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > DRAFT_LIMITS.extras) {
    addFieldError(errors, "extras", DRAFT_MESSAGES.extras);
    return [];
  }
  const extras: DraftExtra[] = [];
  let shapeOk = true;
  value.forEach((item, index) => {
    if (!isRecord(item) || text(item.extraId) === "") {
      shapeOk = false;
      return;
    }
    // The form may leave quantity out for add-ons without one.
    const quantity = item.quantity === undefined || item.quantity === null
      ? 1
      : readNumber(item.quantity);
    if (quantity === null) {
      shapeOk = false;
      return;
    }
    if (!Number.isInteger(quantity) || quantity < 1) {
      addFieldError(errors, `extras.${index}.quantity`, DRAFT_MESSAGES.extraQuantity);
      return;
    }
    extras.push({ extraId: text(item.extraId), quantity });
  });
  if (!shapeOk) addFieldError(errors, "extras", DRAFT_MESSAGES.extras);
  return extras;
}

function readAnswers(value: unknown, errors: FieldErrors): Answer[] {
  if (value === undefined || value === null) return [];
  const fail = (): Answer[] => {
    addFieldError(errors, "answers", DRAFT_MESSAGES.answers);
    return [];
  };
  if (!Array.isArray(value) || value.length > DRAFT_LIMITS.answers) return fail();
  const answers: Answer[] = [];
  for (const item of value) {
    if (!isRecord(item) || text(item.questionId) === "") return fail();
    const v = item.value;
    const valueOk = typeof v === "string" ||
      (Array.isArray(v) && v.every((x) => typeof x === "string"));
    if (!valueOk) return fail();
    if (item.label !== undefined && item.label !== null && typeof item.label !== "string") {
      return fail();
    }
    const answer: Answer = {
      questionId: text(item.questionId),
      value: Array.isArray(v) ? [...v] : v,
    };
    if (typeof item.label === "string") answer.label = item.label;
    answers.push(answer);
  }
  return answers;
}

function readAddress(input: BookingDraftInput, errors: FieldErrors): Address {
  const raw = isRecord(input.address) ? input.address : {};
  const unit = text(raw.unit);
  if (unit.length > DRAFT_LIMITS.unit) {
    addFieldError(errors, "address.unit", DRAFT_MESSAGES.unitTooLong);
  }
  const street = requireText(errors, "address.street", raw.street, {
    min: 1,
    max: DRAFT_LIMITS.street,
    missing: DRAFT_MESSAGES.street,
    tooLong: DRAFT_MESSAGES.streetTooLong,
  });
  const suburb = requireText(errors, "address.suburb", raw.suburb, {
    min: 1,
    max: DRAFT_LIMITS.suburb,
    missing: DRAFT_MESSAGES.suburb,
    tooLong: DRAFT_MESSAGES.suburbTooLong,
  });
  const stateText = text(raw.state).toUpperCase();
  if (stateText === "") addFieldError(errors, "address.state", DRAFT_MESSAGES.stateRequired);
  else if (!isAuState(stateText)) {
    addFieldError(errors, "address.state", DRAFT_MESSAGES.stateInvalid);
  }
  const postCode = text(raw.postCode);
  if (!/^\d{4}$/.test(postCode)) addFieldError(errors, "address.postCode", DRAFT_MESSAGES.postCode);
  const address: Address = { street, suburb, state: stateText as AuState, postCode };
  if (unit !== "") address.unit = unit;
  return address;
}

function readStartTime(
  value: unknown,
  ctx: DraftValidationContext,
  errors: FieldErrors,
): Date | null {
  const raw = text(value);
  if (raw === "") {
    addFieldError(errors, "startTimeISO", DRAFT_MESSAGES.startTimeRequired);
    return null;
  }
  const start = parseIsoInstant(raw);
  if (!start) {
    addFieldError(errors, "startTimeISO", DRAFT_MESSAGES.startTimeInvalid);
    return null;
  }
  if (start.getTime() < ctx.now.getTime() - PAST_TOLERANCE_MS) {
    addFieldError(errors, "startTimeISO", DRAFT_MESSAGES.startTimePast);
    return null;
  }
  const scheduleMessage = checkStartTime(start, ctx.now, ctx.scheduling);
  if (scheduleMessage) addFieldError(errors, "startTimeISO", scheduleMessage);
  return start;
}

/** Turns whatever the customer sent into a BookingDraft, or the spec's messages by field path. */
export function validateDraft(
  input: BookingDraftInput,
  ctx: DraftValidationContext,
): Result<BookingDraft> {
  const errors: FieldErrors = {};
  const draftInput: BookingDraftInput = isRecord(input) ? input : {};

  const firstName = requireText(errors, "firstName", draftInput.firstName, {
    min: 2,
    max: DRAFT_LIMITS.name,
    missing: DRAFT_MESSAGES.firstName,
    tooLong: DRAFT_MESSAGES.firstNameTooLong,
  });
  const lastName = requireText(errors, "lastName", draftInput.lastName, {
    min: 2,
    max: DRAFT_LIMITS.name,
    missing: DRAFT_MESSAGES.lastName,
    tooLong: DRAFT_MESSAGES.lastNameTooLong,
  });
  const email = text(draftInput.email);
  // Longer than RFC 5321 allows is as invalid as no '@'.
  if (!EMAIL_PATTERN.test(email) || email.length > DRAFT_LIMITS.email) {
    addFieldError(errors, "email", DRAFT_MESSAGES.email);
  }
  const rawPhone = text(draftInput.phone);
  const phone = rawPhone.length <= DRAFT_LIMITS.phoneRaw ? normaliseAuPhone(rawPhone) : null;
  if (!phone) addFieldError(errors, "phone", DRAFT_MESSAGES.phone);

  const address = readAddress(draftInput, errors);

  const serviceId = text(draftInput.serviceId);
  if (serviceId === "") addFieldError(errors, "serviceId", DRAFT_MESSAGES.serviceId);
  const model = resolvePricingModel(draftInput, ctx.pricingModel);
  let hours = readHours(draftInput.hours);
  let bedrooms = readBedrooms(draftInput.bedrooms);
  let pricingModel: PricingModel = model ?? "HOURLY";
  if (model === "HOURLY") {
    if (hours === null) addFieldError(errors, "hours", DRAFT_MESSAGES.hours);
    bedrooms = null;
  } else if (model === "BEDROOMS") {
    if (bedrooms === null) addFieldError(errors, "bedrooms", DRAFT_MESSAGES.bedrooms);
    hours = null;
  } else if (model === "FIXED") {
    hours = null;
    bedrooms = null;
  } else if (hours !== null) {
    // Unknown model: whichever of hours or bedrooms was given tells us how the service is sold.
    pricingModel = "HOURLY";
    bedrooms = null;
  } else if (bedrooms !== null) {
    pricingModel = "BEDROOMS";
  } else {
    addFieldError(errors, "hours", DRAFT_MESSAGES.hoursOrBedrooms);
  }

  const extras = readExtras(draftInput.extras, errors);
  const startTime = readStartTime(draftInput.startTimeISO, ctx, errors);

  const frequencyCode = text(draftInput.frequencyCode);
  if (frequencyCode === "") addFieldError(errors, "frequencyCode", DRAFT_MESSAGES.frequencyCode);

  const answers = readAnswers(draftInput.answers, errors);
  const notes = text(draftInput.notes);
  if (notes.length > DRAFT_LIMITS.notes) {
    addFieldError(errors, "notes", DRAFT_MESSAGES.notesTooLong);
  }

  if (hasFieldErrors(errors) || !phone || !startTime) {
    return err(validationError(errors, DRAFT_MESSAGES.banner));
  }
  return ok({
    firstName,
    lastName,
    email,
    phone,
    address,
    serviceId,
    pricingModel,
    hours,
    bedrooms,
    extras,
    startTime,
    frequencyCode,
    answers,
    notes,
  });
}

export interface SectionValidity {
  details: boolean;
  address: boolean;
  service: boolean;
  schedule: boolean;
  frequency: boolean;
}

/** The step navigator's ticks: looser than validateDraft, as the spec describes. */
export function sectionValidity(
  input: BookingDraftInput,
  pricingModel?: PricingModel | null,
): SectionValidity {
  const draftInput: BookingDraftInput = isRecord(input) ? input : {};
  const address = isRecord(draftInput.address) ? draftInput.address : {};
  const model = resolvePricingModel(draftInput, pricingModel);
  const hours = readHours(draftInput.hours) !== null;
  const bedrooms = readBedrooms(draftInput.bedrooms) !== null;
  const sizeChosen = model === "HOURLY"
    ? hours
    : model === "BEDROOMS"
    ? bedrooms
    : model === "FIXED" || hours || bedrooms;
  return {
    details: text(draftInput.firstName) !== "" &&
      text(draftInput.lastName) !== "" &&
      EMAIL_PATTERN.test(text(draftInput.email)) &&
      normaliseAuPhone(text(draftInput.phone)) !== null,
    address: [address.street, address.suburb, address.state, address.postCode].every((v) =>
      text(v) !== ""
    ),
    service: text(draftInput.serviceId) !== "" && sizeChosen,
    schedule: text(draftInput.startTimeISO) !== "",
    frequency: text(draftInput.frequencyCode) !== "",
  };
}
