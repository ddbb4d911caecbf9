/**
 * A busy book for bench/cluster.bench.ts, written by the database itself: the same distribution
 * as bench/availability.bench.ts (a year either side of today, jobs of 1.5 to 6 hours on the hour
 * from firstSlotHour, a status that fits the date), so the two benches' availability figures are
 * read over the same kind of data. Every row's e-mail is bench<n>@example.com: these rows were
 * never booked through the API and have no e-mails in the outbox. References are YS- and the row
 * number in hex (0 and 1 written X and Y), padded with Z: unique, and in the reference alphabet.
 */
import type { Sql } from "../adapters/postgres/db.ts";
import type { SchedulingSettings } from "../core/settings/types.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";

const SEED_CHUNK = 10_000;

export async function seedBusyBook(sql: Sql, scheduling: SchedulingSettings, bookings: number): Promise<void> {
  for (let first = 0; first < bookings; first += SEED_CHUNK) {
    await sql`
      insert into bookings (
        id, reference, type, status, first_name, last_name, email, phone,
        address_street, address_suburb, address_state, address_post_code,
        service_id, service_name_at_booking, pricing_model, hours,
        frequency_code, frequency_name_at_booking, frequency_discount_percent,
        start_time, end_time, base_amount, extras_amount, first_service_total, recurring_total, created_at
      )
      select gen_random_uuid(), 'YS-' || translate(lpad(upper(to_hex(g)), 6, 'Z'), '01', 'XY'), 'BOOKING',
             case when day_offset < 0 then (case when r_status < 85 then 'DONE' else 'CANCELLED' end)
                  when r_status < 30 then 'PENDING' when r_status < 90 then 'CONFIRMED' else 'CANCELLED' end,
             'Bench', 'Customer' || g, 'bench' || g || '@example.com', '0412 345 678',
             '1 Test St', 'Carlton', 'VIC', '3053',
             ${DEMO_SERVICE_IDS.hourly}::uuid, 'Hourly Cleaning', 'HOURLY', minutes / 60.0,
             'ONE_TIME', 'One-time', 0,
             start_at, start_at + make_interval(mins => minutes),
             minutes / 60.0 * 55, 0, minutes / 60.0 * 55, minutes / 60.0 * 55,
             least(now(), start_at - interval '7 days')
        from generate_series(${first}::int, ${Math.min(bookings, first + SEED_CHUNK) - 1}::int) as g
       cross join lateral (select
              (abs(hashint4(g * 4)::bigint) % 730 - 365)::int as day_offset,
              abs(hashint4(g * 4 + 1)::bigint) % 100 as r_status,
              (90 + 30 * (abs(hashint4(g * 4 + 2)::bigint) % 10))::int as minutes) as draw
       cross join lateral (select
              (now() at time zone 'Australia/Melbourne')::date + day_offset as raw_day,
              least(${scheduling.lastSlotHour}::int, (${scheduling.dayEndHour}::int * 60 - minutes) / 60) as last_hour) as d
       cross join lateral (select
              raw_day + (extract(dow from raw_day) = 0)::int as day,
              (${scheduling.firstSlotHour}::int + abs(hashint4(g * 4 + 3)::bigint) % (last_hour - ${scheduling.firstSlotHour}::int + 1))::int
                as hour)
              as slot
       cross join lateral (select
              ((slot.day + make_interval(hours => slot.hour))::timestamp at time zone 'Australia/Melbourne') as start_at)
              as instant`;
  }
  // As autovacuum leaves a live book: statistics, and a visibility map that lets the calendar's
  // reads be index-only scans (a freshly written table has none, and every read visits the heap).
  await sql`vacuum analyze bookings`;
}
