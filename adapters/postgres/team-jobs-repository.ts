/**
 * The cleaners' own app in SQL (issue 31, migration 031): a cleaner's own jobs (the SQL reads only
 * jobs they are on), their marks under a row lock (two taps at once make one mark), the booking
 * page's "On the job" lines and their corrections, and the timesheets' entries.
 */
import type postgres from "postgres";
import type { AttendanceStore, AttendanceTx, JobCleanerMarks, TeamJobFacts, TeamJobsStore, TeamJobsTx, TimesheetStore } from "../../core/team/ports.ts";
import type { Attendance } from "../../core/team/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { type BookingRow, placeHolding, selectBookings, toBookingRecord } from "./booking-columns.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { dateOrNull, numOrNull } from "./rows.ts";
import { transactionOver } from "./transaction.ts";

type Fragment = postgres.Fragment;

/** A job_attendance row as postgres.js reads it. */
interface MarksRow {
  booking_id: string;
  cleaner_id: string;
  on_my_way_at: Date | null;
  check_in_at: Date | null;
  check_in_note: string;
  check_in_lat: number | string | null;
  check_in_lng: number | string | null;
  check_out_at: Date | null;
  check_out_note: string;
  check_out_lat: number | string | null;
  check_out_lng: number | string | null;
  corrected_by_admin_id: string | null;
  corrected_at: Date | null;
}

const toMarks = (row: MarksRow): Attendance => ({
  bookingId: row.booking_id,
  cleanerId: row.cleaner_id,
  onMyWayAt: dateOrNull(row.on_my_way_at),
  checkInAt: dateOrNull(row.check_in_at),
  checkInNote: row.check_in_note,
  checkInLat: numOrNull(row.check_in_lat),
  checkInLng: numOrNull(row.check_in_lng),
  checkOutAt: dateOrNull(row.check_out_at),
  checkOutNote: row.check_out_note,
  checkOutLat: numOrNull(row.check_out_lat),
  checkOutLng: numOrNull(row.check_out_lng),
  correctedByAdminId: row.corrected_by_admin_id,
  correctedAt: dateOrNull(row.corrected_at),
});

const MARK_COLUMNS = [
  "booking_id", "cleaner_id", "on_my_way_at", "check_in_at", "check_in_note", "check_in_lat", "check_in_lng",
  "check_out_at", "check_out_note", "check_out_lat", "check_out_lng", "corrected_by_admin_id", "corrected_at",
] as const;

/** The marks' columns as `m_<column>` of the join `a` (a left join: all null when there are none). */
const markColumnsOf = (sql: Queryable, alias: string): Fragment =>
  sql.unsafe(MARK_COLUMNS.map((column) => `${alias}.${column} as m_${column}`).join(", "));

type PrefixedMarks = { [K in keyof MarksRow as `m_${K}`]: MarksRow[K] | null };

const marksOfRow = (row: PrefixedMarks): Attendance | null =>
  row.m_booking_id === null ? null : toMarks(Object.fromEntries(MARK_COLUMNS.map((column) => [column, row[`m_${column}`]])) as unknown as MarksRow);

type TeamJobRow = BookingRow & PrefixedMarks & {
  customer_notes: string;
  checklist: string[] | null;
  other_cleaners: string[];
  cleaner_name: string;
};

/**
 * The jobs `which` picks among those `cleanerId` is on, with what the cleaner sees besides the
 * booking: the customer's lasting notes, the service's checklist, the others on the job, their marks.
 */
async function readTeamJobs(sql: Queryable, cleanerId: string, which: Fragment): Promise<TeamJobFacts[]> {
  const rows = await sql<TeamJobRow[]>`
    select s.*, coalesce(cu.notes, '') as customer_notes, sv.checklist,
           (select coalesce(json_agg(c.name order by bc.position), '[]'::json)
              from booking_cleaners bc join cleaners c on c.id = bc.cleaner_id
             where bc.booking_id = s.id and bc.cleaner_id <> ${cleanerId}) as other_cleaners,
           (select name from cleaners where id = ${cleanerId}) as cleaner_name,
           ${markColumnsOf(sql, "a")}
      from (
        ${selectBookings(sql)}
         where b.id in (select own.booking_id from booking_cleaners own where own.cleaner_id = ${cleanerId})
           and ${which}
      ) s
      left join customers cu on cu.id = s.customer_id
      left join services sv on sv.id = s.service_id
      left join job_attendance a on a.booking_id = s.id and a.cleaner_id = ${cleanerId}
     order by s.start_time, s.id`;
  return rows.map((row) => ({
    record: toBookingRecord(row),
    customerNotes: row.customer_notes,
    checklist: row.checklist ?? [],
    otherCleaners: row.other_cleaners,
    cleanerName: row.cleaner_name,
    marks: marksOfRow(row),
  }));
}

/** The cleaner's marks on the job, made empty first when there are none, locked until the transaction ends. */
async function lockMarks(tx: Queryable, bookingId: string, cleanerId: string): Promise<Attendance> {
  // A second tap waits here (on the insert or the lock) until the first commits, then reads what it did.
  await tx`insert into job_attendance (booking_id, cleaner_id) values (${bookingId}, ${cleanerId}) on conflict do nothing`;
  const [row] = await tx<MarksRow[]>`
    select * from job_attendance where booking_id = ${bookingId} and cleaner_id = ${cleanerId} for update`;
  return toMarks(row);
}

async function saveMarks(tx: Queryable, marks: Attendance): Promise<void> {
  await tx`
    update job_attendance
       set on_my_way_at = ${marks.onMyWayAt}, check_in_at = ${marks.checkInAt}, check_in_note = ${marks.checkInNote},
           check_in_lat = ${marks.checkInLat}, check_in_lng = ${marks.checkInLng},
           check_out_at = ${marks.checkOutAt}, check_out_note = ${marks.checkOutNote},
           check_out_lat = ${marks.checkOutLat}, check_out_lng = ${marks.checkOutLng},
           corrected_by_admin_id = ${marks.correctedByAdminId}, corrected_at = ${marks.correctedAt}
     where booking_id = ${marks.bookingId} and cleaner_id = ${marks.cleanerId}`;
}

function teamJobsTx(tx: Queryable): TeamJobsTx {
  return {
    async ownJob(bookingId, cleanerId) {
      if (!isUuid(bookingId)) return null;
      const [job] = await readTeamJobs(tx, cleanerId, tx`b.id = ${bookingId}`);
      return job ?? null;
    },
    lockMarks: (bookingId, cleanerId) => lockMarks(tx, bookingId, cleanerId),
    saveMarks: (marks) => saveMarks(tx, marks),
    audit: (entry) => recordAudit(tx, entry),
    async enqueue(messages) {
      for (const message of messages) await enqueueEmail(tx, message);
    },
  };
}

export function makeTeamJobsStore(sql: Sql): TeamJobsStore {
  return {
    jobsOf: (cleanerId, from, to) =>
      readTeamJobs(sql, cleanerId, sql`b.type = 'BOOKING' and b.status in ${placeHolding(sql)} and b.start_time >= ${from} and b.start_time < ${to}`),
    transaction: transactionOver(sql, teamJobsTx),
  };
}

// ---------------------------------------------------------------------------------------------
// The booking page's "On the job" lines and the office's corrections

type LineRow = PrefixedMarks & { cleaner_id: string; name: string; corrected_by: string | null };

/**
 * The job's cleaners in the office's order, then anyone taken off it who has marks on it (by
 * name), each with their marks and the name of whoever last corrected them; `only` narrows to one.
 */
async function readLines(sql: Queryable, bookingId: string, only?: string): Promise<JobCleanerMarks[]> {
  const rows = await sql<LineRow[]>`
    select c.id as cleaner_id, c.name, ad.name as corrected_by, ${markColumnsOf(sql, "a")}
      from cleaners c
      left join booking_cleaners bc on bc.booking_id = ${bookingId} and bc.cleaner_id = c.id
      left join job_attendance a on a.booking_id = ${bookingId} and a.cleaner_id = c.id
      left join admins ad on ad.id = a.corrected_by_admin_id
     where (bc.cleaner_id is not null or a.cleaner_id is not null)
       and (${only ?? null}::uuid is null or c.id = ${only ?? null}::uuid)
     order by bc.position nulls last, lower(c.name), c.id`;
  return rows.map((row) => ({ cleanerId: row.cleaner_id, name: row.name, marks: marksOfRow(row), correctedBy: row.corrected_by }));
}

function attendanceTx(tx: Queryable): AttendanceTx {
  return {
    async lockBooking(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await tx<{ id: string; reference: string; type: "BOOKING" | "QUOTE" }[]>`
        select id, reference, type from bookings where id = ${bookingId} for update`;
      return row ? { _id: row.id, reference: row.reference, type: row.type } : null;
    },
    async cleanerOfJob(bookingId, cleanerId) {
      if (!isUuid(cleanerId)) return null;
      const [line] = await readLines(tx, bookingId, cleanerId);
      return line ? { name: line.name } : null;
    },
    lockMarks: (bookingId, cleanerId) => lockMarks(tx, bookingId, cleanerId),
    saveMarks: (marks) => saveMarks(tx, marks),
    async lineOf(bookingId, cleanerId) {
      const [line] = await readLines(tx, bookingId, cleanerId);
      if (!line) throw new Error(`cleaner ${cleanerId} left job ${bookingId} inside its own transaction`);
      return line;
    },
    audit: (entry) => recordAudit(tx, entry),
  };
}

export function makeAttendanceStore(sql: Sql): AttendanceStore {
  return {
    async bookingExists(bookingId) {
      if (!isUuid(bookingId)) return false;
      const [row] = await sql`select 1 from bookings where id = ${bookingId}`;
      return row !== undefined;
    },
    linesOf: (bookingId) => isUuid(bookingId) ? readLines(sql, bookingId) : Promise.resolve([]),
    transaction: transactionOver(sql, attendanceTx),
  };
}

// ---------------------------------------------------------------------------------------------
// Timesheets

interface EntryRow {
  cleaner_id: string;
  cleaner_name: string;
  booking_id: string;
  reference: string;
  start_time: Date;
  end_time: Date;
  check_in_at: Date | null;
  check_out_at: Date | null;
}

export function makeTimesheetStore(sql: Sql): TimesheetStore {
  return {
    async entriesBetween(from, to) {
      // The range's bookings first (by start), then who was on each: its cleaners while it holds its
      // place, and anyone who checked in on it whatever it became (taken off or cancelled, they worked).
      const rows = await sql<EntryRow[]>`
        select c.id as cleaner_id, c.name as cleaner_name, b.id as booking_id, b.reference, b.start_time, b.end_time,
               a.check_in_at, a.check_out_at
          from bookings b
          join lateral (
                 select bc.cleaner_id from booking_cleaners bc where bc.booking_id = b.id and b.status in ${placeHolding(sql)}
                 union
                 select ja.cleaner_id from job_attendance ja where ja.booking_id = b.id and ja.check_in_at is not null
               ) who on true
          join cleaners c on c.id = who.cleaner_id
          left join job_attendance a on a.booking_id = b.id and a.cleaner_id = who.cleaner_id
         where b.type = 'BOOKING' and b.start_time >= ${from} and b.start_time < ${to}
         order by b.start_time, b.id, c.id`;
      return rows.map((row) => ({
        cleanerId: row.cleaner_id,
        cleanerName: row.cleaner_name,
        bookingId: row.booking_id,
        reference: row.reference,
        start: new Date(row.start_time),
        end: new Date(row.end_time),
        checkIn: dateOrNull(row.check_in_at),
        checkOut: dateOrNull(row.check_out_at),
      }));
    },
  };
}
