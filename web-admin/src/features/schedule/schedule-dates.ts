/** Melbourne days and times as the schedule shows them (daylight saving included). */
import {
  addDaysYmd,
  formatYmdLong,
  isYmd,
  melbourneHourMinute,
  melbourneInstant,
  melbourneYmd,
  melbourneZoneAbbreviation,
  weekdayOfYmd,
} from "@yarra/core/shared/melbourne-time.ts";

export type ScheduleView = "day" | "week";
export const SCHEDULE_VIEWS = ["day", "week"] as const satisfies readonly ScheduleView[];

export const todayYmd = (now: Date = new Date()) => melbourneYmd(now);

/** The date asked for when it is a real one, else today. */
export const shownDate = (date: string | undefined, now: Date = new Date()) => (date && isYmd(date) ? date : todayYmd(now));

/** The Monday of the date's week: the office plans Monday to Sunday. */
export const weekStart = (date: string) => addDaysYmd(date, -((weekdayOfYmd(date) + 6) % 7));

/** The Melbourne days one view shows, first and last inclusive. */
export function rangeOf(view: ScheduleView, date: string): { from: string; to: string } {
  if (view === "day") return { from: date, to: date };
  const from = weekStart(date);
  return { from, to: addDaysYmd(from, 6) };
}

export const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 31; day = addDaysYmd(day, 1)) days.push(day);
  return days;
};

/** Previous (-1) or Next (+1): a day, or a week. */
export const stepDate = (view: ScheduleView, date: string, direction: -1 | 1) => addDaysYmd(date, direction * (view === "day" ? 1 : 7));

/** The instants a Melbourne day starts and the next one starts, as ISO text. */
export function dayBounds(date: string): { start: string; next: string } {
  return { start: melbourneInstant(date, 0).toISOString(), next: melbourneInstant(addDaysYmd(date, 1), 0).toISOString() };
}

/** Minutes since midnight on the Melbourne wall clock. */
export function wallMinutes(iso: string): number {
  const { hour, minute } = melbourneHourMinute(new Date(iso));
  return hour * 60 + minute;
}

const clock = (hour: number, minute: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;

/** e.g. '9:00 am', in Melbourne. */
export function formatTime(iso: string): string {
  const { hour, minute } = melbourneHourMinute(new Date(iso));
  return clock(hour, minute);
}

/** An hour on the axis: '8 am', '12 pm'. */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour % 24 < 12 ? "am" : "pm"}`;

/** e.g. '9:00 am – 12:00 pm'. */
export const formatTimeRange = (startIso: string, endIso: string) => `${formatTime(startIso)} – ${formatTime(endIso)}`;

/** 'AEST' or 'AEDT' for the day (its midday: the changes happen at night). */
export const zoneOfDay = (date: string) => melbourneZoneAbbreviation(melbourneInstant(date, 12));

/** 'AEST' or 'AEDT' at the instant. */
export const zoneAt = (iso: string) => melbourneZoneAbbreviation(new Date(iso));

export const formatDayLong = (date: string) => formatYmdLong(date);

const shortDay = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** e.g. 'Mon 23 Nov' (a calendar date: no time zone involved). */
export function formatDayShort(date: string): string {
  const parts: Record<string, string> = {};
  for (const part of shortDay.formatToParts(new Date(`${date}T00:00:00Z`))) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** The Melbourne date a job starts on. */
export const jobDate = (iso: string) => melbourneYmd(new Date(iso));
