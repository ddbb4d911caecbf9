/**
 * The Timesheets screen's weeks (issue 31): Monday to Sunday in Melbourne, as the office pays; a
 * link may carry another range (a fortnight's pay run) of at most core's limit.
 */
import { addDaysYmd, isYmd, melbourneYmd, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import { TIMESHEET_MAX_DAYS } from "@yarra/core/team/limits.ts";

export interface DayRange {
  from: string;
  to: string;
}

/** The Monday of the date's week. */
export const mondayOf = (date: string): string => addDaysYmd(date, -((weekdayOfYmd(date) + 6) % 7));

export const weekOf = (date: string): DayRange => {
  const from = mondayOf(date);
  return { from, to: addDaysYmd(from, 6) };
};

export const todayYmd = (now: Date = new Date()) => melbourneYmd(now);

/**
 * The range the URL asks for: from and to as given when they make a range the server takes (to on
 * or after from, at most TIMESHEET_MAX_DAYS days); else the week of `from`; else this week.
 */
export function rangeOf(search: { from?: string; to?: string }, today: string): DayRange {
  const { from, to } = search;
  if (from && isYmd(from)) {
    if (to && isYmd(to) && to >= from && to <= addDaysYmd(from, TIMESHEET_MAX_DAYS - 1)) return { from, to };
    return weekOf(from);
  }
  return weekOf(today);
}

/** The week before (-1) or after (+1) the range's first week. */
export const stepWeek = (range: DayRange, direction: -1 | 1): DayRange => weekOf(addDaysYmd(mondayOf(range.from), direction * 7));

export const isWeek = (range: DayRange) => range.from === mondayOf(range.from) && range.to === addDaysYmd(range.from, 6);

const dayFormat = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** e.g. 'Mon 23 Nov' (a calendar date: no zone involved). */
export function formatDayShort(date: string): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat.formatToParts(new Date(`${date}T00:00:00Z`))) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** e.g. 'Mon 23 Nov – Sun 29 Nov 2026'; the first year too when the range crosses into a new one. */
export function formatRange({ from, to }: DayRange): string {
  const fromYear = from.slice(0, 4);
  const toYear = to.slice(0, 4);
  return `${formatDayShort(from)}${fromYear === toYear ? "" : ` ${fromYear}`} – ${formatDayShort(to)} ${toYear}`;
}

/** Hours to two decimals at most, as payroll takes them: 521 minutes is '8.68 h'. */
export const hoursText = (minutes: number): string =>
  `${(minutes / 60).toLocaleString("en-AU", { maximumFractionDigits: 2 })} h`;

/** The Melbourne day a job starts, as its entry's date: 'Sat 28 Nov'. */
export const entryDay = (iso: string) => formatDayShort(melbourneYmd(new Date(iso)));
