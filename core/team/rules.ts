/**
 * The rules of a cleaner's taps on a job (issue 31), as values: which jobs can be marked, when
 * check-in opens, the order On my way → Check in → Check out, and the office's corrections
 * (check-out after check-in, nothing in the future). Times are the server's, never the phone's.
 */
import { declareError, err, type ErrorOf, ok, type Result, type ValidationFailed, validationError } from "../shared/result.ts";
import type { FieldErrors } from "../shared/result.ts";
import type { BookingRecord } from "../booking/types.ts";
import { holdsPlace } from "../booking/status.ts";
import type { Attendance } from "./types.ts";
import { type AttendanceCorrection, type JobMarkInput, TEAM_MESSAGES } from "./schemas.ts";

/** Check-in (and On my way) open this long before the job's start. */
export const CHECK_IN_OPENS_BEFORE_MIN = 120;
/** A check-in later than this after the start counts as late on the timesheet. */
export const LATE_CHECK_IN_GRACE_MIN = 5;

const MINUTE_MS = 60_000;

export const TEAM_JOB_ERRORS = {
  notFound: declareError("not_found", "JOB_NOT_FOUND", "We couldn’t find that job."),
  notActive: declareError("conflict", "JOB_NOT_ACTIVE", "This job has been cancelled or is waiting for a new time, so it can’t be marked."),
  tooEarly: declareError("conflict", "TOO_EARLY", "Check-in opens 2 hours before the job starts."),
  tooEarlyOnTheWay: declareError("conflict", "TOO_EARLY", "You can tap On my way from 2 hours before the job starts."),
  alreadyCheckedIn: declareError("conflict", "ALREADY_CHECKED_IN", "You’ve already checked in to this job."),
  notCheckedIn: declareError("conflict", "NOT_CHECKED_IN", "Check in before you check out."),
  alreadyCheckedOut: declareError("conflict", "ALREADY_CHECKED_OUT", "You’ve already checked out of this job."),
} as const;

const E = TEAM_JOB_ERRORS;

export const ON_MY_WAY_ERRORS = [E.notFound, E.notActive, E.tooEarlyOnTheWay, E.alreadyCheckedIn] as const;
export type OnMyWayError = ErrorOf<typeof ON_MY_WAY_ERRORS>;
export const CHECK_IN_ERRORS = [E.notFound, E.notActive, E.tooEarly, E.alreadyCheckedIn] as const;
export type CheckInError = ErrorOf<typeof CHECK_IN_ERRORS>;
export const CHECK_OUT_ERRORS = [E.notFound, E.notActive, E.notCheckedIn, E.alreadyCheckedOut] as const;
export type CheckOutError = ErrorOf<typeof CHECK_OUT_ERRORS>;

/** What the rules read of a job. */
export type MarkedJob = Pick<BookingRecord, "type" | "status" | "startTime">;

/** A booking that holds its place (PENDING, CONFIRMED, DONE): cancelled jobs, quotes and jobs waiting for a time take no marks. */
export const isMarkable = (job: Pick<BookingRecord, "type" | "status">): boolean => job.type === "BOOKING" && holdsPlace(job.status);

/** When check-in (and On my way) open: CHECK_IN_OPENS_BEFORE_MIN before the start. */
export const checkInOpensAt = (job: Pick<BookingRecord, "startTime">): Date =>
  new Date(job.startTime.getTime() - CHECK_IN_OPENS_BEFORE_MIN * MINUTE_MS);

const isOpen = (job: MarkedJob, now: Date): boolean => now.getTime() >= checkInOpensAt(job).getTime();

/** On my way: once; `first` says whether this tap set it (the customer is e-mailed only then). */
export function decideOnMyWay(job: MarkedJob, marks: Attendance, now: Date): Result<{ marks: Attendance; first: boolean }, OnMyWayError> {
  if (!isMarkable(job)) return err(E.notActive);
  if (marks.checkInAt) return err(E.alreadyCheckedIn);
  if (marks.onMyWayAt) return ok({ marks, first: false });
  if (!isOpen(job, now)) return err(E.tooEarlyOnTheWay);
  return ok({ marks: { ...marks, onMyWayAt: now }, first: true });
}

export function decideCheckIn(job: MarkedJob, marks: Attendance, now: Date, input: JobMarkInput): Result<Attendance, CheckInError> {
  if (!isMarkable(job)) return err(E.notActive);
  if (marks.checkInAt) return err(E.alreadyCheckedIn);
  if (!isOpen(job, now)) return err(E.tooEarly);
  return ok({ ...marks, checkInAt: now, checkInNote: input.note, checkInLat: input.lat, checkInLng: input.lng });
}

export function decideCheckOut(job: MarkedJob, marks: Attendance, now: Date, input: JobMarkInput): Result<Attendance, CheckOutError> {
  if (!isMarkable(job)) return err(E.notActive);
  if (!marks.checkInAt) return err(E.notCheckedIn);
  if (marks.checkOutAt) return err(E.alreadyCheckedOut);
  // Never before the check-in, whatever a clock set back says: the pair stays in order.
  const at = now.getTime() < marks.checkInAt.getTime() ? marks.checkInAt : now;
  return ok({ ...marks, checkOutAt: at, checkOutNote: input.note, checkOutLat: input.lat, checkOutLng: input.lng });
}

/**
 * The office's correction of a check-in or check-out: the times sent replace the stored ones (null
 * clears one); the pair must stay in order (a check-out needs a check-in before it) and in the past.
 */
export function decideCorrection(
  marks: Attendance,
  change: AttendanceCorrection,
  by: { adminId: string; now: Date },
): Result<Attendance, ValidationFailed> {
  const checkInAt = change.checkInAt === undefined ? marks.checkInAt : change.checkInAt;
  const checkOutAt = change.checkOutAt === undefined ? marks.checkOutAt : change.checkOutAt;
  const errors: FieldErrors = {};
  const future = (at: Date | null) => at !== null && at.getTime() > by.now.getTime();
  if (future(checkInAt)) errors.checkInAt = [TEAM_MESSAGES.inFuture];
  if (future(checkOutAt)) errors.checkOutAt = [TEAM_MESSAGES.inFuture];
  else if (checkOutAt && !checkInAt) errors.checkOutAt = [TEAM_MESSAGES.checkOutWithoutCheckIn];
  else if (checkOutAt && checkInAt && checkOutAt.getTime() <= checkInAt.getTime()) errors.checkOutAt = [TEAM_MESSAGES.checkOutBeforeCheckIn];
  if (Object.keys(errors).length > 0) return err(validationError(errors));
  return ok({ ...marks, checkInAt, checkOutAt, correctedByAdminId: by.adminId, correctedAt: by.now });
}

/** Checked in more than LATE_CHECK_IN_GRACE_MIN after the start (the timesheet's count). */
export const isLateCheckIn = (start: Date, checkIn: Date | null): boolean =>
  checkIn !== null && checkIn.getTime() > start.getTime() + LATE_CHECK_IN_GRACE_MIN * MINUTE_MS;
