/**
 * How the report's figures read on screen: the change against the previous period (said in words
 * and signs, never by colour alone), the percentages, and the summaries the charts' canvases give
 * screen readers.
 */
import { formatAud, toCents } from "@yarra/core/shared/money.ts";
import type { ReportCleanerFigures, ReportServiceFigures, ReportWeekFigures } from "@yarra/core/reports/schemas.ts";
import { formatDay } from "./reports-range.ts";

/** The minus sign, not a hyphen: '−A$120.00', '−12%'. */
const MINUS = "\u2212";
export const ON_PREVIOUS = "on previous period";
export const NO_CHANGE = "No change on previous period";
/** One part of a change that stayed put, e.g. 'New +2; returning no change'. */
const NONE = "no change";

export type Direction = "up" | "down" | "same";

export interface Change {
  /** e.g. '+12% (+A$120.00) on previous period'. */
  text: string;
  direction: Direction;
}

const directionOf = (difference: number): Direction => (difference > 0 ? "up" : difference < 0 ? "down" : "same");
const signOf = (difference: number) => (difference > 0 ? "+" : difference < 0 ? MINUS : "");

/** +12%, −0.5% (a tenth below 1%, so a small change does not read as none), or null when there was nothing before. */
function percentChange(difference: number, previous: number): string | null {
  if (previous === 0) return null;
  const percent = Math.abs((difference / Math.abs(previous)) * 100);
  const shown = percent < 1 ? percent.toFixed(1) : String(Math.round(percent));
  return `${signOf(difference)}${shown}%`;
}

/** '+12% (+A$120.00)', '+A$120.00' after a period with none, 'no change'. */
function delta(difference: number, previous: number, write: (magnitude: number) => string): string {
  if (difference === 0) return NONE;
  const absolute = `${signOf(difference)}${write(Math.abs(difference))}`;
  const percent = percentChange(difference, previous);
  return percent === null ? absolute : `${percent} (${absolute})`;
}

const countText = (count: number) => count.toLocaleString("en-AU");

/** Money compared in cents, so float noise is never a change. */
const moneyDelta = (current: number, previous: number) =>
  delta((toCents(current) - toCents(previous)) / 100, previous, formatAud);
const countDelta = (current: number, previous: number) => delta(current - previous, previous, countText);

const change = (parts: string[], difference: number, same: boolean): Change =>
  same ? { text: NO_CHANGE, direction: "same" } : { text: `${parts.join("; ")} ${ON_PREVIOUS}`, direction: directionOf(difference) };

export function moneyChange(current: number, previous: number): Change {
  const difference = toCents(current) - toCents(previous);
  return change([moneyDelta(current, previous)], difference, difference === 0);
}

export const countChange = (current: number, previous: number): Change =>
  change([countDelta(current, previous)], current - previous, current === previous);

/** Cancellations: how many, then what they were worth; more of them is the count going up. */
export function cancelledChange(current: { count: number; value: number }, previous: { count: number; value: number }): Change {
  const valueDifference = toCents(current.value) - toCents(previous.value);
  return change(
    [countDelta(current.count, previous.count), `value ${moneyDelta(current.value, previous.value)}`],
    current.count - previous.count || valueDifference,
    current.count === previous.count && valueDifference === 0,
  );
}

export function customersChange(
  current: { newCustomers: number; returningCustomers: number },
  previous: { newCustomers: number; returningCustomers: number },
): Change {
  const total = current.newCustomers + current.returningCustomers - previous.newCustomers - previous.returningCustomers;
  return change(
    [
      `New ${countDelta(current.newCustomers, previous.newCustomers)}`,
      `returning ${countDelta(current.returningCustomers, previous.returningCustomers)}`,
    ],
    total,
    current.newCustomers === previous.newCustomers && current.returningCustomers === previous.returningCustomers,
  );
}

/** An average rating's change in points (one decimal), or what there is to say when a period had none. */
export function ratingChange(current: number | null, previous: number | null): Change | null {
  if (current === null) return null;
  if (previous === null) return { text: "No ratings in the previous period", direction: "same" };
  const difference = Math.round((current - previous) * 10) / 10;
  if (difference === 0) return { text: NO_CHANGE, direction: "same" };
  return { text: `${signOf(difference)}${Math.abs(difference).toFixed(1)} ${ON_PREVIOUS}`, direction: directionOf(difference) };
}

/** 0.853 → '85.3%'; none without working hours. */
export const formatUtilisation = (fraction: number | null): string =>
  fraction === null ? "—" : `${(Math.round(fraction * 1000) / 10).toLocaleString("en-AU", { maximumFractionDigits: 1 })}%`;

/** 12.5 → '12.5'; hours to two decimals at most. */
export const formatHours = (hours: number): string => hours.toLocaleString("en-AU", { maximumFractionDigits: 2 });

export const formatRating = (rating: number | null): string => (rating === null ? "—" : rating.toFixed(1));

export const plural = (count: number, one: string, many: string) => `${countText(count)} ${count === 1 ? one : many}`;

/** A service's name; a deleted one may come back without one. */
export const serviceName = (service: ReportServiceFigures): string => service.name.trim() || "Deleted service";

/** The first few of a list and how many more, for a chart summary. */
function firstFew(parts: string[], shown = 3): string {
  if (parts.length <= shown) return parts.join(", ");
  return `${parts.slice(0, shown).join(", ")} and ${parts.length - shown} more`;
}

const sum = (values: number[]) => values.reduce((total, value) => total + toCents(value), 0) / 100;

export function weeksSummary(weeks: ReportWeekFigures[]): string {
  if (weeks.length === 0) return "Booked and collected by week: no weeks in this range.";
  const busiest = weeks.reduce((best, week) => (week.booked > best.booked ? week : best));
  return `Booked and collected by week, ${plural(weeks.length, "week", "weeks")} from the week of ${formatDay(weeks[0].weekStart)}: ` +
    `${formatAud(sum(weeks.map((week) => week.booked)))} booked and ${formatAud(sum(weeks.map((week) => week.collected)))} collected in all` +
    (busiest.booked > 0 ? `; most booked in the week of ${formatDay(busiest.weekStart)}, ${formatAud(busiest.booked)}.` : ".");
}

export function servicesSummary(services: ReportServiceFigures[]): string {
  if (services.length === 0) return "Jobs by service: no jobs in this range.";
  const byJobs = [...services].sort((a, b) => b.jobs - a.jobs);
  return `Jobs by service: ${firstFew(byJobs.map((service) => `${serviceName(service)} ${plural(service.jobs, "job", "jobs")}`))}.`;
}

export function cleanersSummary(cleaners: ReportCleanerFigures[]): string {
  if (cleaners.length === 0) return "Hours per cleaner: no cleaners.";
  const byHours = [...cleaners].sort((a, b) => b.hours - a.hours);
  return `Hours per cleaner: ${firstFew(byHours.map((cleaner) => `${cleaner.name} ${formatHours(cleaner.hours)} h`))}.`;
}
