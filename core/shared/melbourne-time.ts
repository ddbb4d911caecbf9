/** Australia/Melbourne wall-clock helpers (DST included), built on @date-fns/tz. */
import { TZDate, tzOffset } from "@date-fns/tz";

export const MELBOURNE_TZ = "Australia/Melbourne";

const YMD_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Splits a real calendar date 'YYYY-MM-DD' into numbers, or null (rejects 2026-02-30). */
export function parseYmd(ymd: string): { year: number; month: number; day: number } | null {
  const match = YMD_PATTERN.exec(ymd);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A calendar round trip catches impossible days; UTC is used only as a plain calendar here.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (
    probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

export const isYmd = (value: string): boolean => parseYmd(value) !== null;

function requireYmd(ymd: string) {
  const parts = parseYmd(ymd);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${ymd}`);
  return parts;
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/**
 * A time-zone conversion costs tens of microseconds, and the availability calendar asks the same
 * few hundred (every slot of two months) on every call: the pure conversions below remember their
 * answers, in a map cleared when it grows past MEMO_LIMIT entries.
 */
const MEMO_LIMIT = 20_000;

function memoized<K, V>(compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= MEMO_LIMIT) answers.clear();
      answer = compute(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

interface WallClock {
  readonly ymd: string;
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const MS_PER_HOUR = 3_600_000;

/**
 * Melbourne's offset from UTC (ms) through the UTC hour numbered `hourIndex` (ms / 1 h, floored).
 * Its clock changes fall on a UTC hour (16:00, in April and October), so one reading of the time
 * zone data serves a whole hour: "now", a new millisecond on every call, costs a lookup.
 */
const offsetOfUtcHour = memoized((hourIndex: number): number => tzOffset(MELBOURNE_TZ, new Date(hourIndex * MS_PER_HOUR)) * 60_000);

/** What a Melbourne clock and calendar show at an instant (milliseconds since the epoch). */
const wallClockAt = memoized((ms: number): WallClock => {
  // The instant shifted by the offset reads, in UTC, as the Melbourne wall clock.
  const local = new Date(ms + offsetOfUtcHour(Math.floor(ms / MS_PER_HOUR)));
  return Object.freeze({
    ymd: `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`,
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  });
});

interface DayBounds {
  ymd: string;
  from: number;
  to: number;
}

/**
 * The last two Melbourne days asked for, as the instants they run between, the latest first:
 * "now" is a new millisecond on every call, so the memo above would never see it twice, yet it is
 * nearly always today; and the start rules ask for today between each slot's own day (with one
 * day remembered, the calendar's every slot swapped them and worked both out again).
 */
let latestDay: DayBounds = { ymd: "", from: 0, to: 0 };
let earlierDay: DayBounds = latestDay;

/** The Melbourne calendar date of an instant, 'YYYY-MM-DD'. */
export function melbourneYmd(instant: Date): string {
  const ms = instant.getTime();
  if (ms >= latestDay.from && ms < latestDay.to) return latestDay.ymd;
  if (ms >= earlierDay.from && ms < earlierDay.to) {
    [latestDay, earlierDay] = [earlierDay, latestDay];
    return latestDay.ymd;
  }
  const ymd = wallClockAt(ms).ymd;
  // Only four-digit years have a next day to bound this one (and only those are remembered).
  if (YMD_PATTERN.test(ymd)) {
    earlierDay = latestDay;
    latestDay = { ymd, from: instantMs(ymd, 0, 0), to: instantMs(addDaysYmd(ymd, 1), 0, 0) };
  }
  return ymd;
}

/** The Melbourne weekday of an instant, 0 = Sunday. */
export function melbourneWeekday(instant: Date): number {
  return wallClockAt(instant.getTime()).weekday;
}

export function melbourneHourMinute(
  instant: Date,
): { hour: number; minute: number; second: number } {
  const { hour, minute, second } = wallClockAt(instant.getTime());
  return { hour, minute, second };
}

/**
 * The instant of a Melbourne wall-clock time. A time skipped by the spring-forward change
 * (02:xx on the first Sunday of October) lands an hour later, as clocks show it.
 */
export function melbourneInstant(ymd: string, hour: number, minute = 0): Date {
  return new Date(instantMs(ymd, hour, minute));
}

/**
 * Remembered by day, then by the minute of the day: a key string built per call cost more than
 * the lookup (the calendar asks for every slot of two months on every call), while the dates come
 * from addDaysYmd's memo, the same strings each time, whose hashes V8 keeps. Each day keeps its
 * parsed date, read once.
 */
const instantsByDay = new Map<string, { date: ReturnType<typeof requireYmd>; byMinute: Map<number, number> }>();
const DAYS_REMEMBERED = 2_000;

function instantMs(ymd: string, hour: number, minute: number): number {
  let day = instantsByDay.get(ymd);
  if (day === undefined) {
    const date = requireYmd(ymd); // Not a date: it throws, and nothing is remembered.
    if (instantsByDay.size >= DAYS_REMEMBERED) instantsByDay.clear();
    day = { date, byMinute: new Map() };
    instantsByDay.set(ymd, day);
  }
  const minuteOfDay = hour * 60 + minute;
  let ms = day.byMinute.get(minuteOfDay);
  if (ms === undefined) {
    const { year, month, day: date } = day.date;
    ms = new TZDate(year, month - 1, date, hour, minute, 0, 0, MELBOURNE_TZ).getTime();
    day.byMinute.set(minuteOfDay, ms);
  }
  return ms;
}

/** Calendar arithmetic on a date with no time of day, so no time zone is involved. */
export function addDaysYmd(ymd: string, days: number): string {
  return addDaysMemo(`${ymd}|${days}`);
}

// The calendar and the start rules ask the same few hundred (date, days) pairs on every call.
const addDaysMemo = memoized((key: string): string => {
  const [ymd, days] = key.split("|");
  const { year, month, day } = requireYmd(ymd);
  return new Date(Date.UTC(year, month - 1, day + Number(days))).toISOString().slice(0, 10);
});

/** Weekday of a calendar date, 0 = Sunday (asked of every slot the calendar judges). */
export const weekdayOfYmd: (ymd: string) => number = memoized((ymd: string): number => {
  const { year, month, day } = requireYmd(ymd);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
});

const dateTimeFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: MELBOURNE_TZ,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

const longDateFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: MELBOURNE_TZ,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const shortDateFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: MELBOURNE_TZ,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** Assembled from parts so the text does not depend on the ICU version's punctuation and spaces. */
function partsOf(format: Intl.DateTimeFormat, instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** e.g. 'Sat 28 Nov 2026, 9:00 am'. */
export function formatMelbourneDateTime(instant: Date): string {
  return dateTimeText(instant.getTime());
}

// Every e-mail about a visit writes its start a few times, and visits start on the hour.
const dateTimeText = memoized((ms: number): string => {
  const p = partsOf(dateTimeFormat, new Date(ms));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`;
});

/** e.g. 'Sat 28 Nov 2026'. */
export function formatMelbourneDate(instant: Date): string {
  const p = partsOf(shortDateFormat, instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** e.g. 'Saturday 28 November 2026'. */
export function formatMelbourneLongDate(instant: Date): string {
  const p = partsOf(longDateFormat, instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/**
 * A calendar date written out, e.g. '2026-11-26' -> 'Thursday 26 November 2026'. Remembered: the
 * start rules write it into the message of every slot of a closed or too-early day.
 */
export const formatYmdLong: (ymd: string) => string = memoized((ymd: string): string =>
  // Midday avoids any doubt about which Melbourne day the instant falls on.
  formatMelbourneLongDate(melbourneInstant(ymd, 12))
);

/**
 * 'AEST' or 'AEDT': Melbourne's offset at the instant, to the second (a wall clock read to the
 * minute made any time at :30 s or later look one minute short of +11:00).
 */
export const melbourneZoneAbbreviation = (instant: Date): "AEST" | "AEDT" => zoneAt(instant.getTime());

const zoneAt = memoized((ms: number): "AEST" | "AEDT" => tzOffset(MELBOURNE_TZ, new Date(ms)) >= 660 ? "AEDT" : "AEST");

/** e.g. '12:00 pm'. */
export function formatMelbourneTime(instant: Date): string {
  const { hour, minute } = melbourneHourMinute(instant);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

const zoneNote = (instant: Date): string =>
  `${melbourneZoneAbbreviation(instant)} (Melbourne time)`;

/** e.g. 'Mon 5 Oct 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)'. */
export function formatAppointment(start: Date, end: Date): string {
  const sameDay = melbourneYmd(start) === melbourneYmd(end);
  const endText = sameDay ? formatMelbourneTime(end) : formatMelbourneDateTime(end);
  return `${formatMelbourneDateTime(start)} – ${endText} ${zoneNote(start)}`;
}

/** e.g. 'Sat 28 Nov 2026, 9:00 am AEDT (Melbourne time)'. */
export function formatMelbourneMoment(instant: Date): string {
  return `${formatMelbourneDateTime(instant)} ${zoneNote(instant)}`;
}
