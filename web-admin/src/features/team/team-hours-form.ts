/**
 * The Team screen's working-hours and time-off forms (issue 28): their values, and their check
 * before sending with core's schemas (the rules and words the API validates with). The server's
 * field errors (days.2.end) land on the weekday they name.
 */
import { CLEANER_MESSAGES, timeOffInputSchema, workingHoursInputSchema } from "@yarra/core/cleaners/schemas.ts";
import { type TimeOff, WEEKDAY_NAMES, WEEKDAYS_FROM_MONDAY, type WorkingDay } from "@yarra/core/cleaners/team.ts";
import { formatMelbourneDate, melbourneInstant } from "@yarra/core/shared/melbourne-time.ts";
import { parseInput } from "@yarra/core/shared/parse-input.ts";
import type { TimeOffBody } from "./cleaners-api.ts";

export { CLEANER_LIMITS, CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";
export { WEEKDAY_NAMES };

/** One weekday of the editor, as the inputs hold it. A time input cannot show 24:00: its end shows 00:00. */
export interface DayRow {
  weekday: number;
  works: boolean;
  start: string;
  end: string;
}

/** Messages by weekday (start, end, or the day itself), and those about the whole week. */
export interface WeekErrors {
  days: Partial<Record<number, { day?: string[]; start?: string[]; end?: string[] }>>;
  week: string[];
}

export const NO_WEEK_ERRORS: WeekErrors = { days: {}, week: [] };

/** What a day not worked offers when ticked: the times of the first day worked, else 8 to 5. */
const FALLBACK_DAY = { start: "08:00", end: "17:00" };

/** Midnight as an end: a time input says 00:00; the API says 24:00. */
const endForInput = (end: string) => (end === "24:00" ? "00:00" : end);
const endForApi = (end: string) => (end === "00:00" ? "24:00" : end);

/** The editor's seven rows, Monday first, from the cleaner's week. */
export function weekRowsOf(week: readonly WorkingDay[]): DayRow[] {
  const byWeekday = new Map(week.map((day) => [day.weekday, day]));
  const fallback = week[0] ?? FALLBACK_DAY;
  return WEEKDAYS_FROM_MONDAY.map((weekday) => {
    const day = byWeekday.get(weekday);
    return { weekday, works: day !== undefined, start: (day ?? fallback).start, end: endForInput((day ?? fallback).end) };
  });
}

/** Field errors keyed days.N.field, put on the weekday of the Nth day sent. */
export function weekErrorsOf(fieldErrors: Record<string, string[]>, sent: readonly WorkingDay[]): WeekErrors {
  const errors: WeekErrors = { days: {}, week: [] };
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const [, index, field] = /^days\.(\d+)(?:\.(start|end|weekday))?$/.exec(path) ?? [];
    const weekday = index === undefined ? undefined : sent[Number(index)]?.weekday;
    if (weekday === undefined) {
      errors.week.push(...messages);
      continue;
    }
    const key = field === "start" || field === "end" ? field : "day";
    const day = (errors.days[weekday] ??= {});
    (day[key] ??= []).push(...messages);
  }
  return errors;
}

/** The week to send (the days ticked, Sunday first), or the messages to show. */
export function checkWeekRows(rows: readonly DayRow[]): { ok: true; days: WorkingDay[] } | { ok: false; days: WorkingDay[]; errors: WeekErrors } {
  const days = rows.filter((row) => row.works)
    .map((row) => ({ weekday: row.weekday, start: row.start, end: endForApi(row.end) }))
    .sort((a, b) => a.weekday - b.weekday);
  const verdict = parseInput(workingHoursInputSchema, { days });
  if (verdict.ok) return { ok: true, days: verdict.value.days };
  return { ok: false, days, errors: weekErrorsOf(verdict.error.fieldErrors ?? {}, days) };
}

/** "Mon 08:00–17:00"-style words for the row: which days, and their hours when every day has the same. */
export function weekSummary(cleaner: { workingHours: readonly WorkingDay[]; workingHoursSet: boolean }): string {
  const week = WEEKDAYS_FROM_MONDAY.map((weekday) => cleaner.workingHours.find((day) => day.weekday === weekday))
    .filter((day): day is WorkingDay => day !== undefined);
  const suffix = cleaner.workingHoursSet ? "" : " (business hours, not set yet)";
  if (week.length === 0) return `Works no day${suffix}`;
  const names = week.map((day) => WEEKDAY_NAMES[day.weekday].slice(0, 3)).join(", ");
  const same = week.every((day) => day.start === week[0].start && day.end === week[0].end);
  return `Works ${names}${same ? `, ${week[0].start}–${week[0].end}` : " (hours vary by day)"}${suffix}`;
}

// ------------------------------------------------------------ time off

export interface TimeOffFormValues {
  from: string;
  to: string;
  reason: string;
}

export type TimeOffFieldErrors = Partial<Record<keyof TimeOffFormValues, string[]>>;

export const EMPTY_TIME_OFF: TimeOffFormValues = { from: "", to: "", reason: "" };

/** The body to send, or the messages to show; a date left empty is asked for in words. */
export function checkTimeOffForm(values: TimeOffFormValues): { ok: true; body: TimeOffBody } | { ok: false; fieldErrors: TimeOffFieldErrors } {
  const missing: TimeOffFieldErrors = {
    ...(values.from === "" ? { from: [CLEANER_MESSAGES.timeOffFrom] } : {}),
    ...(values.to === "" ? { to: [CLEANER_MESSAGES.timeOffTo] } : {}),
  };
  if (missing.from || missing.to) return { ok: false, fieldErrors: missing };
  const verdict = parseInput(timeOffInputSchema, values);
  if (!verdict.ok) return { ok: false, fieldErrors: (verdict.error.fieldErrors ?? {}) as TimeOffFieldErrors };
  const { reason, ...dates } = verdict.value;
  return { ok: true, body: reason ? { ...dates, reason } : dates };
}

/** The cleaner's coming leave with `added` in it (when it ends today or later), by first day, as the server lists it. */
export const withTimeOff = (timeOff: readonly TimeOff[], added: TimeOff, today: string): TimeOff[] =>
  [...timeOff.filter((off) => off._id !== added._id), ...(added.to >= today ? [added] : [])]
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a._id.localeCompare(b._id));

/** '2026-12-21' as staff read it: 'Mon 21 Dec 2026'. */
export const formatDay = (ymd: string) => formatMelbourneDate(melbourneInstant(ymd, 12));

/** 'Mon 21 Dec 2026 – Fri 8 Jan 2027', or the one day. */
export const formatLeave = (off: Pick<TimeOff, "from" | "to">) =>
  off.from === off.to ? formatDay(off.from) : `${formatDay(off.from)} – ${formatDay(off.to)}`;
