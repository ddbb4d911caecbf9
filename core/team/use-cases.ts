/**
 * The cleaners' own app and the office's view of it (issue 31).
 *
 * A cleaner lists their own jobs (never anyone else's: the store reads by their cleaner id) and
 * taps On my way, Check in and Check out on them: each tap is judged by rules.ts on the marks
 * read under their row lock, so two taps at once make one mark; the tap, its audit row and its
 * e-mail (the customer told once that the cleaner is on the way; the office told of a check-out
 * note) commit together. The office reads a job's marks, corrects a time (audited, before and
 * after), and reads the timesheets.
 */
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { Clock } from "../shared/ports.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";
import { declareError, err, type ErrorOf, ok, type Result, VALIDATION_FAILED } from "../shared/result.ts";
import { BOOKING_NOT_FOUND } from "../booking/status.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { cleanerJobNoteEmail, cleanerOnTheWayEmail } from "../notifications/team-emails.ts";
import { teamJobView } from "./job-view.ts";
import type { AttendanceStore, JobCleanerMarks, TeamJobFacts, TeamJobsStore, TeamJobsTx, TimesheetStore } from "./ports.ts";
import {
  type CheckInError,
  type CheckOutError,
  decideCheckIn,
  decideCheckOut,
  decideCorrection,
  decideOnMyWay,
  type OnMyWayError,
  TEAM_JOB_ERRORS,
} from "./rules.ts";
import {
  type AttendanceCorrection,
  type AttendanceItem,
  type JobMarkInput,
  TEAM_JOBS_DEFAULT_AHEAD_DAYS,
  type TeamJob,
  type TeamJobsQuery,
  type Timesheet,
  type TimesheetsQuery,
} from "./schemas.ts";
import { timesheetCsv, timesheetsOf } from "./timesheets.ts";
import type { Attendance, TeamMember } from "./types.ts";

export const CLEANER_NOT_ON_JOB = declareError("not_found", "CLEANER_NOT_ON_JOB", "That cleaner isn’t on this job.");

export const LIST_ATTENDANCE_ERRORS = [BOOKING_NOT_FOUND] as const;
export type ListAttendanceError = ErrorOf<typeof LIST_ATTENDANCE_ERRORS>;
export const CORRECT_ATTENDANCE_ERRORS = [BOOKING_NOT_FOUND, CLEANER_NOT_ON_JOB, VALIDATION_FAILED] as const;
export type CorrectAttendanceError = ErrorOf<typeof CORRECT_ATTENDANCE_ERRORS>;

/** The first and last instants of a range of Melbourne days: [from 00:00, the day after `to` 00:00). */
const daysBetween = (from: string, to: string) => ({ from: melbourneInstant(from, 0), to: melbourneInstant(addDaysYmd(to, 1), 0) });

/** The audit row's actor: the cleaner's login. */
const actorOf = (member: TeamMember): Actor => ({ _id: member.accountId, email: member.email });

/** A mark as its audit row keeps it: who, and the times (with the tap's note and place when it has them). */
const markFacts = (cleanerName: string, marks: Attendance, fields: readonly (keyof Attendance)[]) =>
  Object.fromEntries([["cleanerId", marks.cleanerId], ["cleanerName", cleanerName], ...fields.map((field) => [field, marks[field]])]);

export interface TeamJobsDeps {
  store: TeamJobsStore;
  clock: Clock;
  /** The profile, policy and site URL, read before a transaction opens. */
  mailContext: () => Promise<MessageContext>;
}

export function makeTeamJobs(deps: TeamJobsDeps) {
  const { store, clock } = deps;

  /**
   * One tap: the job must be the cleaner's (else JOB_NOT_FOUND); their marks are read under the
   * row lock and `apply` decides and writes. The time is read before the transaction opens.
   */
  async function tap<E extends OnMyWayError | CheckInError | CheckOutError>(
    member: TeamMember,
    bookingId: string,
    apply: (tx: TeamJobsTx, job: TeamJobFacts, marks: Attendance, at: { now: Date; ctx: MessageContext }) => Promise<Result<Attendance, E>>,
  ): Promise<Result<TeamJob, E | typeof TEAM_JOB_ERRORS.notFound>> {
    const at = { now: clock.now(), ctx: await deps.mailContext() };
    return store.transaction(async (tx): Promise<Result<TeamJob, E | typeof TEAM_JOB_ERRORS.notFound>> => {
      const job = await tx.ownJob(bookingId, member.cleanerId);
      if (!job) return err(TEAM_JOB_ERRORS.notFound);
      const marks = await tx.lockMarks(bookingId, member.cleanerId);
      const applied = await apply(tx, job, marks, at);
      return applied.ok ? ok(teamJobView({ ...job, marks: applied.value })) : applied;
    });
  }

  return {
    /** The cleaner's jobs from `from` to `to` (Melbourne days; default today and the next 7), by start. */
    async list(member: TeamMember, query: TeamJobsQuery): Promise<TeamJob[]> {
      const today = melbourneYmd(clock.now());
      const range = daysBetween(query.from ?? today, query.to ?? addDaysYmd(today, TEAM_JOBS_DEFAULT_AHEAD_DAYS));
      return (await store.jobsOf(member.cleanerId, range.from, range.to)).map(teamJobView);
    },

    /** On my way: the customer is e-mailed the first time only; a second tap answers the job as it is. */
    onMyWay(member: TeamMember, bookingId: string): Promise<Result<TeamJob, OnMyWayError>> {
      return tap(member, bookingId, async (tx, job, marks, { now, ctx }) => {
        const decided = decideOnMyWay(job.record, marks, now);
        if (!decided.ok) return decided;
        if (!decided.value.first) return ok(marks);
        const after = decided.value.marks;
        await tx.saveMarks(after);
        await tx.audit(auditEntry(
          actorOf(member),
          "job.on_my_way",
          "booking",
          bookingId,
          markFacts(job.cleanerName, marks, ["onMyWayAt"]),
          markFacts(job.cleanerName, after, ["onMyWayAt"]),
        ));
        if (job.record.email) await tx.enqueue([cleanerOnTheWayEmail(job.record, job.cleanerName, ctx)]);
        return ok(after);
      });
    },

    checkIn(member: TeamMember, bookingId: string, input: JobMarkInput): Promise<Result<TeamJob, CheckInError>> {
      return tap(member, bookingId, async (tx, job, marks, { now }) => {
        const decided = decideCheckIn(job.record, marks, now, input);
        if (!decided.ok) return decided;
        await tx.saveMarks(decided.value);
        await tx.audit(auditEntry(
          actorOf(member),
          "job.check_in",
          "booking",
          bookingId,
          markFacts(job.cleanerName, marks, ["checkInAt"]),
          markFacts(job.cleanerName, decided.value, ["checkInAt", "checkInNote", "checkInLat", "checkInLng"]),
        ));
        return decided;
      });
    },

    /** A note left on checking out is e-mailed to the office (replies go to the cleaner's login). */
    checkOut(member: TeamMember, bookingId: string, input: JobMarkInput): Promise<Result<TeamJob, CheckOutError>> {
      return tap(member, bookingId, async (tx, job, marks, { now, ctx }) => {
        const decided = decideCheckOut(job.record, marks, now, input);
        if (!decided.ok) return decided;
        const after = decided.value;
        await tx.saveMarks(after);
        await tx.audit(auditEntry(
          actorOf(member),
          "job.check_out",
          "booking",
          bookingId,
          markFacts(job.cleanerName, marks, ["checkInAt", "checkOutAt"]),
          markFacts(job.cleanerName, after, ["checkInAt", "checkOutAt", "checkOutNote", "checkOutLat", "checkOutLng"]),
        ));
        if (after.checkOutNote !== "") {
          await tx.enqueue([cleanerJobNoteEmail(job.record, { cleanerName: job.cleanerName, text: after.checkOutNote, at: after.checkOutAt!, replyTo: member.email }, ctx)]);
        }
        return ok(after);
      });
    },
  };
}

export type TeamJobs = ReturnType<typeof makeTeamJobs>;

// ---------------------------------------------------------------------------------------------
// The office: a job's marks, corrections, timesheets

const iso = (at: Date | null | undefined): string | null => at?.toISOString() ?? null;

/** A cleaner's line on the booking page's "On the job" panel. */
export function attendanceItem(line: JobCleanerMarks): AttendanceItem {
  const { marks } = line;
  return {
    cleanerId: line.cleanerId,
    name: line.name,
    onMyWayAt: iso(marks?.onMyWayAt),
    checkInAt: iso(marks?.checkInAt),
    checkOutAt: iso(marks?.checkOutAt),
    checkInNote: marks?.checkInNote ?? "",
    checkOutNote: marks?.checkOutNote ?? "",
    checkInLat: marks?.checkInLat ?? null,
    checkInLng: marks?.checkInLng ?? null,
    checkOutLat: marks?.checkOutLat ?? null,
    checkOutLng: marks?.checkOutLng ?? null,
    correctedBy: line.correctedBy,
    correctedAt: iso(marks?.correctedAt),
  };
}

const sameInstant = (a: Date | null, b: Date | null): boolean => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export function makeAttendanceAdmin(deps: { store: AttendanceStore; clock: Clock }) {
  const { store, clock } = deps;
  return {
    /** The job's cleaners and their marks, for the booking page. */
    async list(bookingId: string): Promise<Result<AttendanceItem[], ListAttendanceError>> {
      if (!await store.bookingExists(bookingId)) return err(BOOKING_NOT_FOUND);
      return ok((await store.linesOf(bookingId)).map(attendanceItem));
    },

    /** A check-in or check-out time corrected by staff; sending the times it has changes nothing and writes no audit row. */
    correct(actor: Actor, bookingId: string, cleanerId: string, change: AttendanceCorrection): Promise<Result<AttendanceItem, CorrectAttendanceError>> {
      const now = clock.now();
      return store.transaction(async (tx): Promise<Result<AttendanceItem, CorrectAttendanceError>> => {
        if (!await tx.lockBooking(bookingId)) return err(BOOKING_NOT_FOUND);
        const cleaner = await tx.cleanerOfJob(bookingId, cleanerId);
        if (!cleaner) return err(CLEANER_NOT_ON_JOB);
        const before = await tx.lockMarks(bookingId, cleanerId);
        const decided = decideCorrection(before, change, { adminId: actor._id, now });
        if (!decided.ok) return decided;
        const after = decided.value;
        if (sameInstant(before.checkInAt, after.checkInAt) && sameInstant(before.checkOutAt, after.checkOutAt)) {
          return ok(attendanceItem(await tx.lineOf(bookingId, cleanerId)));
        }
        await tx.saveMarks(after);
        await tx.audit(auditEntry(
          actor,
          "job.attendance_correct",
          "booking",
          bookingId,
          markFacts(cleaner.name, before, ["checkInAt", "checkOutAt"]),
          markFacts(cleaner.name, after, ["checkInAt", "checkOutAt"]),
        ));
        return ok(attendanceItem(await tx.lineOf(bookingId, cleanerId)));
      });
    },
  };
}

export type AttendanceAdmin = ReturnType<typeof makeAttendanceAdmin>;

export function makeTimesheets(deps: { store: TimesheetStore }) {
  const list = async (query: TimesheetsQuery): Promise<Timesheet[]> => {
    const range = daysBetween(query.from, query.to);
    return timesheetsOf(await deps.store.entriesBetween(range.from, range.to));
  };
  return {
    /** Each cleaner with a job starting in the range (Melbourne days), by name: their jobs, marks and sums. */
    list,
    /** The same as CSV for payroll. */
    csv: async (query: TimesheetsQuery) => timesheetCsv(await list(query), query),
  };
}

export type Timesheets = ReturnType<typeof makeTimesheets>;
