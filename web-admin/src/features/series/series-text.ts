/** How the regular cleans screens word a series: its rhythm, its statuses, its visits' times and its cleaners. */
import { OUTSIDE_HOURS_CHOICE } from "@yarra/core/booking/capacity/scheduling.ts";
import type { PaymentStatus, RecordStatus } from "@yarra/core/booking/types.ts";
import { melbourneHourMinute, parseYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FrequencyDto, PublicSchedulingDto } from "@yarra/api/client/types.ts";
import type { SeriesStatus, SeriesSummary, TeamCleaner } from "./series-api.ts";

export const SERIES_STATUS_LABELS: Record<SeriesStatus, string> = { ACTIVE: "Active", PAUSED: "Paused", ENDED: "Ended" };

export const VISIT_STATUS_LABELS: Record<RecordStatus, string> = {
  PENDING: "Pending",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  DONE: "Done",
  NEEDS_ATTENTION: "Needs attention",
  QUOTE_REQUESTED: "Quote requested",
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = { UNPAID: "Unpaid", PAID: "Paid" };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** '9:00 am' from hours and minutes of the wall clock. */
export const clockText = (hour: number, minute: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;

/** '09:30' (the wire's wall-clock start) as '9:30 am'; the text itself when it is not one. */
export function startText(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return match ? clockText(Number(match[1]), Number(match[2])) : hhmm;
}

/** '9:00 am', the Melbourne wall clock at an ISO instant. */
export function timeOf(iso: string): string {
  const { hour, minute } = melbourneHourMinute(new Date(iso));
  return clockText(hour, minute);
}

/** The start time's hint: the office's quarter hours (issue 28), and the tick core's messages name as the way round them. */
export const startHoursHint = (scheduling: Pick<PublicSchedulingDto, "firstSlotHour" | "lastSlotHour">) =>
  `Starts are on the quarter hour from ${scheduling.firstSlotHour}:00 to ${scheduling.lastSlotHour}:00 on open days; ` +
  `tick “${OUTSIDE_HOURS_CHOICE}” for another time or a closed weekday.`;

/** 'Every week', 'Every 2 weeks', 'Every month', 'Every 3 months'. */
export function repeatText(unit: FrequencyDto["repeatUnit"], every: number): string {
  if (unit === "NONE" || every < 1) return "Does not repeat";
  const noun = unit === "WEEK" ? "week" : "month";
  return every === 1 ? `Every ${noun}` : `Every ${every} ${noun}s`;
}

const ordinal = (day: number) => {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th";
  return `${day}${suffix}`;
};

/**
 * The series' rhythm as the office says it: 'Every week · Tue 9:00 am', 'Every 2 weeks · Fri
 * 1:30 pm'; a monthly one falls on a day of the month, so 'Every month · 31st · 9:00 am'.
 */
export function rhythmText(series: Pick<SeriesSummary, "repeatUnit" | "repeatEvery" | "weekday" | "startTime" | "anchorDate">): string {
  const start = startText(series.startTime);
  const repeat = repeatText(series.repeatUnit, series.repeatEvery);
  if (series.repeatUnit === "MONTH") {
    const day = parseYmd(series.anchorDate)?.day;
    return day ? `${repeat} · ${ordinal(day)} · ${start}` : `${repeat} · ${start}`;
  }
  return `${repeat} · ${WEEKDAYS[series.weekday] ?? ""} ${start}`.replace("  ", " ");
}

/** A cleaner by name; one the team list does not hold (not loaded, or removed) is 'a regular cleaner'. */
export const cleanerName = (cleaner: Pick<TeamCleaner, "name"> | undefined) => cleaner?.name ?? "a regular cleaner";

/** 'Tom', 'Tom and Priya', 'Tom, Priya and Ana'. */
export function namesText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
