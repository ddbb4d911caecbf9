import assert from "node:assert/strict";
import { addDaysYmd, melbourneYmd, weekdayOfYmd } from "../../core/shared/melbourne-time.ts";
import { DEMO_HISTORY_DAYS, seedDemoHistory } from "./demo-history.ts";
import { seedDemoData } from "./seed.ts";
import { describeOnTargets } from "./test-db.ts";

const TODAY = new Date("2026-11-27T01:00:00Z"); // Fri 27 Nov 2026, Melbourne

describeOnTargets("demo history: eight weeks of past work the ledger, the cleaners and the ratings agree with", async (t, db) => {
  await t.step("a plain seed (as the tests use) writes no bookings", async () => {
    assert.equal(await seedDemoData(db.sql), true);
    const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from bookings`;
    assert.equal(count, 0);
  });

  const written = await seedDemoHistory(db.sql, TODAY, new Set(["2026-11-03"]));

  await t.step("jobs on open past days only, most of them done", async () => {
    const rows = await db.sql<{ day: string; status: string; type: string }[]>`
      select to_char(start_time at time zone 'Australia/Melbourne', 'YYYY-MM-DD') as day, status, type from bookings`;
    assert.equal(rows.length, written);
    assert.ok(written >= 60, `${written} jobs`);
    const today = melbourneYmd(TODAY);
    for (const row of rows) {
      assert.equal(row.type, "BOOKING");
      assert.ok(row.day < today && row.day >= addDaysYmd(today, -DEMO_HISTORY_DAYS), row.day);
      assert.notEqual(weekdayOfYmd(row.day), 0, `${row.day} is a Sunday`);
      assert.notEqual(row.day, "2026-11-03", "a closed date");
      // The last two days are not marked done yet; nothing before them is left CONFIRMED.
      if (row.day >= addDaysYmd(today, -2)) assert.equal(row.status, "CONFIRMED");
      else assert.ok(["DONE", "CANCELLED"].includes(row.status), row.status);
    }
    const done = rows.filter((r) => r.status === "DONE").length;
    assert.ok(done / rows.length > 0.7, `${done} of ${rows.length} done`);
    assert.ok(rows.some((r) => r.status === "CANCELLED"));
  });

  await t.step("each booking's paid state is its ledger's sum; some owe, some paid in part", async () => {
    const rows = await db.sql<{ total: number; paid: number | null; ledger: number; status: string; payment_status: string }[]>`
      select b.first_service_total::float8 as total, b.total_paid::float8 as paid, b.status, b.payment_status,
             coalesce((select sum(p.amount) from booking_payments p where p.booking_id = b.id and p.voided_at is null), 0)::float8 as ledger
        from bookings b`;
    for (const row of rows) {
      assert.equal(row.paid ?? 0, row.ledger);
      assert.equal(row.payment_status, row.ledger >= row.total ? "PAID" : "UNPAID");
      if (row.status !== "DONE") assert.equal(row.ledger, 0);
    }
    const done = rows.filter((r) => r.status === "DONE");
    assert.ok(done.some((r) => r.ledger === 0), "a finished job still owing");
    assert.ok(done.some((r) => r.ledger > 0 && r.ledger < r.total), "a part payment");
  });

  await t.step("every job has a cleaner, each customer is a record, feedback only on finished jobs", async () => {
    const [{ without }] = await db.sql<{ without: number }[]>`
      select count(*)::int as without from bookings b where not exists (select 1 from booking_cleaners c where c.booking_id = b.id)`;
    assert.equal(without, 0);
    const [{ orphans }] = await db.sql<{ orphans: number }[]>`
      select count(*)::int as orphans from bookings b left join customers c on c.id = b.customer_id
       where c.id is null or c.email_key <> lower(b.email)`;
    assert.equal(orphans, 0);
    const feedback = await db.sql<{ status: string; rating: number | null }[]>`
      select b.status, f.rating from booking_feedback f join bookings b on b.id = f.booking_id`;
    assert.ok(feedback.length > 0);
    assert.ok(feedback.every((f) => f.status === "DONE"));
    assert.ok(feedback.some((f) => f.rating !== null && f.rating <= 3), "a low rating");
    assert.ok(feedback.some((f) => f.rating === null), "a request not answered");
  });

  await t.step("each finished job has its cleaner's check-in and check-out, out after in", async () => {
    const rows = await db.sql<{ status: string; on_job: boolean; in_ok: boolean; out_ok: boolean }[]>`
      select b.status,
             exists (select 1 from booking_cleaners c where c.booking_id = b.id and c.cleaner_id = a.cleaner_id) as on_job,
             a.on_my_way_at < a.check_in_at and abs(extract(epoch from a.check_in_at - b.start_time)) <= 600 as in_ok,
             a.check_out_at > a.check_in_at as out_ok
        from job_attendance a join bookings b on b.id = a.booking_id`;
    const [{ done }] = await db.sql<{ done: number }[]>`select count(*)::int as done from bookings where status = 'DONE'`;
    assert.equal(rows.length, done);
    assert.ok(rows.every((r) => r.status === "DONE" && r.on_job && r.in_ok && r.out_ok));
  });

  await t.step("never written into a book that has bookings", async () => {
    assert.equal(await seedDemoHistory(db.sql, TODAY), 0);
  });
});
