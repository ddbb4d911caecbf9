/** The series planning job on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { makeCreateBooking } from "../../core/workflows/create-booking.ts";
import { bookingDraftSchema } from "../../core/booking/draft/validation.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { makeBookingsAdmin } from "../../core/workflows/bookings-admin.ts";
import { type MessageContext } from "../../core/notifications/email-parts.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML, SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../../core/shared/melbourne-time.ts";
import type { Clock } from "../../core/shared/ports.ts";
import { makeReminderJob } from "./reminders.ts";
import { makeBookingAdminStore } from "../postgres/booking-admin-repository.ts";
import { makeBookingReader, makeBookingStore } from "../postgres/booking-repository.ts";
import { storeSample } from "../postgres/booking.contract.ts";
import { makeCatalogReader } from "../postgres/catalog-repository.ts";
import { makeClosedDatesStore } from "../postgres/closed-dates-repository.ts";
import type { Database } from "../postgres/db.ts";
import { DEMO_QUESTIONS, DEMO_SERVICE_IDS } from "../postgres/demo-data.ts";
import { seedDemoData } from "../postgres/seed.ts";
import { claimDueSeries, getSeries, markGenerated, seriesFactsForBooking } from "../postgres/series-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { isSeriesDue } from "../../core/series/planning.ts";
import { seriesHorizonEnd } from "../../core/series/rules.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "../postgres/test-db.ts";
import { makeSeriesPlanningJob, type SeriesJobLog } from "./series-planning.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne. */
const NOW = new Date("2026-11-22T00:00:00Z");
const clock: Clock = { now: () => NOW };
const quiet: SeriesJobLog = { info: () => {}, error: () => {} };
const accessQuestion = DEMO_QUESTIONS.find((q) => q.scope === "GLOBAL" && q.required && q.type === "SINGLE")!;
const ctx: MessageContext = { profile: DEMO_BUSINESS_PROFILE, cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML };

/** A weekly booking made as the site makes it: Friday 27 Nov 2026, 9:00 Melbourne, 3 hours. */
async function weeklyBooking(
  db: Database,
  overrides: Record<string, unknown> = {},
  options: { keepPlanned?: boolean } = {},
): Promise<BookingRecord> {
  let woken = 0;
  const createBooking = makeCreateBooking({
    catalog: makeCatalogReader(db.sql),
    settings: makeSettingsStore(db.sql),
    closedDates: makeClosedDatesStore(db.sql),
    bookings: makeBookingStore(db.sql),
    clock,
    prepareEmails: () => Promise.resolve(() => []),
    onSeriesStarted: () => woken++,
  });
  const created = await createBooking(bookingDraftSchema.parse({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412 345 678",
    address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    serviceId: DEMO_SERVICE_IDS.hourly,
    hours: 3,
    extras: [],
    startTimeISO: "2026-11-27T09:00:00+11:00",
    frequencyCode: "WEEKLY",
    answers: [{ questionId: accessQuestion._id, value: accessQuestion.options[0].value }],
    ...overrides,
  }), "BOOKING");
  assert.ok(created.ok, JSON.stringify(created));
  assert.equal(woken, created.value.seriesId ? 1 : 0, "the job is woken once a booking started a series");
  if (created.value.seriesId && !options.keepPlanned) await unplan(db, created.value.seriesId);
  return created.value;
}

/**
 * Issue 28: a booking plans its series' visits in its own transaction. The job's own work is
 * tested on a series whose visits are not planned yet (as one from before, or one left for the job
 * when its first visit was busy): its later visits removed and its bookkeeping back at its anchor.
 */
async function unplan(db: Database, seriesId: string): Promise<void> {
  await db.sql`delete from bookings where series_id = ${seriesId} and id <> (select first_booking_id from booking_series where id = ${seriesId})`;
  await db.sql`update booking_series set generated_through = anchor_date where id = ${seriesId}`;
}

const visitsOf = (db: Database, seriesId: string) =>
  db.sql<{ id: string; status: string; series_ymd: string; start_time: Date; first_service_total: string; customer_id: string }[]>`
    select id, status, to_char(series_date, 'YYYY-MM-DD') as series_ymd, start_time, first_service_total, customer_id
      from bookings where series_id = ${seriesId} order by start_time`;

const FRIDAYS = ["2026-11-27", "2026-12-04", "2026-12-11", "2026-12-18", "2026-12-25", "2027-01-01", "2027-01-08", "2027-01-15", "2027-01-22"];

async function seeded(db: TestDatabase) {
  await seedDemoData(db.sql);
  // Two places a slot, so the first visit and a one-off can share a time where a step needs it.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 1 });
}

describeOnTargets("series job: a weekly booking's next 8 visits, each capacity-checked, once", async (t, db) => {
  await seeded(db);
  const first = await weeklyBooking(db);
  const seriesId = first.seriesId!;

  await t.step("the booking started an ACTIVE series in its own transaction, as its first visit, audited", async () => {
    assert.ok(seriesId);
    assert.equal(first.seriesDate, "2026-11-27");
    const series = (await getSeries(db.sql, seriesId))!;
    assert.deepEqual(
      [series.status, series.unit, series.every, series.anchorDate, series.startMinutes, series.generatedThrough, series.customerId],
      ["ACTIVE", "WEEK", 1, "2026-11-27", 540, "2026-11-27", first.customerId],
    );
    assert.equal(series.template.firstServiceTotal, first.recurringTotal);
    const [audit] = await db.sql<{ admin_id: string | null; admin_email: string; entity_id: string }[]>`
      select admin_id, admin_email, entity_id from audit_log where action = 'series.create'`;
    assert.deepEqual({ ...audit }, { admin_id: null, admin_email: "ada@example.com", entity_id: seriesId });
  });

  await t.step("a booking plans its series' visits in its own transaction (issue 28): the job finds nothing to do", async () => {
    const planned = await weeklyBooking(db, { email: "planned@example.com", startTimeISO: "2026-11-27T14:00:00+11:00" }, { keepPlanned: true });
    const visits = await visitsOf(db, planned.seriesId!);
    assert.deepEqual(visits.map((v) => v.series_ymd), FRIDAYS);
    assert.ok(visits.slice(1).every((v) => v.status === "PENDING"));
    assert.equal((await getSeries(db.sql, planned.seriesId!))!.generatedThrough, "2027-01-22");
    await db.sql`delete from bookings where series_id = ${planned.seriesId!}`.catch(() => {});
    await db.sql`update bookings set series_id = null where series_id = ${planned.seriesId!}`;
    await db.sql`delete from booking_series where id = ${planned.seriesId!}`;
    await db.sql`delete from bookings where email = 'planned@example.com'`;
  });

  await t.step("a one-off or a quote starts no series", async () => {
    const once = await weeklyBooking(db, { frequencyCode: "ONE_TIME", email: "once@example.com", startTimeISO: "2026-11-30T09:00:00+11:00" });
    assert.equal(once.seriesId, null);
    const count = await db.sql<{ n: number }[]>`select count(*)::int as n from booking_series`;
    assert.equal(count[0].n, 1);
  });

  await t.step("the job makes the next 8 visits at 9:00 Melbourne, PENDING like the first, at the recurring price", async () => {
    const run = await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).runOnce();
    assert.deepEqual(run, { series: 1, visits: 8 });
    const visits = await visitsOf(db, seriesId);
    assert.deepEqual(visits.map((v) => v.series_ymd), FRIDAYS);
    assert.deepEqual(visits.map((v) => new Date(v.start_time)), FRIDAYS.map((ymd) => melbourneInstant(ymd, 9)));
    assert.ok(visits.slice(1).every((v) => v.status === "PENDING" && Number(v.first_service_total) === first.recurringTotal));
    assert.ok(visits.every((v) => v.customer_id === first.customerId));
    const visit = (await makeBookingReader(db.sql).getById(visits[1].id))!;
    assert.deepEqual([visit.type, visit.paymentStatus, visit.seriesId, visit.hours, visit.answers.length], ["BOOKING", "UNPAID", seriesId, 3, 1]);
    assert.match(visit.reference, /^YS-/);
    assert.equal((await getSeries(db.sql, seriesId))!.generatedThrough, "2027-01-22");
  });

  await t.step("running again creates nothing: decided through the horizon, and the index forbids a second visit", async () => {
    assert.deepEqual(await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).runOnce(), { series: 0, visits: 0 });
    // Even with its bookkeeping wiped, an occurrence never gets two visits.
    await db.sql`update booking_series set generated_through = anchor_date where id = ${seriesId}`;
    assert.deepEqual(await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).runOnce(), { series: 1, visits: 0 });
    assert.equal((await visitsOf(db, seriesId)).length, 9);
  });

  await t.step("a generation holding old terms writes nothing (the version moved)", async () => {
    const series = (await getSeries(db.sql, seriesId))!;
    assert.equal(await markGenerated(db.sql, seriesId, series.version - 1, "2030-01-01"), false);
    assert.equal(await markGenerated(db.sql, seriesId, series.version, series.generatedThrough!), true);
  });

  await t.step("the manage-my-booking facts: the next 3 place-holding visits after the first", async () => {
    const facts = await seriesFactsForBooking(db.sql, first._id);
    assert.deepEqual(facts?.nextVisits, FRIDAYS.slice(1, 4).map((ymd) => melbourneInstant(ymd, 9)));
  });

  await t.step("confirming the first visit confirms the series' PENDING visits, audited; new visits come CONFIRMED", async () => {
    const admins = makeBookingsAdmin({ bookings: makeBookingAdminStore(db.sql), clock, messages: { context: () => Promise.resolve(ctx) } });
    const actor = { _id: crypto.randomUUID(), email: "office@yarrashine.com.au", role: "admin" as const };
    const visits = await visitsOf(db, seriesId);
    // One visit is cancelled already: it stays so.
    await db.sql`update bookings set status = 'CANCELLED' where id = ${visits[2].id}`;
    const confirmed = await admins.setStatus(actor, first._id, { status: "CONFIRMED" });
    assert.ok(confirmed.ok);
    const after = await visitsOf(db, seriesId);
    assert.deepEqual(after.map((v) => v.status), ["CONFIRMED", "CONFIRMED", "CANCELLED", ...Array(6).fill("CONFIRMED")]);
    const [row] = await db.sql<{ admin_email: string; entity_id: string; before: { bookingIds: string[] } }[]>`
      select admin_email, entity_id, before from audit_log where action = 'series.confirm_visits'`;
    assert.equal(row.admin_email, "office@yarrashine.com.au");
    assert.equal(row.entity_id, seriesId);
    assert.equal(row.before.bookingIds.length, 7);
    // On Friday 4 Dec the horizon (8 weeks from today) reaches one more Friday: CONFIRMED like its first visit.
    const weekOn = { now: () => new Date(NOW.getTime() + 12 * 86_400_000) };
    assert.deepEqual(await makeSeriesPlanningJob({ sql: db.sql, clock: weekOn, log: quiet }).runOnce(), { series: 1, visits: 1 });
    assert.equal((await visitsOf(db, seriesId)).at(-1)?.status, "CONFIRMED");
  });

  await t.step("a paused or ended series is not generated", async () => {
    await db.sql`update booking_series set status = 'PAUSED', generated_through = anchor_date where id = ${seriesId}`;
    assert.deepEqual(await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).runOnce(), { series: 0, visits: 0 });
    assert.equal(await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).generate(seriesId), 0);
  });
});

describeOnTargets("series job: a full time or a closed date makes a NEEDS_ATTENTION visit that holds no place", async (t, db) => {
  await seeded(db);
  // Another customer's one-off on Friday 11 Dec at 9:00 takes the only place; 25 Dec is closed.
  const other = await storeSample(db, { startTime: melbourneInstant("2026-12-11", 9), endTime: melbourneInstant("2026-12-11", 11), frequencyCode: "ONE_TIME", email: "bob@example.com" });
  await makeClosedDatesStore(db.sql).add({ date: "2026-12-25", label: "Christmas Day" });
  const first = await weeklyBooking(db);
  await makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }).runOnce();
  const visits = await visitsOf(db, first.seriesId!);

  await t.step("the visit that can't be placed is kept, NEEDS_ATTENTION, never dropped", () => {
    const statusOf = new Map(visits.map((v) => [v.series_ymd, v.status]));
    assert.equal(visits.length, 9);
    assert.equal(statusOf.get("2026-12-11"), "NEEDS_ATTENTION");
    assert.equal(statusOf.get("2026-12-25"), "NEEDS_ATTENTION");
    assert.equal(statusOf.get("2026-12-18"), "PENDING");
  });

  await t.step("it holds no place: the one-off is still the only visit holding that time", async () => {
    const holders = await makeBookingReader(db.sql).capacityHoldersBetween(melbourneInstant("2026-12-11", 0), melbourneInstant("2026-12-12", 0));
    assert.deepEqual(holders, [{ start: other.startTime, end: other.endTime }]);
  });

  await t.step("the reminder job reminds generated visits like any booking, never one that needs attention", async () => {
    const reminders = (at: Date) => makeReminderJob({ sql: db.sql, context: () => Promise.resolve(ctx), clock: { now: () => at }, log: quiet });
    // A day before Friday 4 Dec (PENDING) and a day before Friday 11 Dec (NEEDS_ATTENTION).
    assert.equal(await reminders(melbourneInstant("2026-12-03", 10)).runOnce(), 1);
    assert.equal(await reminders(melbourneInstant("2026-12-10", 10)).runOnce(), 1, "the one-off only");
    const reminded = await db.sql<{ related_id: string }[]>`select related_id::text from email_outbox where kind = 'booking-reminder'`;
    const ids = new Set(reminded.map((row) => row.related_id));
    assert.ok(ids.has(visits.find((v) => v.series_ymd === "2026-12-04")!.id));
    assert.ok(!ids.has(visits.find((v) => v.series_ymd === "2026-12-11")!.id));
    assert.ok(ids.has(other._id));
  });
});

describeOnTargets("series planning: the claim takes exactly the series core calls due", async (_t, db) => {
  await seeded(db);
  const today = melbourneYmd(NOW);
  const weeks = SCHEDULING_DEFAULTS.seriesHorizonWeeks;
  const ids: string[] = [];
  for (const [index, day] of ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30", "2026-12-01"].entries()) {
    ids.push((await weeklyBooking(db, { email: `due${index}@example.com`, startTimeISO: `${day}T10:00:00+11:00` })).seriesId!);
  }
  const horizonOf = async (id: string) => seriesHorizonEnd((await getSeries(db.sql, id))!.anchorDate, today, weeks);
  // Never planned; planned up to its anchor (ids[1], as weeklyBooking leaves it); decided through
  // its horizon; one day short of it; paused.
  await db.sql`update booking_series set generated_through = null where id = ${ids[0]}`;
  await db.sql`update booking_series set generated_through = ${await horizonOf(ids[2])}::date where id = ${ids[2]}`;
  await db.sql`update booking_series set generated_through = ${addDaysYmd(await horizonOf(ids[3]), -1)}::date where id = ${ids[3]}`;
  await db.sql`update booking_series set status = 'PAUSED' where id = ${ids[4]}`;
  const due: string[] = [];
  for (const id of ids) if (isSeriesDue((await getSeries(db.sql, id))!, today, weeks)) due.push(id);
  assert.deepEqual(due, [ids[0], ids[1], ids[3]]);
  const claimed = await runInTransaction(db.sql, async (tx) => {
    const taken: string[] = [];
    for (;;) {
      const series = await claimDueSeries(tx, { today, horizonWeeks: weeks }, { passOver: taken });
      if (!series) return taken;
      taken.push(series._id);
    }
  });
  assert.deepEqual(claimed.sort(), due.sort());
});

describeOnTargets("series job: two processes generating at once create each visit once", async (t, db) => {
  await seeded(db);
  const firsts: BookingRecord[] = [];
  for (const [index, day] of ["2026-11-26", "2026-11-27", "2026-11-28"].entries()) {
    firsts.push(await weeklyBooking(db, { email: `regular${index}@example.com`, startTimeISO: `${day}T10:00:00+11:00` }));
  }
  const other = await db.openAnother(4);
  try {
    await t.step("both runs together decide every series once; every occurrence has one visit", async () => {
      const jobs = [makeSeriesPlanningJob({ sql: db.sql, clock, log: quiet }), makeSeriesPlanningJob({ sql: other.sql, clock, log: quiet })];
      const runs = await Promise.all([...jobs, ...jobs].map((job) => job.runOnce()));
      assert.equal(runs.reduce((sum, run) => sum + run.visits, 0), 3 * 8);
      const [{ n, distinct }] = await db.sql<{ n: number; distinct: number }[]>`
        select count(*)::int as n, count(distinct (series_id, series_date))::int as distinct
          from bookings where series_id is not null`;
      assert.deepEqual([n, distinct], [3 * 9, 3 * 9]);
      // Generating one series "now" from both processes at once adds nothing either.
      await db.sql`update booking_series set generated_through = anchor_date`;
      const now = await Promise.all(firsts.flatMap((first) => jobs.map((job) => job.generate(first.seriesId!))));
      assert.equal(now.reduce((a, b) => a + b, 0), 0);
    });
  } finally {
    await other.close();
  }
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET, { name: "pglite" }] : undefined });

describeOnTargets("series job loop: wake() runs it at once; stop() waits for the run in flight", async (_t, db) => {
  await seeded(db);
  const lines: string[] = [];
  const job = makeSeriesPlanningJob({ sql: db.sql, clock, log: { info: (m) => lines.push(m), error: (m) => lines.push(`error ${m}`) } });
  job.start(60 * 60_000);
  try {
    // The first run happens at start; the booking after it waits for wake().
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await weeklyBooking(db);
    job.wake();
    for (let i = 0; i < 50 && (await visitsOf(db, first.seriesId!)).length < 9; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal((await visitsOf(db, first.seriesId!)).length, 9);
  } finally {
    await job.stop();
  }
  // The visits are seen as soon as their transaction commits; stop() waited for the rest of the run.
  assert.ok(lines.some((line) => line.includes("generated 8 visits of 1 series")), lines.join("\n"));
});

if (POSTGRES_TARGET) {
  describeOnTargets("series job: a first visit being changed right now is left for the next run, never waited on", async (_t, db) => {
    await seeded(db);
    const first = await weeklyBooking(db);
    const lines: string[] = [];
    const job = makeSeriesPlanningJob({ sql: db.sql, clock, log: { info: (m) => lines.push(m), error: (m) => lines.push(`error ${m}`) } });
    const other = await db.openAnother(2);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another process holds the first visit (a staff confirmation, a customer's change) meanwhile.
      const holder = other.sql.begin(async (tx) => {
        await tx`select id from bookings where id = ${first._id} for update`;
        locked();
        await held;
      });
      await isLocked;
      assert.deepEqual(await job.runOnce(), { series: 0, visits: 0 });
      assert.equal((await visitsOf(db, first.seriesId!)).length, 1);
      assert.ok(lines.some((line) => line.includes("left for the next run")), lines.join("\n"));
      assert.ok(!lines.some((line) => line.startsWith("error")));
      release();
      await holder;
      assert.deepEqual(await job.runOnce(), { series: 1, visits: 8 });
    } finally {
      await other.close();
    }
  }, { targets: [POSTGRES_TARGET] });
}
