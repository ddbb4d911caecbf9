/**
 * The staff schedule (issue 16): for a range of Melbourne days, the jobs that hold a place, who is
 * on them, and each day's start slots with the places taken and free.
 *
 * Days and slots come from the rules the booking form is judged by (scheduling.ts): a day is
 * closed by its weekday (isClosedYmd) or as a closed date, in the order startTimeProblem checks
 * them; its slots are slotHours at slotInstant. The lead time, the horizon and the clock do not
 * apply: the office sees past days and today as they are. `taken` counts the visits the capacity
 * rule counts against a bare start (capacity.ts), on the visits its store would read.
 */
import type { CleanersReader } from "../../cleaners/ports.ts";
import type { Cleaner } from "../../cleaners/types.ts";
import { customerName, formatAddress } from "../../shared/contact.ts";
import type { ClosedDatesStore, SettingsStore } from "../../settings/ports.ts";
import type { Clock } from "../../shared/ports.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import { addDaysYmd, melbourneInstant } from "../../shared/melbourne-time.ts";
import { capacityWindow, isSlotBlocked } from "../capacity/capacity.ts";
import type { Occupancy } from "../ports.ts";
import {
  type Schedule,
  SCHEDULE_LATE_AFTER_MIN,
  type ScheduleDay,
  type ScheduleJob,
  type ScheduleQuery,
} from "./schedule-schemas.ts";
import { closedDateLabels, isClosedYmd, slotHours, slotInstant } from "../capacity/scheduling.ts";
import { holdsPlace } from "../status.ts";
import type { BookingRecord } from "../types.ts";

/** Issue 31: a cleaner's taps on a job, as the schedule marks it. */
export interface JobMarks {
  cleanerId: string;
  onMyWayAt: Date | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
}

/**
 * A booking on the schedule, with its customer's lasting notes ('' when none) for the run sheet,
 * and (issue 31) the marks of its cleaners who have made any.
 */
export type ScheduledBooking = BookingRecord & { customerNotes: string; marks: JobMarks[] };

/** What the schedule reads of bookings: one read for the whole range. */
export interface ScheduleReader {
  /**
   * BOOKING records starting in [from, to] that hold a place (PENDING, CONFIRMED, DONE) or wait
   * for a new one (NEEDS_ATTENTION: a job on a day since closed, a visit that could not be placed),
   * by start then id, with their cleaners, their customer's notes and their cleaners' marks.
   */
  jobsStartingBetween(from: Date, to: Date): Promise<ScheduledBooking[]>;
}

/**
 * How many of `visits` the capacity rule counts against a start: each is judged alone against a
 * capacity of one, so a visit counts exactly when isSlotBlocked would count it.
 */
export function placesTaken(
  start: Date,
  visits: readonly Occupancy[],
  settings: Pick<SchedulingSettings, "slotBufferMin">,
): number {
  const rule = { slotBufferMin: settings.slotBufferMin, maxConcurrentPerSlot: 1, enforceBuffer: true };
  const window = capacityWindow(start, settings);
  return visits.filter((visit) =>
    visit.start.getTime() >= window.from.getTime() && visit.start.getTime() <= window.to.getTime() &&
    isSlotBlocked(start, [visit], rule)
  ).length;
}

export interface ScheduleDayContext {
  scheduling: SchedulingSettings;
  /** Closed Melbourne dates and their labels. */
  closedDates: ReadonlyMap<string, string>;
  /** Capacity-holding visits around the day. */
  holders: readonly Occupancy[];
}

/** One day of the schedule: closed, or open with each start slot's places. */
export function scheduleDay(ymd: string, ctx: ScheduleDayContext): ScheduleDay {
  if (isClosedYmd(ymd, ctx.scheduling)) return { date: ymd, open: false, reason: "CLOSED_DAY", slots: [] };
  const label = ctx.closedDates.get(ymd);
  if (label !== undefined) return { date: ymd, open: false, reason: "CLOSED_DATE", ...(label ? { label } : {}), slots: [] };
  const slots = slotHours(ctx.scheduling).map((hour) => {
    const start = slotInstant(ymd, hour);
    const taken = placesTaken(start, ctx.holders, ctx.scheduling);
    return { startTimeISO: start.toISOString(), taken, free: Math.max(0, ctx.scheduling.maxConcurrentPerSlot - taken) };
  });
  return { date: ymd, open: true, slots };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 hours", "2 bedrooms", "Studio"; empty when the price does not depend on a size. */
export function sizeLabel(record: Pick<BookingRecord, "pricingModel" | "hours" | "bedrooms">): string {
  if (record.pricingModel === "HOURLY" && record.hours !== null) return plural(record.hours, "hour", "hours");
  if (record.pricingModel === "BEDROOMS" && record.bedrooms !== null) {
    return record.bedrooms === 0 ? "Studio" : plural(record.bedrooms, "bedroom", "bedrooms");
  }
  return "";
}

/**
 * Issue 31: the office's flag for a job no one has arrived at: PENDING or CONFIRMED, with cleaners,
 * none of them checked in, more than SCHEDULE_LATE_AFTER_MIN minutes after its start.
 */
export function isLate(job: Pick<ScheduledBooking, "status" | "startTime" | "cleanerIds" | "marks">, now: Date): boolean {
  if (job.status !== "PENDING" && job.status !== "CONFIRMED") return false;
  if (job.cleanerIds.length === 0) return false;
  const onJob = new Set(job.cleanerIds);
  if (job.marks.some((mark) => onJob.has(mark.cleanerId) && mark.checkInAt !== null)) return false;
  return now.getTime() > job.startTime.getTime() + SCHEDULE_LATE_AFTER_MIN * 60_000;
}

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

/** A job on the schedule (holding a place, or NEEDS_ATTENTION) as the schedule shows it at `now`. */
export function scheduleJob(record: ScheduledBooking, now: Date): ScheduleJob {
  const marksOf = new Map(record.marks.map((mark) => [mark.cleanerId, mark]));
  return {
    _id: record._id,
    reference: record.reference,
    status: record.status as ScheduleJob["status"],
    startTime: record.startTime.toISOString(),
    endTime: record.endTime.toISOString(),
    createdAt: record.createdAt.toISOString(),
    customerName: customerName(record),
    phone: record.phone,
    suburb: record.address.suburb,
    addressLine: formatAddress(record.address),
    serviceName: record.serviceNameAtBooking,
    sizeLabel: sizeLabel(record),
    extras: record.extras.map((extra) => extra.quantity > 1 ? `${extra.titleAtBooking} × ${extra.quantity}` : extra.titleAtBooking),
    cleanerIds: record.cleanerIds,
    seriesId: record.seriesId,
    customerNotes: record.customerNotes,
    attendance: record.cleanerIds.map((cleanerId) => {
      const mark = marksOf.get(cleanerId);
      return { cleanerId, onMyWayAt: iso(mark?.onMyWayAt ?? null), checkInAt: iso(mark?.checkInAt ?? null), checkOutAt: iso(mark?.checkOutAt ?? null) };
    }),
    late: isLate(record, now),
  };
}

/** Every date from `from` to `to`, inclusive. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let ymd = from; ymd <= to; ymd = addDaysYmd(ymd, 1)) dates.push(ymd);
  return dates;
}

const wireCleaner = (cleaner: Cleaner) => ({ ...cleaner, createdAt: cleaner.createdAt.toISOString() });

export function makeGetSchedule(deps: {
  bookings: ScheduleReader;
  cleaners: CleanersReader;
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  /** Issue 31: now, for the late flag. */
  clock: Clock;
}) {
  /** Four reads whatever the range: settings, closed dates, the team, and the bookings. */
  return async (query: ScheduleQuery): Promise<Schedule> => {
    const rangeStart = melbourneInstant(query.from, 0);
    const rangeEnd = melbourneInstant(addDaysYmd(query.to, 1), 0);
    const now = deps.clock.now();
    const scheduling = await deps.settings.getScheduling();
    // Every visit a slot of the range counts lies in the windows of its first and last instants.
    const read = { from: capacityWindow(rangeStart, scheduling).from, to: capacityWindow(rangeEnd, scheduling).to };
    const [closedDates, team, bookings] = await Promise.all([
      deps.closedDates.list({ from: query.from, to: query.to }),
      deps.cleaners.list({ includeInactive: true }),
      deps.bookings.jobsStartingBetween(read.from, read.to),
    ]);
    // Issue 28: a NEEDS_ATTENTION job shows on its day (the office sees what waits) but takes no place.
    const holders = bookings.filter((b) => holdsPlace(b.status)).map((b): Occupancy => ({ start: b.startTime, end: b.endTime }));
    const ctx: ScheduleDayContext = { scheduling, closedDates: closedDateLabels(closedDates), holders };
    const jobs = bookings
      .filter((b) => b.startTime.getTime() >= rangeStart.getTime() && b.startTime.getTime() < rangeEnd.getTime())
      .map((booking) => scheduleJob(booking, now));
    const onJobs = new Set(jobs.flatMap((job) => job.cleanerIds));
    return {
      from: query.from,
      to: query.to,
      cleaners: team.filter((cleaner) => cleaner.active || onJobs.has(cleaner._id)).map(wireCleaner),
      days: datesBetween(query.from, query.to).map((ymd) => scheduleDay(ymd, ctx)),
      jobs,
    };
  };
}

export type GetSchedule = ReturnType<typeof makeGetSchedule>;
