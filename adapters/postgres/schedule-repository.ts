/**
 * The staff schedule's read (issue 16): the range's place-holding bookings, and since issue 28 the
 * ones waiting for a new time (NEEDS_ATTENTION), with their cleaners, in one query.
 */
import type { ScheduleReader } from "../../core/booking/schedule.ts";
import type { Queryable } from "./db.ts";
import { selectBookings, toBookingRecord } from "./booking-repository.ts";

export function makeScheduleReader(sql: Queryable): ScheduleReader {
  return {
    async jobsStartingBetween(from, to) {
      // The customer's lasting notes go on the run sheet (issue 17).
      const rows = await sql`
        select s.*, coalesce(cu.notes, '') as customer_notes
          from (
            ${selectBookings(sql)}
             where b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE', 'NEEDS_ATTENTION')
               and b.start_time between ${from} and ${to}
          ) s
          left join customers cu on cu.id = s.customer_id
         order by s.start_time, s.id`;
      return rows.map((row) => ({
        ...toBookingRecord(row as Parameters<typeof toBookingRecord>[0]),
        customerNotes: row.customer_notes as string,
      }));
    },
  };
}
