/** What the cleaners' own app and the office's view of it need from storage (issue 31). */
import type { AuditEntry } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { TimesheetEntryFacts } from "./timesheets.ts";
import type { Attendance } from "./types.ts";

/**
 * One job of a cleaner's, with what they see of it besides the booking: the customer's lasting
 * notes, the service's checklist, the other cleaners' names, and their own marks (null: none yet).
 * The record is read whole on the server; the view (job-view.ts) keeps nothing of money.
 */
export interface TeamJobFacts {
  record: BookingRecord;
  customerNotes: string;
  checklist: string[];
  otherCleaners: string[];
  /** The caller's own name, as the team lists them (the customer's e-mail names them by it). */
  cleanerName: string;
  marks: Attendance | null;
}

/** Inside one transaction: the tap, its audit row and its e-mail commit together. */
export interface TeamJobsTx {
  /** The job when `cleanerId` is on it (any type or status); null when it is not theirs or unknown. */
  ownJob(bookingId: string, cleanerId: string): Promise<TeamJobFacts | null>;
  /**
   * The cleaner's marks on the job (empty ones made first), locked until the transaction ends:
   * two taps at once queue here, and the second sees what the first did.
   */
  lockMarks(bookingId: string, cleanerId: string): Promise<Attendance>;
  saveMarks(marks: Attendance): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
  enqueue(messages: OutboxMessage[]): Promise<void>;
}

export interface TeamJobsStore {
  /** The cleaner's BOOKING jobs holding a place (PENDING, CONFIRMED, DONE) starting in [from, to), by start then id. */
  jobsOf(cleanerId: string, from: Date, to: Date): Promise<TeamJobFacts[]>;
  transaction: InTransaction<TeamJobsTx>;
}

/** A cleaner on a job as the booking page lists them: their marks (null: none yet) and who last corrected them. */
export interface JobCleanerMarks {
  cleanerId: string;
  name: string;
  marks: Attendance | null;
  /** The name of the staff member of marks.correctedByAdminId, null when none (or the account is gone). */
  correctedBy: string | null;
}

export interface AttendanceTx {
  /** Locks the booking (null when unknown): corrections of one job queue up. */
  lockBooking(bookingId: string): Promise<Pick<BookingRecord, "_id" | "reference" | "type"> | null>;
  /** The cleaner's name when they are on the job or have marks on it; null otherwise. */
  cleanerOfJob(bookingId: string, cleanerId: string): Promise<{ name: string } | null>;
  lockMarks(bookingId: string, cleanerId: string): Promise<Attendance>;
  saveMarks(marks: Attendance): Promise<void>;
  /** The cleaner's line as the booking page lists it, read after the change. */
  lineOf(bookingId: string, cleanerId: string): Promise<JobCleanerMarks>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface AttendanceStore {
  bookingExists(bookingId: string): Promise<boolean>;
  /** The job's cleaners in the office's order, then anyone taken off it who has marks on it. */
  linesOf(bookingId: string): Promise<JobCleanerMarks[]>;
  transaction: InTransaction<AttendanceTx>;
}

export interface TimesheetStore {
  /**
   * Each cleaner on each BOOKING starting in [from, to) that holds a place, and each cleaner who
   * checked in on one starting then whatever it became (worked time is paid), with their marks.
   */
  entriesBetween(from: Date, to: Date): Promise<TimesheetEntryFacts[]>;
}
