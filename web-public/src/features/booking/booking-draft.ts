/**
 * The booking form's state and how it becomes the draft the API takes (public-site.md sections
 * 3-5). Validation and pricing are core's, so the form and the server never disagree.
 */
import type {
  BookingFormContentDto,
  ExtraDto,
  FrequencyDto,
  PricingModel,
  QuestionDto,
  PublicSchedulingDto,
  ServiceDto,
} from "@yarra/api/client/types.ts";
import { validateAnswers } from "@yarra/core/booking/draft/answers.ts";
import { type DraftSection, firstSectionWithError, sectionValidity } from "@yarra/core/booking/draft/validation.ts";
import {
  answersOf,
  type BookingFormFields,
  draftFieldErrors,
  draftOfForm,
  livePriceOf,
} from "@yarra/core/booking/draft/form-to-draft.ts";
import type { PricedDraft } from "@yarra/core/booking/pricing/pricing.ts";
import type { Extra, Frequency, Question, Service } from "@yarra/core/catalog/types.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { isYmd } from "@yarra/core/shared/melbourne-time.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS } from "@yarra/core/settings/types.ts";

export const DEFAULT_CONTENT: BookingFormContentDto = BOOKING_FORM_CONTENT_DEFAULTS;

export interface ChosenExtra {
  extraId: string;
  title: string;
  quantity: number;
}

/** The fields both booking forms hold (the add-ons with their titles), and the public form's own. */
export interface BookingForm extends BookingFormFields<ChosenExtra> {
  /** Cached from the chosen service, as the spec's draft carries them. */
  servicePricingModel: PricingModel | null;
  serviceName: string;
  /** The day chosen in the calendar, Melbourne date 'YYYY-MM-DD'. */
  date: string;
  /** A free start of that day as the calendar offered it (ISO, UTC), or '' until one is picked. */
  startTimeISO: string;
}

export const EMPTY_FORM: BookingForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  // The business only serves Victoria; the validator still accepts every state.
  address: { unit: "", street: "", suburb: "", state: "VIC", postCode: "" },
  serviceId: "",
  servicePricingModel: null,
  serviceName: "",
  hours: null,
  bedrooms: null,
  extras: [],
  date: "",
  startTimeISO: "",
  frequencyCode: "ONE_TIME",
  answers: {},
  notes: "",
};

/** The form with another service: hours, bedrooms, add-ons and the cached model and name reset. */
export function withService(form: BookingForm, service: ServiceDto | undefined): BookingForm {
  return {
    ...form,
    serviceId: service?._id ?? "",
    servicePricingModel: service?.pricingModel ?? null,
    serviceName: service?.name ?? "",
    hours: null,
    bedrooms: null,
    extras: [],
  };
}

/** minHours to maxHours in stepHours steps (step 1 when unset), in hundredths so 0.5 steps are exact. */
export function hoursOptions(service: Pick<ServiceDto, "minHours" | "maxHours" | "stepHours">): number[] {
  const step = service.stepHours > 0 ? service.stepHours : 1;
  const [min, max, stepH] = [service.minHours, service.maxHours, step].map((n) => Math.round(n * 100));
  const options: number[] = [];
  if (!(min > 0) || !(max >= min) || !(stepH > 0)) return options;
  // A runaway catalogue (step 0.01 over 24 h) would make an unusable list; 200 is plenty.
  for (let h = min; h <= max && options.length < 200; h += stepH) options.push(h / 100);
  return options;
}

export const hoursLabel = (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"}`;

export const bedroomsLabel = (bedrooms: number) =>
  bedrooms === 0 ? "Studio" : `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`;

/** The start instant as ISO (UTC), or '' until both a day and one of its times are chosen. */
export function startTimeIsoOf(form: Pick<BookingForm, "date" | "startTimeISO">): string {
  return isYmd(form.date) ? form.startTimeISO : "";
}

export interface DraftContext {
  questions: QuestionDto[];
  commentEnabled: boolean;
}

/**
 * The payload of POST /api/bookings and /api/quotes: core's mapping, which the office's form shares,
 * with the service's name and the add-ons' titles beside it, and the comment only when the form asks it.
 */
export function toDraftInput(form: BookingForm, ctx: DraftContext) {
  const choices = { pricingModel: form.servicePricingModel, startTimeISO: startTimeIsoOf(form), questions: ctx.questions };
  return {
    ...draftOfForm(form, choices),
    serviceName: form.serviceName,
    notes: ctx.commentEnabled ? form.notes : "",
  };
}

export type DraftPayload = ReturnType<typeof toDraftInput>;

/**
 * Core's draft rules plus the answers' rules, keyed by field path (same messages as the server),
 * with the scheduling settings the server checks the start against (GET /api/scheduling).
 */
export function validateForm(
  form: BookingForm,
  ctx: DraftContext & { scheduling: PublicSchedulingDto },
  now: Date,
): FieldErrors {
  return draftFieldErrors(toDraftInput(form, ctx), ctx.questions as Question[], {
    now,
    scheduling: ctx.scheduling,
    pricingModel: form.servicePricingModel,
  });
}

export type FormSection = DraftSection | "questions";

/** Where the page scrolls after a failed check: core's order, then the extra questions. */
export function firstInvalidSection(errors: FieldErrors): FormSection | null {
  const section = firstSectionWithError(errors);
  if (section) return section;
  return Object.keys(errors).some((path) => path.startsWith("answers")) ? "questions" : null;
}

export interface StepTicks {
  details: boolean;
  address: boolean;
  service: boolean;
  schedule: boolean;
  frequency: boolean;
  questions: boolean;
  review: boolean;
}

/** The step navigator's ticks: core's looser tests, the answers' rules, and all of them for Review. */
export function stepTicks(form: BookingForm, ctx: DraftContext): StepTicks {
  const loose = sectionValidity(toDraftInput(form, ctx), form.servicePricingModel);
  const questions = validateAnswers(answersOf(form, ctx.questions), ctx.questions as Question[]).ok;
  const all = Object.values(loose).every(Boolean) && questions;
  return { ...loose, questions, review: all };
}

export interface PricingCatalogDto {
  services: ServiceDto[];
  extras: ExtraDto[];
  frequencies: FrequencyDto[];
}

/** The live price from the loaded catalogue, or null while the draft cannot be priced yet. */
export function livePrice(form: BookingForm, catalog: PricingCatalogDto): PricedDraft | null {
  return livePriceOf(form, {
    // Public lists hold only live rows; their ISO deletedAt (always null) is all that differs.
    services: catalog.services as unknown as Service[],
    extras: catalog.extras as unknown as Extra[],
    frequencies: catalog.frequencies as Frequency[],
  });
}

/** Index of each sent add-on, so server errors like `extras.1.quantity` land under the right one. */
export function extraErrorsById(errors: FieldErrors, extras: ChosenExtra[]): Record<string, string[]> {
  const byId: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^extras\.(\d+)(?:\.|$)/.exec(path);
    const extra = match ? extras[Number(match[1])] : undefined;
    if (extra) byId[extra.extraId] = [...(byId[extra.extraId] ?? []), ...messages];
  }
  return byId;
}
