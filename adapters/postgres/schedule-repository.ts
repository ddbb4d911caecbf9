/** The staff schedule's read (issue 16): the range's place-holding bookings, with their cleaners, in one query. */
import type { ScheduleReader } from "../../core/booking/schedule.ts";
import type { Queryable } from "./db.ts";
import { selectBookings, toBookingRecord } from "./booking-repository.ts";

export function makeScheduleReader(sql: Queryable): ScheduleReader {
  return {
    async placeHoldersStartingBetween(from, to) {
      // bookings_capacity_idx covers exactly these rows.
      const rows = await sql`
        ${selectBookings(sql)}
         where b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
           and b.start_time between ${from} and ${to}
         order by b.start_time, b.id`;
      return rows.map((row) => toBookingRecord(row as Parameters<typeof toBookingRecord>[0]));
    },
  };
}
