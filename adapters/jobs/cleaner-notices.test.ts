/**
 * The cleaner notices job on PGlite always and on PostgreSQL when DATABASE_URL is set: many jobs
 * told by several processes at once, each e-mail once; a failure while composing rolls its notices
 * back; a cleaner another transaction holds is passed over, then told.
 */
import assert from "node:assert/strict";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { storeSample } from "../postgres/booking.contract.ts";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "../postgres/test-db.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { makeCleanerNoticeJob } from "./cleaner-notices.ts";

const ctx: MessageContext = { profile: DEMO_BUSINESS_PROFILE, cancellationPolicyHtml: "", siteUrl: "https://yarrashine.example" };
const context = () => Promise.resolve(ctx);
const NOW = new Date("2030-03-09T00:00:00Z");
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const silent = { info: () => {}, error: () => {} };
const jobOn = (sql: TestDatabase["sql"]) => makeCleanerNoticeJob({ sql, context, clock: { now: () => NOW }, log: silent });

async function addCleaners(db: TestDatabase, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    await db.sql`insert into cleaners (id, name, email, colour) values (${id}, ${`Cleaner ${i}`}, ${`cleaner${i}@example.com`}, '#112233')`;
    ids.push(id);
  }
  return ids;
}

/** `count` jobs 3 hours long, 4 hours apart from a day ahead, each with two cleaners of `cleaners`. */
async function jobsWithTwoCleaners(db: TestDatabase, cleaners: string[], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const record = await storeSample(db, { startTime: hours(24 + 4 * i), endTime: hours(27 + 4 * i), status: "CONFIRMED" });
    const pair = [cleaners[i % cleaners.length], cleaners[(i + 1) % cleaners.length]];
    for (const [position, cleanerId] of pair.entries()) {
      await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${record._id}, ${cleanerId}, ${position})`;
    }
    ids.push(record._id);
  }
  return ids;
}

const outbox = (db: TestDatabase, kind: string) =>
  db.sql<{ related_id: string; to_address: string }[]>`
    select related_id::text, to_address from email_outbox where kind = ${kind} order by related_id, to_address`;

describeOnTargets("cleaner notices: three processes at once tell each of 40 assignments once, then each move once", async (t, db) => {
  const cleaners = await addCleaners(db, 5);
  const bookings = await jobsWithTwoCleaners(db, cleaners, 20);
  const others = [await db.openAnother(3), await db.openAnother(3)];
  const race = async () => {
    const runs = await Promise.all([db.sql, ...others.map((o) => o.sql)].map((sql) => jobOn(sql).runOnce()));
    return runs.reduce((sum, run) => sum + run.notices, 0);
  };
  try {
    await t.step("put on: 40 REQUESTs, one per job and cleaner, SEQUENCE 0", async () => {
      assert.equal(await race(), 40);
      assert.equal(await race(), 0);
      const sent = await outbox(db, "cleaner-job-assigned");
      assert.equal(sent.length, 40);
      assert.equal(new Set(sent.map((r) => `${r.related_id}|${r.to_address}`)).size, 40);
      const [{ n, top }] = await db.sql<{ n: number; top: number }[]>`select count(*)::int as n, max(sequence) as top from cleaner_notices`;
      assert.deepEqual({ n, top }, { n: 40, top: 0 });
    });

    await t.step("every job moved an hour (as a staff edit does, the trigger moving its assignments): 40 updates", async () => {
      await db.sql`update bookings set start_time = start_time + interval '1 hour', end_time = end_time + interval '1 hour'
                    where id in ${db.sql(bookings)}`;
      assert.equal(await race(), 40);
      assert.equal(await race(), 0);
      assert.equal((await outbox(db, "cleaner-job-updated")).length, 40);
      const rows = await db.sql<{ sequence: number; start_time: Date }[]>`select sequence, start_time from cleaner_notices`;
      assert.ok(rows.every((r) => r.sequence === 1));
    });

    await t.step("half the jobs cancelled: 20 CANCELs, the others untouched", async () => {
      await db.sql`update bookings set status = 'CANCELLED' where id in ${db.sql(bookings.slice(0, 10))}`;
      assert.equal(await race(), 20);
      assert.equal(await race(), 0);
      const cancels = await outbox(db, "cleaner-job-cancelled");
      assert.deepEqual([...new Set(cancels.map((r) => r.related_id))].sort(), bookings.slice(0, 10).sort());
      const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cleaner_notices where cancelled_at is not null and sequence = 2`;
      assert.equal(n, 20);
    });
  } finally {
    for (const other of others) await other.close();
  }
});

describeOnTargets("cleaner notices: a failure while composing writes no notice, so the next run tells", async (_t, db) => {
  const [cleaner] = await addCleaners(db, 1);
  const record = await storeSample(db, { startTime: hours(24), endTime: hours(27) });
  await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${record._id}, ${cleaner}, 0)`;
  const broken = { ...ctx, get profile(): never { throw new Error("profile unreadable"); } } as MessageContext;
  const failing = makeCleanerNoticeJob({ sql: db.sql, context: () => Promise.resolve(broken), clock: { now: () => NOW }, log: silent });
  await assert.rejects(failing.runOnce(), /profile unreadable/);
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cleaner_notices`;
  assert.equal(n, 0, "the notice rolled back with its e-mail");
  assert.deepEqual(await jobOn(db.sql).runOnce(), { notices: 1, runSheets: 0 });
  assert.deepEqual((await outbox(db, "cleaner-job-assigned")).map((r) => r.related_id), [record._id]);
});

describeOnTargets("cleaner notices: a cleaner another process holds is passed over, then told", async (_t, db) => {
  const [held, free] = await addCleaners(db, 2);
  const first = await storeSample(db, { startTime: hours(24), endTime: hours(27) });
  const second = await storeSample(db, { startTime: hours(30), endTime: hours(33) });
  await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${first._id}, ${held}, 0), (${second._id}, ${free}, 0)`;
  const other = await db.openAnother(2);
  try {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another process in the middle of telling `held` (its row locked as the job locks it).
    const holding = runInTransaction(other.sql, async (tx) => {
      await tx`select id from cleaners where id = ${held} for no key update`;
      locked();
      await released;
    });
    await isLocked;
    assert.deepEqual(await jobOn(db.sql).runOnce(), { notices: 1, runSheets: 0 });
    assert.deepEqual((await outbox(db, "cleaner-job-assigned")).map((r) => r.related_id), [second._id]);
    release();
    await holding;
    assert.deepEqual(await jobOn(db.sql).runOnce(), { notices: 1, runSheets: 0 });
    assert.deepEqual((await outbox(db, "cleaner-job-assigned")).map((r) => r.related_id).sort(), [first._id, second._id].sort());
  } finally {
    await other.close();
  }
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] });

describeOnTargets("cleaner notices: the job runs at start() and stops", async (_t, db) => {
  const [cleaner] = await addCleaners(db, 1);
  const record = await storeSample(db, { startTime: hours(24), endTime: hours(27) });
  await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${record._id}, ${cleaner}, 0)`;
  const lines: string[] = [];
  const job = makeCleanerNoticeJob({ sql: db.sql, context, clock: { now: () => NOW }, log: { info: (m) => lines.push(m), error: (m) => lines.push(m) } });
  job.start(60_000);
  const deadline = Date.now() + 10_000;
  while ((await outbox(db, "cleaner-job-assigned")).length === 0) {
    if (Date.now() > deadline) throw new Error("the loop did not run");
    await new Promise((r) => setTimeout(r, 10));
  }
  await job.stop();
  assert.deepEqual(lines, ["[cleaner-notices] queued 1 job e-mail and 0 run sheets"]);
});
