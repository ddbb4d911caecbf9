/** When a job may start: hourly slots, closed weekdays and the lead time, in Melbourne time. */
import {
  addDaysYmd,
  formatYmdLong,
  melbourneHourMinute,
  melbourneInstant,
  melbourneYmd,
  weekdayOfYmd,
} from "../../shared/melbourne-time.ts";
import { type ClosedDate, SCHEDULING_DEFAULTS, type SchedulingSettings } from "../../settings/types.ts";

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

/** The public's starts: on the hour (the spec's slots). */
export const PUBLIC_START_STEP_MINUTES = 60;
/** The office's starts: any quarter hour (issue 28: a 10:30 clean taken on the phone). */
export const STAFF_START_STEP_MINUTES = 15;

/**
 * The start rules' settings: what the booking form has of them too (GET /api/scheduling), and the
 * office's two (issue 28): a finer start step, and the choice to book outside the working hours.
 */
export type StartTimeRules =
  & Pick<SchedulingSettings, "leadDays" | "horizonDays" | "firstSlotHour" | "lastSlotHour" | "closedWeekdays">
  & Partial<Pick<SchedulingSettings, "dayEndHour">>
  & {
    /** Minutes between allowed starts from the hour; absent, the public's (on the hour). Any other step is the office's. */
    startStepMinutes?: number;
    /**
     * The office only: a start outside the slot hours, on a closed weekday or running past the end
     * of the working day is allowed (the school's after-hours clean). The past, the horizon and the
     * closed dates (the office itself is closed) still refuse.
     */
    allowOutsideHours?: boolean;
  };

/** What the office is told to do about a start outside the working hours (the staff form's checkbox). */
export const OUTSIDE_HOURS_CHOICE = "Outside working hours";

const orOutsideHours = (message: string) => `${message.replace(/\.$/, "")}, or tick “${OUTSIDE_HOURS_CHOICE}”.`;

const stepText = (step: number) =>
  step === 15 ? "on the quarter hour" : step === 30 ? "on the hour or half hour" : `at a multiple of ${step} minutes past the hour`;

/**
 * The office's message for a start off its step or outside the slot hours, e.g. 'Please choose a
 * start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.'; with
 * the hours lifted only the step is left to get wrong. (The public's is startHourMessage, the spec's.)
 */
export const staffStartMessage = (
  settings: Pick<SchedulingSettings, "firstSlotHour" | "lastSlotHour">,
  step: number,
  allowOutsideHours = false,
) =>
  allowOutsideHours
    ? `Please choose a start time ${stepText(step)}.`
    : orOutsideHours(`Please choose a start time ${stepText(step)} between ${settings.firstSlotHour}:00 and ${settings.lastSlotHour}:00.`);

/** The office's message for a closed weekday: the public's, and the way round it. */
export const staffClosedDayMessage = (settings: Pick<SchedulingSettings, "closedWeekdays">) =>
  orOutsideHours(closedDayMessage(settings));

/** The office's message for a visit past the end of the working day: a quote is the public's way, the checkbox the office's. */
export function staffDayEndMessage(lengthMinutes: number, settings: Pick<SchedulingSettings, "firstSlotHour" | "dayEndHour">): string {
  const latestStart = settings.dayEndHour * 60 - lengthMinutes;
  if (latestStart < settings.firstSlotHour * 60) {
    return `This clean takes about ${formatJobLength(lengthMinutes)}, longer than our working day allows: tick “${OUTSIDE_HOURS_CHOICE}” to book it.`;
  }
  return orOutsideHours(dayEndMessage(lengthMinutes, settings));
}

/** The visit a start is judged for: the dates the business is closed, and how long the visit takes. */
export interface VisitContext {
  /** Closed Melbourne dates (YYYY-MM-DD) and their labels. */
  closedDates: ReadonlyMap<string, string>;
  /** The job length; the end-of-day rule needs it. */
  lengthMinutes: number;
}

/** Closed dates as the start rules read them: each date's label. */
export const closedDateLabels = (dates: ReadonlyArray<ClosedDate>): ReadonlyMap<string, string> =>
  new Map(dates.map((day) => [day.date, day.label]));

/**
 * The Melbourne date whose closed dates a start needs; null past year 9999, where there is no
 * four-digit date to look up (the horizon refuses such a start anyway).
 */
export function closedDateLookupDay(start: Date): string | null {
  const ymd = melbourneYmd(start);
  return /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? ymd : null;
}

/** Why a start is refused; the calendar's day reasons are the day-wide ones of these. */
export type StartTimeCode =
  | "PAST"
  | "BEYOND_HORIZON"
  | "OFF_HOURS"
  | "CLOSED_DAY"
  | "BEFORE_LEAD_TIME"
  | "CLOSED_DATE"
  | "PAST_DAY_END";

export interface StartTimeProblem {
  code: StartTimeCode;
  message: string;
}

export const closedDateMessage = (ymd: string, label: string) =>
  `We’re closed on ${formatYmdLong(ymd)}${label ? ` (${label})` : ""}. Please choose another day.`;

/** 90 -> "1 hour 30 minutes", 120 -> "2 hours", 45 -> "45 minutes". */
export function formatJobLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  const parts = [
    hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "",
    rest ? `${rest} minute${rest === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}

const clockText = (minutesOfDay: number) =>
  `${Math.floor(minutesOfDay / 60)}:${String(minutesOfDay % 60).padStart(2, "0")}`;

/** The message for a visit that would run past the close of the working day. */
export function dayEndMessage(lengthMinutes: number, settings: Pick<SchedulingSettings, "firstSlotHour" | "dayEndHour">): string {
  const latestStart = settings.dayEndHour * 60 - lengthMinutes;
  const length = formatJobLength(lengthMinutes);
  if (latestStart < settings.firstSlotHour * 60) {
    return `This clean takes about ${length}, longer than our working day allows. Please request a quote and we’ll plan it with you.`;
  }
  return `This clean takes about ${length} and must finish by ${settings.dayEndHour}:00, so please choose a start no later than ${clockText(latestStart)}.`;
}

/** The first instant past the horizon and the earliest bookable date, as they stand at `now`. */
interface Bounds {
  afterHorizonMs: number;
  earliest: string;
}

/**
 * The bounds of the last `now` asked with these settings: the calendar judges every slot of two
 * months with one `now` and one settings object, so they are worked out once a call, not per slot.
 */
const lastBounds = new WeakMap<Date, { settings: object; leadDays: number; horizonDays: number; bounds: Bounds }>();
function boundsAt(now: Date, settings: Pick<SchedulingSettings, "leadDays" | "horizonDays">): Bounds {
  const known = lastBounds.get(now);
  // The same Date and settings object, unchanged since (neither is mutated in place, but a caller could).
  if (known && known.settings === settings && known.leadDays === settings.leadDays && known.horizonDays === settings.horizonDays) {
    return known.bounds;
  }
  const bounds = {
    afterHorizonMs: melbourneInstant(addDaysYmd(latestBookableYmd(now, settings), 1), 0).getTime(),
    earliest: earliestBookableYmd(now, settings),
  };
  lastBounds.set(now, { settings, leadDays: settings.leadDays, horizonDays: settings.horizonDays, bounds });
  return bounds;
}

/**
 * null when a start is bookable by the schedule's rules, else why not. Every way a start is judged
 * goes through here: the booking's validation, the availability check and the calendar.
 */
export function startTimeProblem(
  start: Date,
  now: Date,
  settings: StartTimeRules,
  visit?: VisitContext,
): StartTimeProblem | null {
  if (start.getTime() < now.getTime() - PAST_TOLERANCE_MS) return { code: "PAST", message: START_TIME_PAST_MESSAGE };
  const { afterHorizonMs, earliest } = boundsAt(now, settings);
  // Compared as instants: a start past year 9999 in Melbourne has no four-digit date to compare.
  if (start.getTime() >= afterHorizonMs) return { code: "BEYOND_HORIZON", message: horizonMessage(settings) };
  const step = settings.startStepMinutes ?? PUBLIC_START_STEP_MINUTES;
  // Any step but the public's is the office's: its messages name the way round the working hours.
  const office = step !== PUBLIC_START_STEP_MINUTES;
  const outsideHours = office && settings.allowOutsideHours === true;
  const { hour, minute, second } = melbourneHourMinute(start);
  const onStep = minute % step === 0 && second === 0 && start.getUTCMilliseconds() === 0;
  // The last slot hour is the last start: with a finer step, 16:15 is past it as 17:00 is.
  const minuteOfDay = hour * 60 + minute;
  const inSlotHours = minuteOfDay >= settings.firstSlotHour * 60 && minuteOfDay <= settings.lastSlotHour * 60;
  if (!onStep || (!inSlotHours && !outsideHours)) {
    const message = office ? staffStartMessage(settings, step, outsideHours) : startHourMessage(settings);
    return { code: "OFF_HOURS", message };
  }
  const ymd = melbourneYmd(start);
  if (isClosedYmd(ymd, settings) && !outsideHours) {
    return { code: "CLOSED_DAY", message: office ? staffClosedDayMessage(settings) : closedDayMessage(settings) };
  }
  if (ymd < earliest) return { code: "BEFORE_LEAD_TIME", message: earliestDateMessage(earliest) };
  if (!visit) return null;
  const closedLabel = visit.closedDates.get(ymd);
  if (closedLabel !== undefined) return { code: "CLOSED_DATE", message: closedDateMessage(ymd, closedLabel) };
  const dayEndHour = settings.dayEndHour ?? SCHEDULING_DEFAULTS.dayEndHour;
  const end = start.getTime() + visit.lengthMinutes * 60_000;
  if (end > melbourneInstant(ymd, dayEndHour).getTime() && !outsideHours) {
    const endRules = { ...settings, dayEndHour };
    const message = office ? staffDayEndMessage(visit.lengthMinutes, endRules) : dayEndMessage(visit.lengthMinutes, endRules);
    return { code: "PAST_DAY_END", message };
  }
  return null;
}

/** The message of startTimeProblem, or null. */
export function checkStartTime(start: Date, now: Date, settings: StartTimeRules, visit?: VisitContext): string | null {
  return startTimeProblem(start, now, settings, visit)?.message ?? null;
}

/** A visit's end: its start plus the job length (elapsed time, so a visit over a DST change lasts its real length). */
export const visitEnd = (start: Date, lengthMinutes: number): Date => new Date(start.getTime() + Math.round(lengthMinutes * 60_000));
