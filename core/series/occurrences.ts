/**
 * When the visits of a series fall (issue 17): pure calendar arithmetic on Melbourne dates.
 * A series repeats every `every` weeks or months from its anchor date, at one Melbourne
 * wall-clock start (so 9:00 stays 9:00 across the April and October daylight-saving changes).
 * Monthly series keep the anchor's day of the month, or the month's last day when it has fewer
 * (anchored on the 31st: 28/29 Feb, 30 Apr, then 31 May again).
 */
import { addDaysYmd, melbourneInstant, parseYmd } from "../shared/melbourne-time.ts";

export const REPEAT_UNITS = ["WEEK", "MONTH"] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

/** A frequency's repetition; `NONE` (every 0) for a one-off. */
export interface Repeat {
  unit: RepeatUnit | "NONE";
  every: number;
}

/** What decides a series' dates and times. */
export interface SeriesTerms {
  unit: RepeatUnit;
  every: number;
  /** The first occurrence of these terms, 'YYYY-MM-DD' (Melbourne). */
  anchorDate: string;
  /** Melbourne wall-clock start, minutes after midnight. */
  startMinutes: number;
  durationMinutes: number;
}

export const isRecurring = (repeat: Repeat): repeat is { unit: RepeatUnit; every: number } =>
  repeat.unit !== "NONE" && repeat.every >= 1;

const pad2 = (n: number) => String(n).padStart(2, "0");
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function requireYmd(ymd: string) {
  const parts = parseYmd(ymd);
  if (!parts) throw new Error(`not a date: ${ymd}`);
  return parts;
}

/** The n-th occurrence date (n = 0 is the anchor). */
export function nthOccurrence(terms: Pick<SeriesTerms, "unit" | "every" | "anchorDate">, n: number): string {
  if (terms.unit === "WEEK") return addDaysYmd(terms.anchorDate, 7 * terms.every * n);
  const { year, month, day } = requireYmd(terms.anchorDate);
  const monthIndex = month - 1 + terms.every * n;
  const y = year + Math.floor(monthIndex / 12);
  const m = (monthIndex % 12 + 12) % 12 + 1;
  return `${y}-${pad2(m)}-${pad2(Math.min(day, daysInMonth(y, m)))}`;
}

/**
 * The occurrence dates of `terms` from `from` through `through` (both 'YYYY-MM-DD', inclusive),
 * in order. Never before the anchor; at most `limit` dates.
 */
export function occurrenceDates(
  terms: Pick<SeriesTerms, "unit" | "every" | "anchorDate">,
  from: string,
  through: string,
  limit = 520,
): string[] {
  const dates: string[] = [];
  // Start near `from` instead of walking from an anchor years back.
  let n = Math.max(0, estimateIndex(terms, from) - 1);
  for (let guard = 0; dates.length < limit && guard < limit + 3; guard++, n++) {
    const date = nthOccurrence(terms, n);
    if (date > through) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

function estimateIndex(terms: Pick<SeriesTerms, "unit" | "every" | "anchorDate">, from: string): number {
  if (from <= terms.anchorDate) return 0;
  const a = requireYmd(terms.anchorDate);
  const f = requireYmd(from);
  if (terms.unit === "MONTH") return Math.floor(((f.year - a.year) * 12 + (f.month - a.month)) / terms.every);
  const days = (Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000;
  return Math.floor(days / (7 * terms.every));
}

/** The instants of the visit on occurrence `date`: the series' wall-clock start, its length. */
export function visitTimes(terms: Pick<SeriesTerms, "startMinutes" | "durationMinutes">, date: string): { startTime: Date; endTime: Date } {
  const startTime = melbourneInstant(date, Math.floor(terms.startMinutes / 60), terms.startMinutes % 60);
  return { startTime, endTime: new Date(startTime.getTime() + terms.durationMinutes * 60_000) };
}

/** The series' planned visits after the first, for the first confirmation ("your next visits"). */
export function nextOccurrences(terms: SeriesTerms, count: number): { date: string; startTime: Date }[] {
  const dates = occurrenceDates(terms, addDaysYmd(terms.anchorDate, 1), "9999-12-31", count);
  return dates.map((date) => ({ date, startTime: visitTimes(terms, date).startTime }));
}
