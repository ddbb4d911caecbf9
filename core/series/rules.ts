/**
 * The rules of a series of regular visits (issue 17), as pure functions: which booking starts a
 * series and on what terms, which visits generation plans and in what status, and what staff may
 * do to a series and its visits (skip, move, change from a date, pause, resume, end).
 */
import { jobMinutes } from "../booking/pricing/job-length.ts";
import { priceDraft, type PricingCatalog } from "../booking/pricing/pricing.ts";
import { startRulesFor } from "../booking/draft/prepare-record.ts";
import { startTimeProblem, type VisitContext } from "../booking/capacity/scheduling.ts";
import { SERVICE_DELETED, serviceDeleted } from "../booking/draft/prepare-record.ts";
import type { BookingRecord, BookingStatus, NewBookingRecord, RecordStatus } from "../booking/types.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import { addDaysYmd, melbourneYmd } from "../shared/melbourne-time.ts";
import {
  declareError,
  err,
  type ErrorOf,
  type FieldErrors,
  ok,
  type Result,
  VALIDATION_FAILED,
  validationError,
} from "../shared/result.ts";
import { isRecurring, occurrenceDates, type SeriesTerms, visitTimes } from "./occurrences.ts";
import { recurringVisitTotals } from "./start.ts";
import type { Series, SeriesTemplate } from "./types.ts";

export const SERIES_MESSAGES = {
  fromDatePast: "Choose today or a later date.",
  startTime: "Use a start time written HH:MM, e.g. 09:00.",
  notRepeating: "Choose a frequency that repeats. To stop the regular clean, end it instead.",
} as const;

export const SERIES_ERRORS = {
  notFound: declareError("not_found", "SERIES_NOT_FOUND", "That regular clean doesn’t exist."),
  ended: declareError("conflict", "SERIES_ENDED", "This regular clean has ended, so it can’t be changed."),
  visitNotInSeries: declareError("not_found", "VISIT_NOT_IN_SERIES", "That visit isn’t part of this regular clean."),
  visitNotChangeable: declareError(
    "conflict",
    "VISIT_NOT_CHANGEABLE",
    "Only a coming visit that is pending, confirmed or needs attention can be skipped or moved.",
  ),
} as const;

/** What skipping a visit can refuse: an ended series, or a visit that no longer stands or has started. */
export const PLAN_SKIP_ERRORS = [SERIES_ERRORS.ended, SERIES_ERRORS.visitNotChangeable] as const;
export type PlanSkipError = ErrorOf<typeof PLAN_SKIP_ERRORS>;

/** What moving a visit can refuse before its place is decided: a skip's refusals, then the new start (a field). */
export const PLAN_MOVE_ERRORS = [...PLAN_SKIP_ERRORS, VALIDATION_FAILED] as const;
export type PlanMoveError = ErrorOf<typeof PLAN_MOVE_ERRORS>;

/** What a change of terms can refuse: an ended series, a deleted service to re-price from, the fields. */
export const PLAN_CHANGE_ERRORS = [SERIES_ERRORS.ended, SERVICE_DELETED, VALIDATION_FAILED] as const;
export type PlanChangeError = ErrorOf<typeof PLAN_CHANGE_ERRORS>;

/** What pausing, resuming or ending from a date can refuse: an ended series, a date in the past. */
export const PLAN_FROM_DATE_ERRORS = [SERIES_ERRORS.ended, VALIDATION_FAILED] as const;
export type PlanFromDateError = ErrorOf<typeof PLAN_FROM_DATE_ERRORS>;

export { SERIES_CANCEL_REASONS } from "./cancel-reasons.ts";

/** Statuses of a visit that still stands: skip, move, pause, change and end act on these. */
export const STANDING_VISIT_STATUSES: readonly RecordStatus[] = ["PENDING", "CONFIRMED", "NEEDS_ATTENTION"];

// ---------------------------------------------------------------------------------------------
// Generation

/** One visit generation plans: the occurrence date and its times. */
export interface PlannedVisit {
  date: string;
  startTime: Date;
  endTime: Date;
}

/**
 * The last occurrence date a series' visits exist for: `horizonWeeks` weeks after today, or after
 * its first visit when that is later, so a new weekly customer has their next `horizonWeeks`
 * visits at once. (The generation job's claim computes the same in SQL: claimDueSeries.)
 */
export const seriesHorizonEnd = (anchorDate: string, today: string, horizonWeeks: number): string =>
  addDaysYmd(anchorDate > today ? anchorDate : today, 7 * horizonWeeks);

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The occurrences generation decides on now, and the date it has then decided through: from the
 * day after the last one decided (never before today: a series whose job was down does not book
 * the past) to the horizon, before ends_on, starting after `now`. Null when the series is not
 * ACTIVE (nothing is generated).
 */
export function plannedVisits(
  series: Pick<Series, "status" | "unit" | "every" | "anchorDate" | "startMinutes" | "durationMinutes" | "endsOn" | "generatedThrough">,
  context: { now: Date; horizonWeeks: number },
): { visits: PlannedVisit[]; through: string } | null {
  if (series.status !== "ACTIVE") return null;
  const today = melbourneYmd(context.now);
  const through = seriesHorizonEnd(series.anchorDate, today, context.horizonWeeks);
  const after = series.generatedThrough ?? addDaysYmd(series.anchorDate, -1);
  const from = later(addDaysYmd(after, 1), today);
  const last = series.endsOn ? earlier(through, addDaysYmd(series.endsOn, -1)) : through;
  const visits = (from > last ? [] : occurrenceDates(series, from, last))
    .map((date) => ({ date, ...visitTimes(series, date) }))
    .filter((visit) => visit.startTime.getTime() > context.now.getTime());
  // A shorter horizon than before never takes back what was decided.
  return { visits, through: later(after, through) };
}

/** The status a placed visit of the series takes: CONFIRMED once its first visit is, else PENDING. */
export const seriesVisitStatus = (firstVisitStatus: RecordStatus | null): "PENDING" | "CONFIRMED" =>
  firstVisitStatus === "CONFIRMED" || firstVisitStatus === "DONE" ? "CONFIRMED" : "PENDING";

/**
 * A generated visit's status: the series' visit status when it can be placed, NEEDS_ATTENTION
 * (holding no place, shown to staff) when the time is full or the business is closed that day.
 */
export const generatedVisitStatus = (firstVisitStatus: RecordStatus | null, placed: { free: boolean; closed: boolean }): BookingStatus =>
  placed.free && !placed.closed ? seriesVisitStatus(firstVisitStatus) : "NEEDS_ATTENTION";

/** The booking a planned visit becomes: the template at the visit's times, unpaid. */
export const visitRecord = (template: SeriesTemplate, visit: PlannedVisit, status: BookingStatus): NewBookingRecord => ({
  ...template,
  type: "BOOKING",
  status,
  paymentStatus: "UNPAID",
  totalPaid: null,
  paidAt: null,
  startTime: visit.startTime,
  endTime: visit.endTime,
});

// ---------------------------------------------------------------------------------------------
// What staff do

/** A series that has ended takes no more changes. */
const open = (series: Pick<Series, "status">): Result<null, typeof SERIES_ERRORS.ended> => series.status === "ENDED" ? err(SERIES_ERRORS.ended) : ok(null);

/** A date staff act from: today (Melbourne) or later. */
function fromDateProblem(fromDate: string, now: Date): FieldErrors | null {
  return fromDate < melbourneYmd(now) ? { fromDate: [SERIES_MESSAGES.fromDatePast] } : null;
}

/** Whether a visit can still be skipped or moved: standing, and not yet started. */
function changeable(visit: Pick<BookingRecord, "status" | "startTime">, now: Date): Result<null, typeof SERIES_ERRORS.visitNotChangeable> {
  return STANDING_VISIT_STATUSES.includes(visit.status) && visit.startTime.getTime() > now.getTime()
    ? ok(null)
    : err(SERIES_ERRORS.visitNotChangeable);
}

/** Skipping one visit: of an open series, a coming visit that still stands. */
export function planSkip(series: Pick<Series, "status">, visit: Pick<BookingRecord, "status" | "startTime">, now: Date): Result<null, PlanSkipError> {
  const opened = open(series);
  return opened.ok ? changeable(visit, now) : opened;
}

export interface MovePlan {
  startTime: Date;
  endTime: Date;
  /** A NEEDS_ATTENTION visit moved into a free place becomes the series' visit status. */
  status: BookingStatus;
  /** Nothing changes: the same start, and the visit already holds its place. */
  unchanged: boolean;
  /** Only allowOutsideHours let the start through (issue 28): the audit row says so. */
  outsideHours: boolean;
}

/** The office's rules with and without its tick: whether the tick was what let `start` through. */
const neededOutsideHours = (start: Date, now: Date, scheduling: SchedulingSettings, visit: VisitContext): boolean =>
  startTimeProblem(start, now, startRulesFor(scheduling, "staff"), visit) !== null;

/**
 * Moving one visit to `start`: the office's start rules (no lead time; any quarter hour of the slot
 * hours, not on a closed weekday or past the end of the working day unless allowOutsideHours; never
 * on a closed date), the visit keeping its length. The capacity is decided by
 * the caller under the lock (the visit's own place not counted).
 */
export function planMove(
  series: Pick<Series, "status">,
  visit: Pick<BookingRecord, "status" | "startTime" | "endTime">,
  start: Date,
  context: {
    now: Date;
    scheduling: SchedulingSettings;
    closedDates: ReadonlyMap<string, string>;
    firstVisitStatus: RecordStatus | null;
    allowOutsideHours?: boolean;
  },
): Result<MovePlan, PlanMoveError> {
  const opened = open(series);
  if (!opened.ok) return opened;
  const standing = changeable(visit, context.now);
  if (!standing.ok) return standing;
  const lengthMinutes = (visit.endTime.getTime() - visit.startTime.getTime()) / 60_000;
  const judged: VisitContext = { closedDates: context.closedDates, lengthMinutes };
  const problem = startTimeProblem(start, context.now, startRulesFor(context.scheduling, "staff", context.allowOutsideHours), judged);
  if (problem) return err(validationError({ startTimeISO: [problem.message] }));
  const status = visit.status === "NEEDS_ATTENTION" ? seriesVisitStatus(context.firstVisitStatus) : visit.status as BookingStatus;
  return ok({
    startTime: start,
    endTime: new Date(start.getTime() + lengthMinutes * 60_000),
    status,
    unchanged: start.getTime() === visit.startTime.getTime() && visit.status !== "NEEDS_ATTENTION",
    outsideHours: context.allowOutsideHours === true && neededOutsideHours(start, context.now, context.scheduling, judged),
  });
}

/** What staff may change from a date on (POST /series/{id}/change). */
export interface SeriesChangeInput {
  fromDate: string;
  /** Melbourne wall clock, HH:MM. */
  startTime?: string;
  frequencyCode?: string;
  hours?: number | null;
  bedrooms?: number | null;
  extras?: { extraId: string; quantity: number }[];
  /** The office's tick (issue 28): the first visit of the new terms may start outside the working hours. */
  allowOutsideHours?: boolean;
}

/** The series' catalogue now: its service (null once deleted), the service's live add-ons, the frequencies. */
export type SeriesCatalogue = { service: PricingCatalog["services"][number] | null } & Omit<PricingCatalog, "services">;

export interface SeriesChange {
  terms: SeriesTerms;
  frequencyCode: string;
  frequencyName: string;
  template: SeriesTemplate;
  /** Re-priced: what a first visit on the new terms costs (the full price, before the frequency's discount). */
  firstVisitTotal?: number;
  /** Only allowOutsideHours let the first visit's start through (issue 28): the audit row says so. */
  outsideHours: boolean;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' as minutes after midnight, or null. */
export function readClock(text: string): number | null {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight as 'HH:MM'. */
export const clockOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Start problems that are about the day rather than the time of day. */
const DAY_PROBLEMS = new Set(["PAST", "BEYOND_HORIZON", "CLOSED_DAY", "BEFORE_LEAD_TIME", "CLOSED_DATE"]);

/**
 * A change of the series from `fromDate` on: new terms whose first occurrence is that date (its
 * weekday, or day of the month, becomes the series'), at the new start time; re-priced by core on
 * the live catalogue when the size, the add-ons or the frequency change (the frequency must repeat).
 * The first visit of the new terms is judged by the office's start rules (any quarter hour of the
 * slot hours, not on a closed weekday or past the end of the working day unless allowOutsideHours;
 * never on a closed date).
 */
export function planChange(
  series: Series,
  input: SeriesChangeInput,
  catalogue: SeriesCatalogue,
  context: { now: Date; scheduling: SchedulingSettings; closedDates: ReadonlyMap<string, string> },
): Result<SeriesChange, PlanChangeError> {
  const opened = open(series);
  if (!opened.ok) return opened;
  const errors: FieldErrors = { ...fromDateProblem(input.fromDate, context.now) };
  const startMinutes = input.startTime === undefined ? series.startMinutes : readClock(input.startTime);
  if (startMinutes === null) errors.startTime = [SERIES_MESSAGES.startTime];

  const { template } = series;
  const reprice = input.frequencyCode !== undefined || input.hours !== undefined || input.bedrooms !== undefined ||
    input.extras !== undefined;
  let firstVisitTotal: number | undefined;
  let next: Omit<SeriesChange, "terms" | "outsideHours"> & { durationMinutes: number; unit: Series["unit"]; every: number } = {
    frequencyCode: series.frequencyCode,
    frequencyName: series.frequencyName,
    template,
    durationMinutes: series.durationMinutes,
    unit: series.unit,
    every: series.every,
  };
  if (reprice) {
    if (!catalogue.service) return err(serviceDeleted(template.serviceNameAtBooking));
    const priced = priceDraft({
      serviceId: catalogue.service._id,
      hours: input.hours !== undefined ? input.hours : template.hours,
      bedrooms: input.bedrooms !== undefined ? input.bedrooms : template.bedrooms,
      extras: input.extras ?? template.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
      frequencyCode: input.frequencyCode ?? series.frequencyCode,
    }, { ...catalogue, services: [catalogue.service] });
    if (!priced.ok) {
      Object.assign(errors, priced.error.fieldErrors ?? {});
    } else if (!priced.value.frequency || !isRecurring({ unit: priced.value.frequency.repeatUnit, every: priced.value.frequency.repeatEvery })) {
      errors.frequencyCode = [SERIES_MESSAGES.notRepeating];
    } else {
      const { service, frequency, extraLines, totals } = priced.value;
      firstVisitTotal = totals.firstServiceTotal;
      const size = {
        hours: service.pricingModel === "HOURLY" ? input.hours !== undefined ? input.hours : template.hours : null,
        bedrooms: service.pricingModel === "BEDROOMS" ? input.bedrooms !== undefined ? input.bedrooms : template.bedrooms : null,
      };
      next = {
        frequencyCode: frequency.code,
        frequencyName: frequency.name,
        unit: frequency.repeatUnit as Series["unit"],
        every: frequency.repeatEvery,
        durationMinutes: jobMinutes(service, {
          ...size,
          extras: extraLines.map((line) => ({ durationMinutes: line.extra.durationMinutes, quantity: line.quantity })),
        }),
        template: {
          ...template,
          serviceNameAtBooking: service.name,
          pricingModel: service.pricingModel,
          ...size,
          frequencyCode: frequency.code,
          frequencyNameAtBooking: frequency.name,
          frequencyDiscountPercent: totals.discountPercent,
          extras: extraLines.map((line) => ({
            extraId: line.extra._id,
            titleAtBooking: line.extra.title,
            quantity: line.quantity,
            priceAtBooking: line.extra.price,
          })),
          ...recurringVisitTotals(totals),
        },
      };
    }
  }
  if (Object.keys(errors).length > 0) return err(validationError(errors));

  const terms: SeriesTerms = {
    unit: next.unit,
    every: next.every,
    anchorDate: input.fromDate,
    startMinutes: startMinutes as number,
    durationMinutes: next.durationMinutes,
  };
  const first = visitTimes(terms, input.fromDate);
  const judged: VisitContext = { closedDates: context.closedDates, lengthMinutes: terms.durationMinutes };
  const rules = startRulesFor(context.scheduling, "staff", input.allowOutsideHours);
  const problem = startTimeProblem(first.startTime, context.now, rules, judged);
  if (problem) return err(validationError({ [DAY_PROBLEMS.has(problem.code) ? "fromDate" : "startTime"]: [problem.message] }));
  return ok({
    terms,
    frequencyCode: next.frequencyCode,
    frequencyName: next.frequencyName,
    template: next.template,
    ...(firstVisitTotal !== undefined ? { firstVisitTotal } : {}),
    outsideHours: input.allowOutsideHours === true && neededOutsideHours(first.startTime, context.now, context.scheduling, judged),
  });
}

/** Pausing from a date (default today): an open series; pausing a paused one changes nothing. */
export function planPause(series: Pick<Series, "status">, fromDate: string, now: Date): Result<"pause" | "unchanged", PlanFromDateError> {
  const opened = open(series);
  if (!opened.ok) return opened;
  const problem = fromDateProblem(fromDate, now);
  if (problem) return err(validationError(problem));
  return ok(series.status === "PAUSED" ? "unchanged" : "pause");
}

/** Resuming from a date (default today): a paused series; resuming an active one changes nothing. */
export function planResume(series: Pick<Series, "status">, fromDate: string, now: Date): Result<"resume" | "unchanged", PlanFromDateError> {
  const opened = open(series);
  if (!opened.ok) return opened;
  const problem = fromDateProblem(fromDate, now);
  if (problem) return err(validationError(problem));
  return ok(series.status === "ACTIVE" ? "unchanged" : "resume");
}

/** Ending from a date: a series not ended yet, from today or later. */
export function planEnd(series: Pick<Series, "status">, fromDate: string, now: Date): Result<null, PlanFromDateError> {
  const opened = open(series);
  if (!opened.ok) return opened;
  const problem = fromDateProblem(fromDate, now);
  return problem ? err(validationError(problem)) : ok(null);
}

/** The planned starts of the series' next `count` visits from `fromDate` on (the e-mails' list). */
export function plannedStartsFrom(terms: SeriesTerms, fromDate: string, count: number): Date[] {
  return occurrenceDates(terms, fromDate, "9999-12-31", count).map((date) => visitTimes(terms, date).startTime);
}
