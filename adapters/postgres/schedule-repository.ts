/**
 * The staff schedule's read (issue 16): the range's place-holding bookings, and since issue 28 the
 * ones waiting for a new time (NEEDS_ATTENTION), with their cleaners, in one query.
 */
import type { ScheduleReader } from "../../core/booking/staff/schedule.ts";
import { type BookingStatus, CAPACITY_HOLDING_STATUSES } from "../../core/booking/types.ts";
import type { Queryable } from "./db.ts";
import { type BookingRow, selectBookings, toBookingRecord } from "./booking-columns.ts";
import { dateOrNull } from "./rows.ts";

/** A cleaner's marks on a job as json_build_object writes them (times as JSON text). */
interface MarkRow {
  cleaner_id: string;
  on_my_way_at: string | null;
  check_in_at: string | null;
  check_out_at: string | null;
}

/** The jobs the schedule shows: those holding a place, and those waiting for a new time. */
const SCHEDULED_STATUSES: readonly BookingStatus[] = [...CAPACITY_HOLDING_STATUSES, "NEEDS_ATTENTION"];

export function makeScheduleReader(sql: Queryable): ScheduleReader {
  return {
    async jobsStartingBetween(from, to) {
      // The customer's lasting notes go on the run sheet (issue 17); the cleaners' marks on the schedule (issue 31).
      const rows = await sql<(BookingRow & { customer_notes: string; marks: MarkRow[] })[]>`
        select s.*, coalesce(cu.notes, '') as customer_notes,
               (select coalesce(json_agg(json_build_object(
                         'cleaner_id', a.cleaner_id, 'on_my_way_at', a.on_my_way_at,
                         'check_in_at', a.check_in_at, 'check_out_at', a.check_out_at)
                       order by a.cleaner_id), '[]'::json)
                  from job_attendance a where a.booking_id = s.id) as marks
          from (
            ${selectBookings(sql)}
             where b.type = 'BOOKING' and b.status in ${sql(SCHEDULED_STATUSES)}
               and b.start_time between ${from} and ${to}
          ) s
          left join customers cu on cu.id = s.customer_id
         order by s.start_time, s.id`;
      return rows.map((row) => ({
        ...toBookingRecord(row),
        customerNotes: row.customer_notes,
        marks: row.marks.map((mark) => ({
          cleanerId: mark.cleaner_id,
          onMyWayAt: dateOrNull(mark.on_my_way_at),
          checkInAt: dateOrNull(mark.check_in_at),
          checkOutAt: dateOrNull(mark.check_out_at),
        })),
      }));
    },
  };
}
