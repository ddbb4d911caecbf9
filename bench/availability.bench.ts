/**
 * The availability calendar (GET /api/availability, issue 14) over a busy book: 100,000 bookings
 * spread over the past year and the next, read 62 days at a time against the real app on its own
 * port, compared with a bare Hono route on the same runtime. Prints figures; asserts nothing.
 *
 *   npm run bench:availability                                   # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... JWT_SECRET=... SITE_URL=... npm run bench:availability
 *                                                                # PostgreSQL (an empty database)
 *
 * Env: BENCH_SECONDS (default 5 per row), BENCH_CONCURRENCY (default 16),
 * BENCH_SEQUENTIAL_CALLS (default 200, one client, one call after another).
 */
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../core/shared/melbourne-time.ts";
import { capacityWindow } from "../core/booking/capacity/capacity.ts";
import { dayAvailability } from "../core/booking/capacity/availability.ts";
import { visitEnd } from "../core/booking/capacity/scheduling.ts";
import { makeBookingReader } from "../adapters/postgres/booking-repository.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { type LoadResult, percentile, runLoad } from "./load.ts";
import { benchSettings, startBenchServers } from "./harness.ts";

const BOOKINGS = 100_000;
const SEED_CHUNK = 10_000;
const RANGE_DAYS = 62;
const sequentialCalls = Number(Deno.env.get("BENCH_SEQUENTIAL_CALLS") ?? 200);

const { seconds, concurrency } = benchSettings();
const { config, started, appUrl, bareUrl, stop } = await startBenchServers({ AVAILABILITY_RATE_LIMIT: "100000000" });
const sql = started.db.sql;

// Busy enough that the 62 days mix free, taken and full slots (about 120 visits hold a place a day).
const scheduling = { ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 100 };
await makeSettingsStore(sql).saveScheduling(scheduling);

/**
 * The book, written by the database itself. Each row's pseudo-random draws are hashes of its
 * number, so every run stores the same bookings relative to today: a Melbourne date within a year
 * either side of today (a Sunday moves to the Monday), a job of 1.5 to 6 hours in half hours, a
 * start on the hour from firstSlotHour that lets the job end by dayEndHour, and a status that
 * fits the date (past: DONE or CANCELLED; coming: PENDING, CONFIRMED or CANCELLED).
 */
const seedStarted = performance.now();
for (let first = 0; first < BOOKINGS; first += SEED_CHUNK) {
  await sql`
    insert into bookings (
      id, reference, type, status, first_name, last_name, email, phone,
      address_street, address_suburb, address_state, address_post_code,
      service_id, service_name_at_booking, pricing_model, hours,
      frequency_code, frequency_name_at_booking, frequency_discount_percent,
      start_time, end_time, base_amount, extras_amount, first_service_total, recurring_total, created_at
    )
    select gen_random_uuid(), ref.reference, 'BOOKING',
           case when day_offset < 0 then (case when r_status < 85 then 'DONE' else 'CANCELLED' end)
                when r_status < 30 then 'PENDING' when r_status < 90 then 'CONFIRMED' else 'CANCELLED' end,
           'Bench', 'Customer' || g, 'bench' || g || '@example.com', '0412 345 678',
           '1 Test St', 'Carlton', 'VIC', '3053',
           ${DEMO_SERVICE_IDS.hourly}::uuid, 'Hourly Cleaning', 'HOURLY', minutes / 60.0,
           'ONE_TIME', 'One-time', 0,
           start_at, start_at + make_interval(mins => minutes),
           minutes / 60.0 * 55, 0, minutes / 60.0 * 55, minutes / 60.0 * 55,
           least(now(), start_at - interval '7 days')
      from generate_series(${first}::int, ${Math.min(BOOKINGS, first + SEED_CHUNK) - 1}::int) as g
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
            as instant
     -- A unique reference per row (migration 007): the row number in the references' alphabet.
     cross join lateral (select 'YS-' || string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + ((g >> (5 * k)) & 31), 1), ''
                                                  order by k desc) as reference
                           from generate_series(0, 5) as k) as ref`;
}
// A closed date every 30 days for the next year, so the calendar also answers CLOSED_DATE.
await sql`
  insert into closed_dates (date, label)
  select (now() at time zone 'Australia/Melbourne')::date + 10 + 30 * g, 'Bench closed day ' || g
    from generate_series(0, 11) as g
  on conflict do nothing`;
await sql`analyze bookings`;
const seedSeconds = (performance.now() - seedStarted) / 1000;
const [stored] = await sql<{ n: number; holding: number; coming: number }[]>`
  select count(*)::int as n,
         count(*) filter (where status in ('PENDING', 'CONFIRMED', 'DONE'))::int as holding,
         count(*) filter (where start_time > now() and status in ('PENDING', 'CONFIRMED'))::int as coming
    from bookings where type = 'BOOKING'`;

// 62-day ranges starting a week, 6 weeks, 3 months and 6 months from today (Melbourne).
const today = melbourneYmd(new Date());
const ranges = [7, 45, 100, 190].map((offset) => {
  const from = addDaysYmd(today, offset);
  return { from, to: addDaysYmd(from, RANGE_DAYS - 1) };
});
// A BEDROOMS demo service with 3 bedrooms, its oven and fridge add-ons: 180 + 45 + 30 minutes.
const extras = (await (await fetch(`${appUrl}/api/extras?serviceId=${DEMO_SERVICE_IDS.regular}`)).json()).items as {
  _id: string;
  title: string;
}[];
const extraIds = ["Inside oven", "Inside fridge"].map((title) => extras.find((extra) => extra.title === title)?._id);
const withService = `&serviceId=${DEMO_SERVICE_IDS.regular}&bedrooms=3&extras=${extraIds.map((id) => `${id}:1`).join(",")}`;
const calendarUrl = (i: number, extra = "") => {
  const { from, to } = ranges[i % ranges.length];
  return `${appUrl}/api/availability?from=${from}&to=${to}${extra}`;
};

const non200 = (r: LoadResult) =>
  Object.entries(r.statuses).reduce((sum, [status, n]) => sum + (status === "200" ? 0 : n), 0) + r.errors;

function printResults(results: LoadResult[], baseline: LoadResult): void {
  console.table(results.map((r) => ({
    endpoint: r.name,
    clients: r.clients,
    "req/s": r.rps.toFixed(0),
    "p50 ms": r.p50ms.toFixed(2),
    "p95 ms": r.p95ms.toFixed(2),
    "p99 ms": r.p99ms.toFixed(2),
    "max ms": r.maxms.toFixed(2),
    "vs baseline req/s": (r.rps / baseline.rps).toFixed(3),
    requests: r.requests,
    "non-200": non200(r),
    statuses: JSON.stringify(r.statuses),
  })));
}

// What one answer looks like over this book, per variant and range.
interface Calendar {
  durationMinutes: number;
  days: { open: boolean; reason?: string; slots?: { available: boolean }[] }[];
}
const shapes = [];
for (const [variant, extra] of [["no service", ""], ["Regular Clean, 3 bedrooms, oven + fridge", withService]]) {
  for (let i = 0; i < ranges.length; i++) {
    const res = await fetch(calendarUrl(i, extra));
    const body = res.ok ? (await res.json()) as Calendar : null;
    if (!res.ok) await res.body?.cancel();
    const reasons: Record<string, number> = {};
    for (const day of body?.days ?? []) if (day.reason) reasons[day.reason] = (reasons[day.reason] ?? 0) + 1;
    const slots = body?.days.flatMap((day) => day.slots ?? []) ?? [];
    shapes.push({
      variant,
      range: `${ranges[i].from}..${ranges[i].to}`,
      status: res.status,
      "job min": body?.durationMinutes,
      "open days": body?.days.filter((day) => day.open).length,
      "closed days": JSON.stringify(reasons),
      "slots free/listed": `${slots.filter((slot) => slot.available).length}/${slots.length}`,
      "bytes": body ? JSON.stringify(body).length : 0,
    });
  }
}

/**
 * The database statements one call sends, seen through postgres.js's `debug` hook on the app's own
 * pool (it reads the hook from its options object when it builds each query). Counted over calls
 * made one at a time; the outbox relay and the janitor share the pool, so the fewest is the call's.
 */
async function statementsPerCall(url: string, calls: number) {
  let seen: string[] = [];
  sql.options.debug = (_connection, query) => seen.push(query.replace(/\s+/g, " ").trim());
  const counts: number[] = [];
  let fewest: string[] = [];
  try {
    for (let i = 0; i < calls; i++) {
      seen = [];
      await (await fetch(url)).arrayBuffer();
      counts.push(seen.length);
      if (i === 0 || seen.length < fewest.length) fewest = seen;
    }
  } finally {
    sql.options.debug = false;
  }
  return { min: Math.min(...counts), max: Math.max(...counts), statements: fewest };
}

console.log(
  `Availability benchmark: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ${concurrency} concurrent clients, ` +
    `${seconds} s each, ${RANGE_DAYS}-day ranges from ${ranges.map((r) => r.from).join(", ")}, Deno ${Deno.version.deno}`,
);
console.log(
  `Stored ${stored.n} bookings in ${seedSeconds.toFixed(1)} s (SQL, ${BOOKINGS / SEED_CHUNK} inserts of ${SEED_CHUNK}): ` +
    `${stored.holding} hold a place, ${stored.coming} coming PENDING/CONFIRMED; ` +
    `maxConcurrentPerSlot ${scheduling.maxConcurrentPerSlot}, slotBufferMin ${scheduling.slotBufferMin}.`,
);
console.log("One answer per range and variant:");
console.table(shapes);

const baseline = await runLoad({ name: "bare Hono GET /ping (baseline)", concurrency, seconds, request: () => new Request(`${bareUrl}/ping`) });
const loaded = [
  await runLoad({ name: "GET /api/availability (62 d)", concurrency, seconds, request: (i) => new Request(calendarUrl(i)) }),
  await runLoad({
    name: "GET /api/availability (62 d, service+bedrooms+extras)", concurrency, seconds,
    request: (i) => new Request(calendarUrl(i, withService)),
  }),
];
const sequential = await runLoad({
  name: `GET /api/availability sequential (${sequentialCalls} calls, both variants)`, concurrency: 1, seconds: 600,
  maxRequests: sequentialCalls, request: (i) => new Request(calendarUrl(i >> 1, i % 2 ? withService : "")),
});
printResults([baseline, ...loaded, sequential], baseline);

for (const [variant, url] of [["no service", calendarUrl(0)], ["service+bedrooms+extras", calendarUrl(0, withService)]]) {
  const { min, max, statements } = await statementsPerCall(url, 20);
  console.log(`Database statements per call (${variant}), over 20 calls one at a time: fewest ${min}, most ${max}:`);
  for (const statement of statements) console.log(`  ${statement.length > 110 ? `${statement.slice(0, 107)}...` : statement}`);
}

/**
 * Where a call's time goes, for the first range without a service (2-hour visits): the visits read
 * alone (the same window makeGetAvailability computes, through the same reader), then the 62 days
 * judged in this process over those visits (dayAvailability, what the use case maps over).
 */
async function median(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return percentile(times.toSorted((a, b) => a - b), 50);
}
{
  const { from, to } = ranges[0];
  const lengthMinutes = 120;
  const first = capacityWindow({ start: melbourneInstant(from, 0), end: melbourneInstant(from, 0) }, scheduling);
  const lastStart = melbourneInstant(addDaysYmd(to, 1), 0);
  const last = capacityWindow({ start: lastStart, end: visitEnd(lastStart, lengthMinutes) }, scheduling);
  const reader = makeBookingReader(sql);
  const holders = (await reader.capacityHoldersBetween(first.from, last.to)).toSorted((a, b) => a.start.getTime() - b.start.getTime());
  const readMs = await median(20, () => reader.capacityHoldersBetween(first.from, last.to));
  const closed = await sql<{ date: string; label: string }[]>`select to_char(date, 'YYYY-MM-DD') as date, label from closed_dates`;
  const ctx = {
    now: new Date(), scheduling, holders,
    visit: { closedDates: new Map(closed.map((day) => [day.date, day.label])), lengthMinutes },
  };
  const ymds: string[] = [];
  for (let ymd = from; ymd <= to; ymd = addDaysYmd(ymd, 1)) ymds.push(ymd);
  const computeMs = await median(20, () => ymds.map((ymd) => dayAvailability(ymd, ctx)));
  console.log(
    `One call's parts (${from}..${to}, no service, one at a time, median of 20): the visits read ${readMs.toFixed(2)} ms ` +
      `for ${holders.length} rows; the ${ymds.length} days judged in process ${computeMs.toFixed(2)} ms.`,
  );
}

await stop();
