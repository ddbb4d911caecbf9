/**
 * The reports (GET /api/admin/reports/summary, issue 32) over a busy book: 100,000 bookings over
 * the past two years and the next year, with their customers, cleaners, payments (some voided,
 * some refunded), ratings and a few dozen regular cleans, then 200 calls one after another for the
 * last 365 days through the real app on its own port. The target: p95 <= 150 ms.
 * Prints figures and the plan of each statement; asserts nothing.
 *
 *   npm run bench:reports                                        # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... JWT_SECRET=... SITE_URL=... npm run bench:reports
 *                                                                # PostgreSQL (an empty database)
 *
 * Env: BENCH_CALLS (default 200); BENCH_PLANS=1 prints each statement's analysed plan.
 */
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { DEMO_ADMIN } from "../api/compose.ts";
import { addDaysYmd, melbourneYmd } from "../core/shared/melbourne-time.ts";
import { percentile } from "./load.ts";
import { startBenchServers } from "./harness.ts";

const BOOKINGS = 100_000;
const CUSTOMERS = 20_000;
const CLEANERS = 12;
const SERIES = 60;
const SEED_CHUNK = 10_000;
const calls = Number(Deno.env.get("BENCH_CALLS") ?? 200);

const { config, started, appUrl, stop } = await startBenchServers();
const sql = started.db.sql;

// The temp data dir goes whatever happens.
try {
  const seedStarted = performance.now();
  const step = (what: string) => console.error(`seeded ${what} at ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  await sql`
    insert into customers (id, email_key, first_name, last_name, email)
    select md5('bench-customer-' || g)::uuid, 'bench' || g || '@example.com', 'Bench', 'Customer' || g, 'bench' || g || '@example.com'
      from generate_series(0, ${CUSTOMERS - 1}::int) as g`;
  await sql`
    insert into cleaners (id, name, colour, active, working_hours_set)
    select gen_random_uuid(), 'Bench Cleaner ' || lpad(g::text, 2, '0'), '#336699', g % 6 <> 5, g % 2 = 0
      from generate_series(0, ${CLEANERS - 1}::int) as g`;
  // Half the bench cleaners have a week of their own (Mon–Fri 8:00–16:00); the others work the default week.
  await sql`
    insert into cleaner_working_hours (cleaner_id, weekday, start_minutes, end_minutes)
    select c.id, d, 480, 960 from cleaners c cross join generate_series(1, 5) as d where c.working_hours_set`;
  await sql`
    insert into cleaner_time_off (id, cleaner_id, from_date, to_date)
    select gen_random_uuid(), c.id, (now() at time zone 'Australia/Melbourne')::date - 100 - 20 * n,
           (now() at time zone 'Australia/Melbourne')::date - 95 - 20 * n
      from cleaners c cross join generate_series(0, 3) as n`;

  /**
   * The book, written by the database itself, each row's draws hashes of its number (the same book
   * on every run, relative to today): a Melbourne date from two years back to a year ahead, a job of
   * 1.5 to 6 hours on the hour, a status that fits the date, a price, a customer and a reason.
   */
  for (let first = 0; first < BOOKINGS; first += SEED_CHUNK) {
    await sql`
      insert into bookings (
        id, reference, type, status, first_name, last_name, email, phone,
        address_street, address_suburb, address_state, address_post_code,
        service_id, service_name_at_booking, pricing_model, hours,
        frequency_code, frequency_name_at_booking, frequency_discount_percent,
        start_time, end_time, base_amount, extras_amount, first_service_total, recurring_total, created_at,
        customer_id, cancel_reason
      )
      select gen_random_uuid(), ref.reference, 'BOOKING',
             case when day_offset < 0 then (case when r_status < 85 then 'DONE' else 'CANCELLED' end)
                  when r_status < 30 then 'PENDING' when r_status < 90 then 'CONFIRMED' else 'CANCELLED' end,
             'Bench', 'Customer', 'bench@example.com', '0412 345 678',
             '1 Test St', 'Carlton', 'VIC', '3053',
             case when g % 3 = 0 then ${DEMO_SERVICE_IDS.regular}::uuid else ${DEMO_SERVICE_IDS.hourly}::uuid end,
             case when g % 3 = 0 then 'Regular Clean' else 'Hourly Cleaning' end, 'HOURLY', minutes / 60.0,
             'ONE_TIME', 'One-time', 0,
             start_at, start_at + make_interval(mins => minutes),
             minutes / 60.0 * 55.5, 0, minutes / 60.0 * 55.5, minutes / 60.0 * 55.5,
             least(now(), start_at - interval '7 days'),
             md5('bench-customer-' || (abs(hashint4(g * 5 + 4)::bigint) % ${CUSTOMERS}))::uuid,
             (array['', 'Sick', 'Moved', 'Found another cleaner', 'Skipped'])[1 + abs(hashint4(g * 7)::bigint) % 5]
        from generate_series(${first}::int, ${Math.min(BOOKINGS, first + SEED_CHUNK) - 1}::int) as g
       cross join lateral (select
              (abs(hashint4(g * 4)::bigint) % 1095 - 730)::int as day_offset,
              abs(hashint4(g * 4 + 1)::bigint) % 100 as r_status,
              (90 + 30 * (abs(hashint4(g * 4 + 2)::bigint) % 10))::int as minutes) as draw
       cross join lateral (select
              (now() at time zone 'Australia/Melbourne')::date + day_offset as day,
              (8 + abs(hashint4(g * 4 + 3)::bigint) % 7)::int as hour) as slot
       cross join lateral (select ((slot.day + make_interval(hours => slot.hour))::timestamp at time zone 'Australia/Melbourne') as start_at)
              as instant
       -- A unique reference per row (migration 007): the row number in the references' alphabet.
       cross join lateral (select 'YS-' || string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + ((g >> (5 * k)) & 31), 1), ''
                                                    order by k desc) as reference
                             from generate_series(0, 5) as k) as ref`;
    step(`${Math.min(BOOKINGS, first + SEED_CHUNK)} bookings`);
  }
  // A cleaner on about a third of the place-holding jobs; a clash with their other job is skipped.
  await sql`
    insert into booking_cleaners (booking_id, cleaner_id, position)
    select b.id, team.ids[1 + abs(hashtext(b.reference)::bigint) % ${CLEANERS}], 0
      from bookings b
     cross join (select array_agg(c.id order by c.name) as ids from cleaners c where c.name like 'Bench Cleaner %') team
     where b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE') and abs(hashtext(b.reference)::bigint) % 3 = 0
    on conflict do nothing`;
  step("cleaners");
  // Most DONE jobs paid after the visit (some in part), some cancelled ones paid a deposit; a few voided.
  await sql`
    insert into booking_payments (id, booking_id, amount, method, received_at, voided_at, void_reason)
    select gen_random_uuid(), b.id,
           case when r < 80 then b.first_service_total else round(b.first_service_total / 2, 2) end,
           'CARD', b.end_time + make_interval(hours => (r % 48)::int),
           case when r % 50 = 0 then b.end_time + interval '3 days' end, case when r % 50 = 0 then 'Bench void' end
      from bookings b
     cross join lateral (select abs(hashtext(b.reference || 'p')::bigint) % 100 as r) draw
     where b.type = 'BOOKING' and (b.status = 'DONE' and r < 95 or b.status = 'CANCELLED' and r < 20)`;
  step("payments");
  await sql`
    insert into booking_payments (id, booking_id, amount, method, received_at, kind, refund_of)
    select gen_random_uuid(), p.booking_id, -round(p.amount / 4, 2), 'CARD', p.received_at + interval '2 days', 'REFUND', p.id
      from booking_payments p
     where p.voided_at is null and p.amount > 4 and abs(hashtext(p.id::text)::bigint) % 40 = 0`;
  step("refunds");
  // Paid to date, as the ledger path keeps it on each booking.
  await sql`
    update bookings b set total_paid = paid.amount
      from (select booking_id, nullif(sum(amount), 0) as amount from booking_payments where voided_at is null group by booking_id) paid
     where paid.booking_id = b.id and b.first_name = 'Bench'`;
  await sql`
    insert into booking_feedback (booking_id, token_hash, requested_at, expires_at, rating, rated_at, comment)
    select b.id, md5(b.id::text), b.end_time, b.end_time + interval '30 days',
           1 + abs(hashtext(b.reference || 'r')::bigint) % 5, b.end_time + interval '1 day', ''
      from bookings b
     where b.type = 'BOOKING' and b.status = 'DONE' and abs(hashtext(b.reference || 'f')::bigint) % 10 < 3
    -- The demo's own history may have asked already.
    on conflict (booking_id) do nothing`;
  step("ratings");
  await sql`
    insert into booking_series (id, customer_id, first_booking_id, status, frequency_code, frequency_name, repeat_unit, repeat_every,
                                anchor_date, start_minutes, duration_minutes, template)
    select gen_random_uuid(), b.customer_id, b.id, (array['ACTIVE', 'ACTIVE', 'ACTIVE', 'PAUSED', 'ENDED'])[1 + n % 5],
           'BENCH', 'Bench', case when n % 4 = 3 then 'MONTH' else 'WEEK' end, 1 + n % 3,
           (b.start_time at time zone 'Australia/Melbourne')::date, 540, 180,
           jsonb_build_object('firstServiceTotal', b.first_service_total, 'recurringTotal', b.first_service_total)
      from (select b.*, (row_number() over (order by b.reference)) - 1 as n from bookings b
             where b.type = 'BOOKING' and b.status = 'CONFIRMED' order by b.reference limit ${SERIES}) b`;
  // As autovacuum would have by then: the updates above leave dead row versions behind.
  await sql`vacuum analyze`;
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const [stored] = await sql<{ bookings: number; payments: number; ratings: number; series: number; assigned: number }[]>`
    select (select count(*) from bookings)::int as bookings, (select count(*) from booking_payments)::int as payments,
           (select count(*) from booking_feedback)::int as ratings, (select count(*) from booking_series)::int as series,
           (select count(*) from booking_cleaners)::int as assigned`;

  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  if (login.status !== 200) throw new Error(`login as ${DEMO_ADMIN.email} answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json() as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  // The last 365 Melbourne days, today included.
  const to = melbourneYmd(new Date());
  const from = addDaysYmd(to, -364);
  const url = `${appUrl}/api/admin/reports/summary?from=${from}&to=${to}`;

  /**
   * The statements one call sends, and each one's plan, seen through postgres.js's `debug` hook on
   * the app's own pool (the relay and janitor share it: statements about other tables are left out).
   */
  const statements: { query: string; parameters: unknown[] }[] = [];
  sql.options.debug = (_connection, query, parameters) => {
    if (/from (bookings b|booking_payments p|booking_series s|booking_cleaners bc)\b/.test(query)) statements.push({ query, parameters: parameters as unknown[] });
  };
  const first = await fetch(url, { headers });
  const sample = await first.json();
  sql.options.debug = false;
  if (first.status !== 200) throw new Error(`GET summary answered ${first.status}: ${JSON.stringify(sample)}`);

  /** Each statement's scans, and its execution time inside the database (the least of 3 runs). */
  const plans: string[] = [];
  for (const statement of statements) {
    try {
      const rows = await sql.unsafe(`explain ${statement.query}`, statement.parameters as never[]);
      const lines = rows.map((row) => String(Object.values(row)[0]));
      let fastest = Infinity;
      for (let run = 0; run < 3; run++) {
        const [analysed] = await sql.unsafe(`explain (analyze, format json) ${statement.query}`, statement.parameters as never[]);
        const plan = Object.values(analysed)[0] as [{ "Execution Time": number }] | string;
        fastest = Math.min(fastest, (typeof plan === "string" ? JSON.parse(plan) : plan)[0]["Execution Time"]);
      }
      if (Deno.env.get("BENCH_PLANS")) {
        const analysed = await sql.unsafe(`explain (analyze, costs off) ${statement.query}`, statement.parameters as never[]);
        console.error(analysed.map((row) => String(Object.values(row)[0])).join("\n"));
      }
      const scans = lines.filter((line) => /Scan|Bitmap/.test(line)).map((line) => line.trim().replace(/\s+\(cost=.*$/, ""));
      plans.push(`${fastest.toFixed(1)} ms in the database: ${scans.join("; ")}`);
    } catch (error) {
      plans.push(`(no plan: ${(error as Error).message})`);
    }
  }

  for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer();
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  for (let i = 0; i < calls; i++) {
    const began = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - began);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);

  console.log(
    `Reports benchmark: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, Deno ${Deno.version.deno}. Seeded in ${seedSeconds.toFixed(1)} s: ` +
      `${stored.bookings} bookings, ${stored.payments} ledger entries, ${stored.ratings} ratings, ${stored.series} series, ` +
      `${stored.assigned} cleaner assignments.`,
  );
  console.log(
    `Range ${from}..${to}: ${sample.jobs} jobs, booked A$${sample.bookedRevenue}, collected A$${sample.collected}, ` +
      `outstanding A$${sample.outstanding}, ${sample.cancelled} cancelled, ${sample.newCustomers} new / ${sample.returningCustomers} returning, ` +
      `run rate A$${sample.recurringRunRate}, ${sample.byWeek.length} weeks, ${sample.byCleaner.length} cleaners, ${sample.ratings} ratings.`,
  );
  console.log(`${statements.length} statements per call:`);
  plans.forEach((plan, i) => console.log(` ${i + 1}. ${plan}`));
  console.table([{
    endpoint: "GET /api/admin/reports/summary (365 d)",
    calls,
    "p50 ms": percentile(latencies, 50).toFixed(1),
    "p95 ms": percentile(latencies, 95).toFixed(1),
    "p99 ms": percentile(latencies, 99).toFixed(1),
    "max ms": latencies[latencies.length - 1].toFixed(1),
    statuses: JSON.stringify(statuses),
  }]);
} finally {
  await stop();
}
