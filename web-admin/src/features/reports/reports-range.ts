/**
 * The Reports screen's ranges: the presets worked out from today's Melbourne date, the custom
 * range's checks (the server's own rules, so a range it would refuse is never asked for), and the
 * previous period the tiles compare with.
 */
import { type ReportRange, reportRangeSchema } from "@yarra/core/reports/schemas.ts";
import { addDaysYmd, melbourneYmd, parseYmd, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { ReportPreset, ReportsSearch } from "./reports-search.ts";

export const DEFAULT_PRESET: ReportPreset = "this-month";

export const PRESET_LABELS: Record<ReportPreset, string> = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  "this-fy": "This financial year",
  custom: "Custom",
};

/** An empty date input; a wrong, reversed or too long range is told in core's words, the server's own. */
export const RANGE_MESSAGES = {
  fromRequired: "Choose a start date.",
  toRequired: "Choose an end date.",
} as const;

export type RangeProblems = Partial<Record<keyof ReportRange, string>>;

const pad2 = (n: number) => String(n).padStart(2, "0");
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function monthRange(year: number, month: number): ReportRange {
  const ym = `${year}-${pad2(month)}`;
  return { from: `${ym}-01`, to: `${ym}-${pad2(lastDayOfMonth(year, month))}` };
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange({ from, to }: ReportRange): number {
  const a = parseYmd(from)!;
  const b = parseYmd(to)!;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1;
}

/** A preset's days, as the Melbourne calendar shows them on `today`. Weeks start on Monday. */
export function presetRange(preset: Exclude<ReportPreset, "custom">, today: string): ReportRange {
  const { year, month } = parseYmd(today)!;
  const monday = addDaysYmd(today, -((weekdayOfYmd(today) + 6) % 7));
  switch (preset) {
    case "this-week":
      return { from: monday, to: addDaysYmd(monday, 6) };
    case "last-week":
      return { from: addDaysYmd(monday, -7), to: addDaysYmd(monday, -1) };
    case "this-month":
      return monthRange(year, month);
    case "last-month":
      return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
    case "this-fy": {
      // The Australian financial year runs from 1 July to 30 June.
      const startYear = month >= 7 ? year : year - 1;
      return { from: `${startYear}-07-01`, to: `${startYear + 1}-06-30` };
    }
  }
}

/** What is wrong with a custom range, by field, or null when the server would take it (core's rule). */
export function rangeProblems(range: ReportRange): RangeProblems | null {
  const problems: RangeProblems = {};
  if (range.from === "") problems.from = RANGE_MESSAGES.fromRequired;
  if (range.to === "") problems.to = RANGE_MESSAGES.toRequired;
  const checked = reportRangeSchema.safeParse(range);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if ((field === "from" || field === "to") && !problems[field]) problems[field] = issue.message;
    }
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The screen's range: a link with dates but no preset is a custom one; no preset at all is this month. */
export type ResolvedRange =
  | { preset: ReportPreset; ok: true; range: ReportRange }
  | { preset: "custom"; ok: false; range: ReportRange; problems: RangeProblems };

export function resolveRange(search: ReportsSearch, now: Date): ResolvedRange {
  const preset = search.preset ?? (search.from || search.to ? "custom" : DEFAULT_PRESET);
  if (preset !== "custom") return { preset, ok: true, range: presetRange(preset, melbourneYmd(now)) };
  const range = { from: search.from ?? "", to: search.to ?? "" };
  const problems = rangeProblems(range);
  return problems ? { preset, ok: false, range, problems } : { preset, ok: true, range };
}

/** The period just before `range`, of the same number of days: what the tiles compare with. */
export function previousPeriod(range: ReportRange): ReportRange {
  const days = daysInRange(range);
  return { from: addDaysYmd(range.from, -days), to: addDaysYmd(range.from, -1) };
}

const dayMonthYear = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A calendar date's day, month and year as en-AU writes them; assembled from parts, as core's formats are, so ICU's punctuation does not matter. */
function dateParts(ymd: string): Record<string, string> {
  const { year, month, day } = parseYmd(ymd)!;
  // The date as a UTC instant: formatting it in UTC shows that same date.
  const parts: Record<string, string> = {};
  for (const part of dayMonthYear.formatToParts(new Date(Date.UTC(year, month - 1, day)))) parts[part.type] = part.value;
  return parts;
}

/** e.g. '3 Nov': a week's label on the chart. */
export function formatDayMonth(ymd: string): string {
  const p = dateParts(ymd);
  return `${p.day} ${p.month}`;
}

/** e.g. '3 Nov 2026'. */
export function formatDay(ymd: string): string {
  const p = dateParts(ymd);
  return `${p.day} ${p.month} ${p.year}`;
}

/** e.g. '1 Nov 2026 – 30 Nov 2026', or one date for a one-day range. */
export const formatRange = ({ from, to }: ReportRange): string =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
