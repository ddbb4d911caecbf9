/**
 * Issue 18: the visits the availability check and calendar judge slots on, read fast. The same
 * visits as BookingReader.capacityHoldersBetween (booking-repository.ts, what a reservation
 * decides on under its lock): capacity-holding BOOKING records starting in [from, to], in one
 * index-only range scan (bookings_capacity_cover_idx, migration 012). A 62-day calendar over a
 * busy book reads thousands of them, so they come back as one text of epoch milliseconds, start
 * and end of each visit in turn, instead of a row and two parsed timestamps each: about half the
 * time of the row-per-visit read for 7,500 visits on PostgreSQL. In no particular order: the
 * capacity rule counts, and the calendar sorts.
 */
import type { BookingReader, Occupancy } from "../../core/booking/ports.ts";
import type { Queryable } from "./db.ts";

export async function capacityHoldersForAdvice(sql: Queryable, from: Date, to: Date): Promise<Occupancy[]> {
  // floor(): a Date keeps milliseconds, as postgres.js's own parse of a timestamp does. extract()
  // is numeric (exact) on PostgreSQL 14 and later.
  const [row] = await sql<{ visits: string | null }[]>`
    select string_agg(floor(extract(epoch from start_time) * 1000)::bigint || ',' ||
                      floor(extract(epoch from end_time) * 1000)::bigint, ',') as visits
      from bookings
     where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE')
       and start_time between ${from} and ${to}`;
  if (!row?.visits) return [];
  const numbers = row.visits.split(",");
  const visits: Occupancy[] = [];
  for (let i = 0; i < numbers.length; i += 2) {
    visits.push({ start: new Date(Number(numbers[i])), end: new Date(Number(numbers[i + 1])) });
  }
  return visits;
}

/** The reader the availability check and calendar are given (api/graph.ts). */
export function makeAvailabilityReader(sql: Queryable): Pick<BookingReader, "capacityHoldersBetween"> {
  return { capacityHoldersBetween: (from, to) => capacityHoldersForAdvice(sql, from, to) };
}
