/**
 * The reports' calendar (issue 32): a range of Melbourne days as the instants it runs between, and
 * its Monday-start weeks. Each boundary is a Melbourne midnight worked out by the time-zone helpers,
 * so a week holding a daylight-saving change is 167 or 169 hours long, and no job slips a day.
 */
import { addDaysYmd, melbourneInstant, melbourneYmd, weekdayOfYmd } from "../shared/melbourne-time.ts";
import type { ReportRange } from "./schemas.ts";

/** One week of a report: its Monday, and the part of it inside the range as [from, to) instants. */
export interface ReportWeek {
  weekStart: string;
  /** The first and last days of the week inside the range (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  from: Date;
  to: Date;
}

/** The Monday on or before a date. */
export const mondayOf = (ymd: string): string => addDaysYmd(ymd, -((weekdayOfYmd(ymd) + 6) % 7));

/** The range as instants: from its first Melbourne midnight to the one after its last day. */
export function rangeInstants(range: ReportRange): { from: Date; to: Date } {
  return { from: melbourneInstant(range.from, 0), to: melbourneInstant(addDaysYmd(range.to, 1), 0) };
}

/** Whether an instant falls on a Melbourne day of the range. */
export function inRange(range: ReportRange, instant: Date): boolean {
  const day = melbourneYmd(instant);
  return day >= range.from && day <= range.to;
}

/** Every Monday-start week that overlaps the range, in order, cut to the range's days. */
export function reportWeeks(range: ReportRange): ReportWeek[] {
  const weeks: ReportWeek[] = [];
  const dayAfterRange = addDaysYmd(range.to, 1);
  for (let monday = mondayOf(range.from); monday <= range.to; monday = addDaysYmd(monday, 7)) {
    const firstDay = monday < range.from ? range.from : monday;
    const nextMonday = addDaysYmd(monday, 7);
    const dayAfter = nextMonday < dayAfterRange ? nextMonday : dayAfterRange;
    weeks.push({
      weekStart: monday,
      firstDay,
      lastDay: addDaysYmd(dayAfter, -1),
      from: melbourneInstant(firstDay, 0),
      to: melbourneInstant(dayAfter, 0),
    });
  }
  return weeks;
}

/** The weeks' boundaries in order (first week's start, then each week's end): n weeks, n + 1 instants. */
export const weekBoundaries = (weeks: readonly ReportWeek[]): Date[] =>
  weeks.length === 0 ? [] : [weeks[0].from, ...weeks.map((week) => week.to)];

/** The Monday of the week a Melbourne day belongs to, as a report names it. */
export const weekStartOf = (instant: Date): string => mondayOf(melbourneYmd(instant));

/** The days of the range, in order (YYYY-MM-DD). */
export function rangeDays(range: ReportRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDaysYmd(day, 1)) days.push(day);
  return days;
}
