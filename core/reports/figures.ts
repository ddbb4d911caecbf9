/**
 * What the reports' figures mean (issue 32), each as a pure function over plain records. These are
 * the definitions the API reference states; the SQL of adapters/postgres/reports-repository.ts
 * computes the same figures in the database, and its contract test holds it to these. Money is
 * summed in integer cents and rounded once.
 */
import type { RecordStatus, RecordType } from "../booking/types.ts";
import { minutesOfClock, type WorkingDay, workingWeek } from "../cleaners/team.ts";
import type { RepeatUnit } from "../series/occurrences.ts";
import type { SeriesStatus } from "../series/types.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import { weekdayOfYmd } from "../shared/melbourne-time.ts";
import { fromCents, roundHalfAwayFromZero, toCents } from "../shared/money.ts";
import type { ReportCleanerFigures, ReportRange, ReportServiceFigures, ReportSummary, ReportWeekFigures } from "./schemas.ts";
import { inRange, rangeDays, reportWeeks, weekStartOf } from "./weeks.ts";

/** A booking or quote as the reports read it. */
export interface ReportJob {
  id: string;
  type: RecordType;
  status: RecordStatus;
  start: Date;
  end: Date;
  /** The first service total: what this visit costs. */
  price: number;
  customerId: string | null;
  cleanerIds: readonly string[];
  /** The catalogue link (null once the service row is gone) and the name it was booked under. */
  serviceId: string | null;
  serviceName: string;
  cancelReason: string;
}

/** A catalogue service: a deleted one (deletedAt set) is reported under the job's own name. */
export interface ReportService {
  id: string;
  name: string;
  deleted: boolean;
}

/** One ledger entry: positive for a payment, negative for a refund. */
export interface ReportLedgerEntry {
  bookingId: string;
  amount: number;
  receivedAt: Date;
  voided: boolean;
}

/** A series of regular visits: how often, and its template's recurring price per visit. */
export interface ReportSeries {
  status: SeriesStatus;
  unit: RepeatUnit;
  every: number;
  pricePerVisit: number;
}

/** A cleaner and their week as stored (the business's default week until staff set one). */
export interface ReportCleaner {
  id: string;
  name: string;
  active: boolean;
  workingHoursSet: boolean;
  days: readonly WorkingDay[];
}

/** Leave: whole Melbourne days, both ends included. */
export interface ReportTimeOff {
  cleanerId: string;
  from: string;
  to: string;
}

/** A rating a customer gave a job (1 to 5). */
export interface ReportRating {
  bookingId: string;
  rating: number;
}

export interface ReportRecords {
  jobs: readonly ReportJob[];
  services: readonly ReportService[];
  ledger: readonly ReportLedgerEntry[];
  series: readonly ReportSeries[];
  cleaners: readonly ReportCleaner[];
  timeOff: readonly ReportTimeOff[];
  /** Melbourne dates the business is closed. */
  closedDates: readonly string[];
  ratings: readonly ReportRating[];
}

/** The scheduling settings the default week is read from. */
export type ReportScheduling = Pick<SchedulingSettings, "closedWeekdays" | "firstSlotHour" | "dayEndHour">;

/** What a summary is asked for: the range, and the business's week for cleaners who have none set. */
export interface ReportQuery extends ReportRange {
  scheduling: ReportScheduling;
}

// ------------------------------------------------------------------------------------ the rules

const HOLDING: readonly RecordStatus[] = ["PENDING", "CONFIRMED", "DONE"];

/** A job (never a quote) in a place-holding status: it counts as booked. */
export const isPlaceHolding = (job: Pick<ReportJob, "type" | "status">): boolean => job.type === "BOOKING" && HOLDING.includes(job.status);

export const isCancelledJob = (job: Pick<ReportJob, "type" | "status">): boolean => job.type === "BOOKING" && job.status === "CANCELLED";

/** The jobs (type BOOKING, any status) that start on a Melbourne day of the range. */
export const jobsInRange = (jobs: readonly ReportJob[], range: ReportRange): ReportJob[] =>
  jobs.filter((job) => job.type === "BOOKING" && inRange(range, job.start));

const sumCents = (amounts: readonly number[]): number => amounts.reduce((sum, amount) => sum + toCents(amount), 0);

/** Σ price of the place-holding jobs: booked revenue (of the range's jobs, or a week's). */
export const bookedRevenue = (jobs: readonly ReportJob[]): number => fromCents(sumCents(jobs.filter(isPlaceHolding).map((job) => job.price)));

/** Σ price of the cancelled jobs. */
export const cancelledValue = (jobs: readonly ReportJob[]): number => fromCents(sumCents(jobs.filter(isCancelledJob).map((job) => job.price)));

/** Σ amount of the entries not voided received on a day of the range (refunds count, negative). */
export const collected = (ledger: readonly ReportLedgerEntry[], range: ReportRange): number =>
  fromCents(sumCents(ledger.filter((entry) => !entry.voided && inRange(range, entry.receivedAt)).map((entry) => entry.amount)));

/** Σ max(0, price − paid to date) over the DONE jobs; paid to date is every entry not voided, whenever received. */
export function outstanding(jobs: readonly ReportJob[], ledger: readonly ReportLedgerEntry[]): number {
  const paid = new Map<string, number>();
  for (const entry of ledger) if (!entry.voided) paid.set(entry.bookingId, (paid.get(entry.bookingId) ?? 0) + toCents(entry.amount));
  const owed = jobs
    .filter((job) => job.type === "BOOKING" && job.status === "DONE")
    .reduce((sum, job) => sum + Math.max(0, toCents(job.price) - (paid.get(job.id) ?? 0)), 0);
  return fromCents(owed);
}

/** Cancelled jobs by their reason: most frequent first, then by reason. */
export function cancelReasons(jobs: readonly ReportJob[]): ReportSummary["cancelReasons"] {
  const counts = new Map<string, number>();
  for (const job of jobs.filter(isCancelledJob)) counts.set(job.cancelReason, (counts.get(job.cancelReason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort(byCountThenReason);
}

export const byCountThenReason = (a: { reason: string; count: number }, b: { reason: string; count: number }): number =>
  b.count - a.count || compareText(a.reason, b.reason);

/** Code-point order: the same in every runtime, whatever its locale data. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Customers with a place-holding job in the range: new when their first place-holding job ever is
 * in the range, returning when they had one before it. Jobs without a customer record count for neither.
 */
export function customerCounts(allJobs: readonly ReportJob[], range: ReportRange): { newCustomers: number; returningCustomers: number } {
  const first = new Map<string, Date>();
  const inThisRange = new Set<string>();
  for (const job of allJobs) {
    if (!isPlaceHolding(job) || job.customerId === null) continue;
    const earliest = first.get(job.customerId);
    if (!earliest || job.start < earliest) first.set(job.customerId, job.start);
    if (inRange(range, job.start)) inThisRange.add(job.customerId);
  }
  let newCustomers = 0;
  for (const customerId of inThisRange) if (inRange(range, first.get(customerId)!)) newCustomers++;
  return { newCustomers, returningCustomers: inThisRange.size - newCustomers };
}

/** Visits a series makes per 4 weeks: every n weeks 4/n; every n months 12/13/n (13 four-week spans a year). */
export function visitsPerFourWeeks(series: Pick<ReportSeries, "unit" | "every">): { numerator: number; denominator: number } {
  return series.unit === "WEEK" ? { numerator: 4, denominator: series.every } : { numerator: 12, denominator: 13 * series.every };
}

/**
 * What the ACTIVE series bring in per 4 weeks: Σ price per visit × visits per 4 weeks, rounded to
 * the cent once. Summed per frequency in whole cents, so only the last step divides.
 */
export function recurringRunRate(series: readonly ReportSeries[]): number {
  const centsByRate = new Map<string, { numerator: number; denominator: number; cents: number }>();
  for (const one of series) {
    if (one.status !== "ACTIVE") continue;
    const rate = visitsPerFourWeeks(one);
    const key = `${rate.numerator}/${rate.denominator}`;
    const group = centsByRate.get(key) ?? { ...rate, cents: 0 };
    group.cents += toCents(one.pricePerVisit);
    centsByRate.set(key, group);
  }
  const cents = [...centsByRate.values()].reduce((sum, group) => sum + (group.cents * group.numerator) / group.denominator, 0);
  return fromCents(roundHalfAwayFromZero(cents));
}

/** Hours of a number of milliseconds, to 2 decimals. */
export const hoursOf = (ms: number): number => fromCents(roundHalfAwayFromZero(ms / 36_000));

/** A mean rating to 1 decimal, or null with none. */
export const meanRating = (sum: number, count: number): number | null =>
  count === 0 ? null : roundHalfAwayFromZero((sum * 10) / count) / 10;

/** booked / available, a fraction to 3 decimals; null with nothing available. */
export const utilisationOf = (bookedMs: number, workingMs: number): number | null =>
  workingMs === 0 ? null : roundHalfAwayFromZero((bookedMs * 1000) / workingMs) / 1000;

/**
 * The minutes a cleaner works over the range: their week (or the business's default week) on
 * each day, except closed dates and their leave. Wall-clock minutes, as the week is set.
 */
export function workingMinutes(
  cleaner: ReportCleaner,
  timeOff: readonly ReportTimeOff[],
  closedDates: ReadonlySet<string>,
  range: ReportRange,
  scheduling: ReportScheduling,
): number {
  const week = workingWeek({ workingHoursSet: cleaner.workingHoursSet, days: cleaner.days }, scheduling);
  const minutesByWeekday = new Map(week.map((day) => [day.weekday, minutesOfClock(day.end) - minutesOfClock(day.start)]));
  const leave = timeOff.filter((off) => off.cleanerId === cleaner.id);
  let minutes = 0;
  for (const day of rangeDays(range)) {
    if (closedDates.has(day) || leave.some((off) => off.from <= day && day <= off.to)) continue;
    minutes += minutesByWeekday.get(weekdayOfYmd(day)) ?? 0;
  }
  return minutes;
}

/** Cleaners by name, then id (so two of the same name keep one order). */
export const byCleanerOrder = (a: { name: string; cleanerId: string }, b: { name: string; cleanerId: string }): number =>
  compareText(a.name, b.name) || compareText(a.cleanerId, b.cleanerId);

/** Services by booked revenue (most first), then name, then id (a deleted one, null, first). */
export const byServiceOrder = (a: ReportServiceFigures, b: ReportServiceFigures): number =>
  b.booked - a.booked || compareText(a.name, b.name) || compareText(a.serviceId ?? "", b.serviceId ?? "");

/**
 * Each cleaner's jobs (place-holding, in the range), hours, utilisation and the mean rating of
 * those jobs: the active team, and anyone else on such a job.
 */
export function cleanerFigures(records: ReportRecords, query: ReportQuery, rangeJobs: readonly ReportJob[]): ReportCleanerFigures[] {
  const closed = new Set(records.closedDates);
  const ratingOf = new Map(records.ratings.map((r) => [r.bookingId, r.rating]));
  const holding = rangeJobs.filter(isPlaceHolding);
  return records.cleaners
    .map((cleaner) => {
      const theirs = holding.filter((job) => job.cleanerIds.includes(cleaner.id));
      const bookedMs = theirs.reduce((sum, job) => sum + (job.end.getTime() - job.start.getTime()), 0);
      const rated = theirs.filter((job) => ratingOf.has(job.id)).map((job) => ratingOf.get(job.id)!);
      const workingMs = workingMinutes(cleaner, records.timeOff, closed, query, query.scheduling) * 60_000;
      return {
        figures: {
          cleanerId: cleaner.id,
          name: cleaner.name,
          jobs: theirs.length,
          hours: hoursOf(bookedMs),
          utilisation: utilisationOf(bookedMs, workingMs),
          averageRating: meanRating(rated.reduce((sum, r) => sum + r, 0), rated.length),
        },
        listed: cleaner.active || theirs.length > 0,
      };
    })
    .filter((cleaner) => cleaner.listed)
    .map((cleaner) => cleaner.figures)
    .sort(byCleanerOrder);
}

/** Place-holding jobs and their booked revenue per service; a deleted service under its booked name. */
export function serviceFigures(rangeJobs: readonly ReportJob[], services: readonly ReportService[]): ReportServiceFigures[] {
  const catalogue = new Map(services.map((service) => [service.id, service]));
  const groups = new Map<string, { serviceId: string | null; name: string; jobs: number; cents: number }>();
  for (const job of rangeJobs.filter(isPlaceHolding)) {
    const service = job.serviceId === null ? undefined : catalogue.get(job.serviceId);
    const live = service && !service.deleted ? service : null;
    const key = live ? `id:${live.id}` : `name:${job.serviceName}`;
    const group = groups.get(key) ?? { serviceId: live?.id ?? null, name: live?.name ?? job.serviceName, jobs: 0, cents: 0 };
    group.jobs++;
    group.cents += toCents(job.price);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ cents, ...group }) => ({ ...group, booked: fromCents(cents) }))
    .sort(byServiceOrder);
}

/** The range's weeks: booked, collected, jobs and cancelled of their days inside the range. */
export function weekFigures(rangeJobs: readonly ReportJob[], ledger: readonly ReportLedgerEntry[], range: ReportRange): ReportWeekFigures[] {
  return reportWeeks(range).map((week) => {
    const jobs = rangeJobs.filter((job) => weekStartOf(job.start) === week.weekStart);
    return {
      weekStart: week.weekStart,
      booked: bookedRevenue(jobs),
      collected: collected(ledger, { from: week.firstDay, to: week.lastDay }),
      jobs: jobs.filter(isPlaceHolding).length,
      cancelled: jobs.filter(isCancelledJob).length,
    };
  });
}

/** Every figure of the range, as GET /api/admin/reports/summary answers. */
export function summarise(records: ReportRecords, query: ReportQuery): ReportSummary {
  const range = { from: query.from, to: query.to };
  const rangeJobs = jobsInRange(records.jobs, range);
  const ratingOf = new Map(records.ratings.map((r) => [r.bookingId, r.rating]));
  const rated = rangeJobs.filter((job) => ratingOf.has(job.id)).map((job) => ratingOf.get(job.id)!);
  return {
    from: query.from,
    to: query.to,
    bookedRevenue: bookedRevenue(rangeJobs),
    collected: collected(records.ledger, range),
    outstanding: outstanding(rangeJobs, records.ledger),
    jobs: rangeJobs.filter(isPlaceHolding).length,
    cancelled: rangeJobs.filter(isCancelledJob).length,
    cancelledValue: cancelledValue(rangeJobs),
    cancelReasons: cancelReasons(rangeJobs),
    ...customerCounts(records.jobs, range),
    recurringRunRate: recurringRunRate(records.series),
    byWeek: weekFigures(rangeJobs, records.ledger, range),
    byService: serviceFigures(rangeJobs, records.services),
    byCleaner: cleanerFigures(records, query, rangeJobs),
    averageRating: meanRating(rated.reduce((sum, r) => sum + r, 0), rated.length),
    ratings: rated.length,
  };
}
