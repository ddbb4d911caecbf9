/** When a job may start: hourly slots, closed weekdays and the lead time, in Melbourne time. */
import type { PricingModel } from "../catalog/types.ts";
import {
  addDaysYmd,
  formatYmdLong,
  melbourneHourMinute,
  melbourneInstant,
  melbourneYmd,
  weekdayOfYmd,
} from "../shared/melbourne-time.ts";
import type { SchedulingSettings } from "../settings/types.ts";

/** Length assumed for availability and end times when a job has no hours (public-site.md section 7). */
export const DEFAULT_AVAILABILITY_HOURS = 2;

/** Starts up to a minute old still count as "now": the form's clock and the server's drift. */
export const PAST_TOLERANCE_MS = 60_000;

export const START_TIME_PAST_MESSAGE = "Please choose a time from today onward.";

const PLURAL_DAY_NAMES = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
];

/** Start hours offered, e.g. [8, 9, ..., 16]. */
export function slotHours(
  settings: Pick<SchedulingSettings, "firstSlotHour" | "lastSlotHour">,
): number[] {
  const hours: number[] = [];
  for (let hour = settings.firstSlotHour; hour <= settings.lastSlotHour; hour++) hours.push(hour);
  return hours;
}

/** Melbourne today plus the lead days. */
export function earliestBookableYmd(
  now: Date,
  settings: Pick<SchedulingSettings, "leadDays">,
): string {
  return addDaysYmd(melbourneYmd(now), settings.leadDays);
}

export function isClosedYmd(
  ymd: string,
  settings: Pick<SchedulingSettings, "closedWeekdays">,
): boolean {
  return settings.closedWeekdays.includes(weekdayOfYmd(ymd));
}

/** Melbourne today plus the horizon days: the last date a start may fall on. */
export function latestBookableYmd(
  now: Date,
  settings: Pick<SchedulingSettings, "horizonDays">,
): string {
  return addDaysYmd(melbourneYmd(now), settings.horizonDays);
}

/** The next `count` open dates from the earliest bookable one, for the date picker. */
export function bookableDates(
  now: Date,
  settings: Pick<SchedulingSettings, "leadDays" | "closedWeekdays">,
  count: number,
): string[] {
  const dates: string[] = [];
  // With every weekday closed there is nothing to find; stop instead of looping forever.
  if (new Set(settings.closedWeekdays.filter((d) => d >= 0 && d <= 6)).size >= 7) return dates;
  let ymd = earliestBookableYmd(now, settings);
  while (dates.length < count) {
    if (!isClosedYmd(ymd, settings)) dates.push(ymd);
    ymd = addDaysYmd(ymd, 1);
  }
  return dates;
}

/** The instant a slot starts: that Melbourne date at that hour. */
export const slotInstant = (ymd: string, hour: number): Date => melbourneInstant(ymd, hour);

/** 'Sundays', 'Sundays and Mondays', 'Sundays, Mondays and Saturdays'. */
export function closedDaysText(closedWeekdays: number[]): string {
  const names = [...new Set(closedWeekdays)].sort((a, b) => a - b).map((d) => PLURAL_DAY_NAMES[d]);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export const startHourMessage = (
  settings: Pick<SchedulingSettings, "firstSlotHour" | "lastSlotHour">,
) =>
  `Please choose a start time on the hour between ${settings.firstSlotHour}:00 and ${settings.lastSlotHour}:00.`;

export const closedDayMessage = (settings: Pick<SchedulingSettings, "closedWeekdays">) =>
  `We’re closed on ${closedDaysText(settings.closedWeekdays)}. Please choose another day.`;

export const earliestDateMessage = (earliestYmd: string) =>
  `The earliest date we can book is ${formatYmdLong(earliestYmd)}.`;

export const horizonMessage = (settings: Pick<SchedulingSettings, "horizonDays">) =>
  `We take bookings up to ${settings.horizonDays} days ahead. Please choose an earlier date.`;

/** The start rules' settings: what the booking form has of them too (GET /api/scheduling). */
export type StartTimeRules = Pick<
  SchedulingSettings,
  "leadDays" | "horizonDays" | "firstSlotHour" | "lastSlotHour" | "closedWeekdays"
>;

/** null when a start is bookable by the schedule's rules, else the message to show. */
export function checkStartTime(start: Date, now: Date, settings: StartTimeRules): string | null {
  if (start.getTime() < now.getTime() - PAST_TOLERANCE_MS) return START_TIME_PAST_MESSAGE;
  // Compared as instants: a start past year 9999 in Melbourne has no four-digit date to compare.
  const afterHorizon = melbourneInstant(addDaysYmd(latestBookableYmd(now, settings), 1), 0);
  if (start.getTime() >= afterHorizon.getTime()) return horizonMessage(settings);
  const { hour, minute, second } = melbourneHourMinute(start);
  const onTheHour = minute === 0 && second === 0 && start.getUTCMilliseconds() === 0;
  if (!onTheHour || hour < settings.firstSlotHour || hour > settings.lastSlotHour) {
    return startHourMessage(settings);
  }
  const ymd = melbourneYmd(start);
  if (isClosedYmd(ymd, settings)) return closedDayMessage(settings);
  const earliest = earliestBookableYmd(now, settings);
  if (ymd < earliest) return earliestDateMessage(earliest);
  return null;
}

/** Start plus the booked hours (HOURLY), otherwise plus the default 2 hours (decisions.md). */
export function bookingEndTime(
  start: Date,
  pricingModel: PricingModel | null,
  hours: number | null,
): Date {
  const lengthHours =
    pricingModel === "HOURLY" && typeof hours === "number" && Number.isFinite(hours) && hours > 0
      ? hours
      : DEFAULT_AVAILABILITY_HOURS;
  // Elapsed time, not wall-clock: a job over the DST change still lasts its real hours.
  return new Date(start.getTime() + Math.round(lengthHours * 3_600_000));
}
