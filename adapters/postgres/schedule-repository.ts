/**
 * The staff schedule's read (issue 16): the range's place-holding bookings, and since issue 28 the
 * ones waiting for a new time (NEEDS_ATTENTION), with their cleaners, in one query.
 */
import type { ScheduleReader } from "../../core/booking/staff/schedule.ts";
import { type BookingStatus, CAPACITY_HOLDING_STATUSES } from "../../core/booking/types.ts";
import type { Queryable } from "./db.ts";
import { type BookingRow, selectBookings, toBookingRecord } from "./booking-columns.ts";

/** The jobs the schedule shows: those holding a place, and those waiting for a new time. */
const SCHEDULED_STATUSES: readonly BookingStatus[] = [...CAPACITY_HOLDING_STATUSES, "NEEDS_ATTENTION"];

export function makeScheduleReader(sql: Queryable): ScheduleReader {
  return {
    async jobsStartingBetween(from, to) {
      // The customer's lasting notes go on the run sheet (issue 17).
      const rows = await sql<(BookingRow & { customer_notes: string })[]>`
        select s.*, coalesce(cu.notes, '') as customer_notes
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
      }));
    },
  };
}
