/**
 * Which booking is due its reminder e-mail, and when (the reminder job, adapters/jobs/reminders.ts,
 * reads the due bookings with these bounds and queues bookingReminderEmail for each):
 * - a BOOKING that still stands (PENDING or CONFIRMED: never cancelled, done, needing attention or
 *   a quote) and has had no reminder (a reschedule clears that, so a moved booking is reminded again);
 * - starting within `reminderHoursBefore` hours (a scheduling setting) of now;
 * - not starting within REMINDER_MIN_NOTICE_HOURS (e.g. after the service was down): a reminder
 *   that late helps nobody and reads like a mistake;
 * - made at least `reminderHoursBefore` hours before its start: a booking made inside its own
 *   window (10 hours ahead with a 24-hour reminder) had its "request received" e-mail moments
 *   before, which says everything a reminder would.
 */
import type { BookingRecord, BookingStatus } from "../booking/types.ts";
import type { SchedulingSettings } from "../settings/types.ts";

/** No reminder for a job starting sooner than this. */
export const REMINDER_MIN_NOTICE_HOURS = 2;

/** The statuses of a booking that is reminded. */
export const REMINDED_STATUSES: readonly BookingStatus[] = ["PENDING", "CONFIRMED"];

const HOUR_MS = 3_600_000;

/** The bounds a due reminder falls in at `now`, for a reader to select by. */
export interface ReminderWindow {
  type: "BOOKING";
  statuses: readonly BookingStatus[];
  /** Starts after this instant (the minimum notice)... */
  startsAfter: Date;
  /** ...and no later than this one (the reminder's hours ahead). */
  startsBy: Date;
  /** Was made at least this many hours before its start. */
  madeHoursAhead: number;
}

export function reminderWindow(scheduling: Pick<SchedulingSettings, "reminderHoursBefore">, now: Date): ReminderWindow {
  return {
    type: "BOOKING",
    statuses: REMINDED_STATUSES,
    startsAfter: new Date(now.getTime() + REMINDER_MIN_NOTICE_HOURS * HOUR_MS),
    startsBy: new Date(now.getTime() + scheduling.reminderHoursBefore * HOUR_MS),
    madeHoursAhead: scheduling.reminderHoursBefore,
  };
}

/** Whether `booking` is due its reminder in `window` (what the reader's selection must agree with). */
export function isReminderDue(
  booking: Pick<BookingRecord, "type" | "status" | "startTime" | "createdAt"> & { reminderSentAt: Date | null },
  window: ReminderWindow,
): boolean {
  const start = booking.startTime.getTime();
  return booking.type === window.type &&
    (window.statuses as readonly string[]).includes(booking.status) &&
    booking.reminderSentAt === null &&
    start > window.startsAfter.getTime() &&
    start <= window.startsBy.getTime() &&
    booking.createdAt.getTime() <= start - window.madeHoursAhead * HOUR_MS;
}

/**
 * Whether the reminder may still promise a free change: the free-change cut-off before the start
 * is still ahead (a reminder sent late, after an outage, does not).
 */
export const reminderPromisesFreeChange = (
  startTime: Date,
  scheduling: Pick<SchedulingSettings, "freeChangeCutoffHours">,
  now: Date,
): boolean => startTime.getTime() - scheduling.freeChangeCutoffHours * HOUR_MS > now.getTime();
