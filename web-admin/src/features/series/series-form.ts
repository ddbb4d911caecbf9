/**
 * The regular clean's forms as plain functions: a visit's new start, and the "Change from a date"
 * form (what it sends, and its price by core's priceDraft, the rule the server re-prices with).
 */
import type { ExtraDto, FrequencyDto, ServiceDto } from "@yarra/api/client/types.ts";
import { type PricedDraft, priceDraft } from "@yarra/core/booking/pricing/pricing.ts";
import type { Extra, Frequency, Service } from "@yarra/core/catalog/types.ts";
import { isYmd, melbourneHourMinute, melbourneInstant, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors, Result } from "@yarra/core/shared/result.ts";
import { SERIES_MESSAGES } from "@yarra/core/series/rules.ts";
import type { SeriesChange, SeriesDetail, SeriesVisit } from "./series-api.ts";

export const FORM_MESSAGES = {
  dateRequired: "Choose a date.",
  dateInPast: SERIES_MESSAGES.fromDatePast,
  timeRequired: "Choose a start time.",
  startInPast: "Choose a time from now on.",
  nothingChanged: "Nothing has changed yet: choose a new time, frequency, size or add-ons.",
} as const;

const M = FORM_MESSAGES;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** 'HH:MM' of the Melbourne wall clock at an instant. */
export function wallClockOf(iso: string): string {
  const { hour, minute } = melbourneHourMinute(new Date(iso));
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** A date from today on, or why not. */
export function dateProblem(date: string, now: Date): string | null {
  if (!isYmd(date)) return M.dateRequired;
  return date < melbourneYmd(now) ? M.dateInPast : null;
}

/** The instant of a Melbourne date and 'HH:MM'. */
export function instantOf(date: string, time: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  return melbourneInstant(date, hour, minute);
}

/** A visit's new start: the ISO instant, or the message for each field that is not right. */
export function moveStart(date: string, time: string, now: Date): { ok: true; startTimeISO: string } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const problem = dateProblem(date, now);
  if (problem) errors.date = [problem];
  if (!/^\d{2}:\d{2}$/.test(time)) errors.time = [M.timeRequired];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const start = instantOf(date, time);
  if (start.getTime() <= now.getTime()) return { ok: false, errors: { time: [M.startInPast] } };
  return { ok: true, startTimeISO: start.toISOString() };
}

/** Visits the office may still skip or move: not cancelled or done, and not yet started. */
export const isChangeable = (visit: SeriesVisit, now: Date) =>
  (visit.status === "PENDING" || visit.status === "CONFIRMED" || visit.status === "NEEDS_ATTENTION") &&
  new Date(visit.startTime).getTime() > now.getTime();

// ------------------------------------------------------------ change from a date

export interface ChangeForm {
  fromDate: string;
  /** 'HH:MM'. */
  startTime: string;
  frequencyCode: string;
  hours: number | null;
  bedrooms: number | null;
  extras: { extraId: string; quantity: number }[];
  /** The office's tick for a first visit outside the working hours (issue 28); sent only when ticked. */
  allowOutsideHours: boolean;
}

export function changeFormOf(series: SeriesDetail, now: Date): ChangeForm {
  return {
    fromDate: melbourneYmd(now),
    startTime: series.startTime,
    frequencyCode: series.frequencyCode,
    hours: series.hours,
    bedrooms: series.bedrooms,
    extras: series.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
    allowOutsideHours: false,
  };
}

/** A frequency a series may follow: one that repeats. */
export const isRepeating = (frequency: Pick<FrequencyDto, "repeatUnit" | "repeatEvery">) =>
  frequency.repeatUnit !== "NONE" && frequency.repeatEvery >= 1;

const sameExtras = (a: ChangeForm["extras"], b: ChangeForm["extras"]) => {
  const key = (lines: ChangeForm["extras"]) => JSON.stringify([...lines].sort((x, y) => x.extraId.localeCompare(y.extraId)));
  return key(a) === key(b);
};

/**
 * What POST /series/{id}/change is sent: the date, only the terms that differ, and the tick when
 * ticked; null when no term differs (the tick alone changes nothing).
 */
export function changeOf(form: ChangeForm, series: SeriesDetail): SeriesChange | null {
  const change: SeriesChange = { fromDate: form.fromDate };
  if (form.startTime !== series.startTime) change.startTime = form.startTime;
  if (form.frequencyCode !== series.frequencyCode) change.frequencyCode = form.frequencyCode;
  if (series.pricingModel === "HOURLY" && form.hours !== null && form.hours !== series.hours) change.hours = form.hours;
  if (series.pricingModel === "BEDROOMS" && form.bedrooms !== null && form.bedrooms !== series.bedrooms) change.bedrooms = form.bedrooms;
  if (!sameExtras(form.extras, series.extras.map(({ extraId, quantity }) => ({ extraId, quantity })))) change.extras = form.extras;
  if (Object.keys(change).length === 1) return null;
  return form.allowOutsideHours ? { ...change, allowOutsideHours: true } : change;
}

export interface ChangeCatalogueParts {
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  extras: ExtraDto[];
  serviceId: string;
}

/** The price of each visit under the changed terms (core's priceDraft on today's catalogue). */
export function changePrice(form: ChangeForm, catalogue: ChangeCatalogueParts): Result<PricedDraft> {
  return priceDraft(
    { serviceId: catalogue.serviceId, hours: form.hours, bedrooms: form.bedrooms, extras: form.extras, frequencyCode: form.frequencyCode },
    {
      // The public lists hold only live rows (deletedAt null), as core's types read them.
      services: catalogue.services as unknown as Service[],
      extras: catalogue.extras as unknown as Extra[],
      frequencies: catalogue.frequencies as unknown as Frequency[],
    },
  );
}

/** Ticks or unticks an add-on (1 of it when ticked). */
export function toggleExtra(form: ChangeForm, extraId: string, chosen: boolean): ChangeForm {
  const others = form.extras.filter((line) => line.extraId !== extraId);
  return { ...form, extras: chosen ? [...others, { extraId, quantity: 1 }] : others };
}

export const setExtraQuantity = (form: ChangeForm, extraId: string, quantity: number): ChangeForm => ({
  ...form,
  extras: form.extras.map((line) => (line.extraId === extraId ? { ...line, quantity } : line)),
});

/** minHours to maxHours in stepHours steps, in hundredths so 0.5 steps are exact. */
export function hoursOptions(service: Pick<ServiceDto, "minHours" | "maxHours" | "stepHours">): number[] {
  const [min, max, step] = [service.minHours, service.maxHours, service.stepHours > 0 ? service.stepHours : 1]
    .map((n) => Math.round(n * 100));
  const options: number[] = [];
  if (!(min > 0) || !(max >= min)) return options;
  for (let h = min; h <= max && options.length < 200; h += step) options.push(h / 100);
  return options;
}

/** The form's own checks before sending: the date, and core's pricing messages keyed by field. */
export function changeProblems(form: ChangeForm, priced: Result<PricedDraft> | null, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const problem = dateProblem(form.fromDate, now);
  if (problem) errors.fromDate = [problem];
  if (!/^\d{2}:\d{2}$/.test(form.startTime)) errors.startTime = [M.timeRequired];
  if (priced && !priced.ok) {
    for (const [path, messages] of Object.entries(priced.error.fieldErrors ?? {})) {
      // The service is the series' own and not chosen here; the server says so if it is gone.
      if (path !== "serviceId") errors[path] = [...(errors[path] ?? []), ...messages];
    }
  }
  return errors;
}
