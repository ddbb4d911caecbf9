/**
 * The team as capacity (issue 28, Launch27's team-availability mode): when a cleaner works, when
 * they are free, and who a new job goes to. Pure rules; the store reads the facts under the
 * reservation's locks (adapters/postgres/reservation.ts) and the calendar reads them for a range.
 */
import type { SchedulingSettings } from "../settings/types.ts";
import type { CleanerCommitment, CleanersJob } from "./types.ts";

/** One weekday's stretch of work, Melbourne wall clock, "HH:MM" (end exclusive, may be "24:00"). */
export interface WorkingDay {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  start: string;
  end: string;
}

/** A stretch of leave: whole Melbourne days, both ends included (YYYY-MM-DD). */
export interface TimeOff {
  _id: string;
  cleanerId: string;
  from: string;
  to: string;
  reason: string;
}

/** Minutes after midnight of "HH:MM" ("24:00" is 1440). */
export const minutesOfClock = (clock: string): number => {
  const [hours, minutes] = clock.split(":").map(Number);
  return hours * 60 + minutes;
};

/** "HH:MM" of minutes after midnight. */
export const clockOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * A cleaner's week before staff set it: the business's open weekdays, from the first slot to the
 * close of the working day.
 */
export function defaultWorkingDays(scheduling: Pick<SchedulingSettings, "closedWeekdays" | "firstSlotHour" | "dayEndHour">): WorkingDay[] {
  const days: WorkingDay[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    if (scheduling.closedWeekdays.includes(weekday)) continue;
    days.push({ weekday, start: clockOfMinutes(scheduling.firstSlotHour * 60), end: clockOfMinutes(scheduling.dayEndHour * 60) });
  }
  return days;
}

/** What the reservation knows of one cleaner for one visit's day, read under the cleaner's lock. */
export interface CleanerDay {
  cleanerId: string;
  name: string;
  active: boolean;
  /** The day's stretch in minutes after Melbourne midnight; null: not working that weekday. */
  hours: { start: number; end: number } | null;
  onLeave: boolean;
  /** Their other place-holding jobs that day. */
  jobs: ReadonlyArray<{ bookingId: string; reference: string; start: Date; end: Date }>;
}

/** Why a cleaner can't take a visit, in the order it is checked. */
export type CleanerUnfit =
  | { reason: "INACTIVE" }
  | { reason: "NOT_WORKING" }
  | { reason: "ON_LEAVE" }
  | { reason: "BUSY"; job: { bookingId: string; reference: string; start: Date; end: Date } };

/**
 * Whether `cleaner` can take the visit: active, not on leave, working for its whole time (in team
 * mode; `minutesOfDay` are the visit's start and end after Melbourne midnight) and on no other job
 * within `gapMin` minutes of it (0: only overlapping jobs clash; back to back is fine).
 */
export function cleanerUnfit(
  cleaner: CleanerDay,
  visit: { start: Date; end: Date },
  rules: { team: boolean; gapMin: number; minutesOfDay: { start: number; end: number } },
): CleanerUnfit | null {
  if (!cleaner.active) return { reason: "INACTIVE" };
  if (rules.team) {
    if (cleaner.onLeave) return { reason: "ON_LEAVE" };
    const hours = cleaner.hours;
    if (!hours || rules.minutesOfDay.start < hours.start || rules.minutesOfDay.end > hours.end) return { reason: "NOT_WORKING" };
  }
  // The one rule about time (rules.ts), on the visit widened by the travel gap either side.
  const gapMs = rules.gapMin * 60_000;
  const widened = { bookingId: "", cleanerIds: [cleaner.cleanerId], start: new Date(visit.start.getTime() - gapMs), end: new Date(visit.end.getTime() + gapMs) };
  const clash = findCleanerClash(widened, cleaner.jobs.map((job) => ({ cleanerId: cleaner.cleanerId, ...job })));
  return clash ? { reason: "BUSY", job: { bookingId: clash.bookingId, reference: clash.reference, start: clash.start, end: clash.end } } : null;
}

/** Minutes of jobs a cleaner already has that day: team mode gives a new job to the least busy. */
const bookedMinutes = (cleaner: CleanerDay): number =>
  cleaner.jobs.reduce((sum, job) => sum + (job.end.getTime() - job.start.getTime()) / 60_000, 0);

/**
 * The cleaner a new job goes to in team mode: the first of `preferred` (the customer's regular or
 * last cleaners) who can take it, else the one with the fewest booked minutes that day (then by
 * name, then id, so the choice is the same on every process); null when no one can.
 */
export function chooseCleaner(
  team: readonly CleanerDay[],
  preferred: readonly string[],
  canTake: (cleaner: CleanerDay) => boolean,
): CleanerDay | null {
  const able = team.filter(canTake);
  for (const id of preferred) {
    const regular = able.find((cleaner) => cleaner.cleanerId === id);
    if (regular) return regular;
  }
  return able.toSorted((a, b) =>
    bookedMinutes(a) - bookedMinutes(b) || a.name.localeCompare(b.name) || (a.cleanerId < b.cleanerId ? -1 : 1)
  )[0] ?? null;
}

// ------------------------------------------------------------ the week and leave staff set (issue 28)

/** Working hours are set on the quarter hour, as the Team screen's time inputs step (900 s). */
export const WORKING_HOURS_STEP_MIN = 15;

/** The longest stretch of leave entered at once, in days, both ends counted (a leap year's worth). */
export const TIME_OFF_MAX_DAYS = 366;

/** The weekdays in the order the Team screen lists them: Monday first, Sunday last. */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Whether `clock` is "HH:MM" on the quarter hour, 00:00 to 23:45; an end may also be "24:00"
 * (midnight, the close of the day).
 */
export function isQuarterHourClock(clock: string, as: "start" | "end"): boolean {
  if (as === "end" && clock === "24:00") return true;
  return CLOCK_PATTERN.test(clock) && minutesOfClock(clock) % WORKING_HOURS_STEP_MIN === 0;
}

/** The days from `from` to `to` (YYYY-MM-DD), both counted: the same day is 1; `to` before `from` is 0 or less. */
export function daysOfLeave(from: string, to: string): number {
  const utc = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

/** A week in weekday order (Sunday first), as it is stored and sent. */
export const sortedWeek = (days: readonly WorkingDay[]): WorkingDay[] =>
  days.map(({ weekday, start, end }) => ({ weekday, start, end })).sort((a, b) => a.weekday - b.weekday);

/** Whether two weeks have the same stretches on the same weekdays, whatever their order. */
export function sameWorkingWeek(a: readonly WorkingDay[], b: readonly WorkingDay[]): boolean {
  const [x, y] = [sortedWeek(a), sortedWeek(b)];
  return x.length === y.length && x.every((day, i) => day.weekday === y[i].weekday && day.start === y[i].start && day.end === y[i].end);
}

/**
 * A cleaner's week as staff see it and team mode reads it: the days staff set (none is a cleaner
 * who works no day), or, until they set any, the business's default week.
 */
export function workingWeek(
  stored: { workingHoursSet: boolean; days: readonly WorkingDay[] },
  scheduling: Pick<SchedulingSettings, "closedWeekdays" | "firstSlotHour" | "dayEndHour">,
): WorkingDay[] {
  return stored.workingHoursSet ? sortedWeek(stored.days) : defaultWorkingDays(scheduling);
}

/** Two visits overlap when each starts before the other ends: back to back (9–12, 12–3) is no clash. */
export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * The first of `job`'s cleaners (in the job's order) already on another job at an overlapping
 * time, with the earliest such job; null when every one is free. The job's own commitments never
 * count, so saving a job again (or moving it a little) is not a clash with itself.
 */
export function findCleanerClash(job: CleanersJob, commitments: readonly CleanerCommitment[]): CleanerCommitment | null {
  for (const cleanerId of job.cleanerIds) {
    const clashes = commitments
      .filter((c) => c.cleanerId === cleanerId && c.bookingId !== job.bookingId && overlaps(job, c))
      .toSorted((a, b) => a.start.getTime() - b.start.getTime() || a.bookingId.localeCompare(b.bookingId));
    if (clashes.length > 0) return clashes[0];
  }
  return null;
}
