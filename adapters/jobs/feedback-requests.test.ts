/** The delayed feedback requests (issue 32) on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import type { NewBookingRecord } from "../../core/booking/types.ts";
import { DELAYED_REQUEST_WINDOW_HOURS, isDelayedRequestDue } from "../../core/feedback/rules.ts";
import { FEEDBACK_SETTINGS_DEFAULTS, type FeedbackSettings } from "../../core/feedback/settings.ts";
import { hashFeedbackToken } from "../../core/feedback/token.ts";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../../core/settings/types.ts";
import { storeSample } from "../postgres/booking.contract.ts";
import { makeFeedbackSettingsStore, saveFirstFeedbackRequest } from "../postgres/feedback-repository.ts";
import { onEmailQueued } from "../postgres/outbox-repository.ts";
import { describeOnTargets, type TestDatabase } from "../postgres/test-db.ts";
import type { JobLog } from "./runner.ts";
import { makeFeedbackRequestJob } from "./feedback-requests.ts";

const SITE_URL = "https://yarrashine.example";
const ctx: MessageContext = { profile: DEMO_BUSINESS_PROFILE, cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML, siteUrl: SITE_URL };
const context = () => Promise.resolve(ctx);

const NOW = new Date("2030-03-09T12:00:00Z");
const HOUR = 3_600_000;
const hours = (n: number, from = NOW) => new Date(from.getTime() + n * HOUR);
const at = (now: Date) => ({ now: () => now });
const quiet = (): JobLog & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(`info ${m}`), error: (m) => lines.push(`error ${m}`) };
};

const DAY_LATER: FeedbackSettings = { ...FEEDBACK_SETTINGS_DEFAULTS, delayHours: 24 };

/** A job that ended `endedHoursAgo` hours before NOW, 3 hours long. */
const jobEnded = (db: TestDatabase, endedHoursAgo: number, overrides: Partial<NewBookingRecord> = {}) => {
  const endTime = hours(-endedHoursAgo);
  return storeSample(db, { startTime: hours(-3, endTime), endTime, status: "DONE", ...overrides });
};

interface RequestRow {
  related_id: string;
  to_address: string;
  subject: string;
  text_body: string;
}

const requests = (db: TestDatabase) =>
  db.sql<RequestRow[]>`
    select o.related_id::text, o.to_address, o.subject, o.text_body
      from email_outbox o join bookings b on b.id = o.related_id
     where o.kind = 'feedback-request' order by b.end_time, o.id`;

describeOnTargets("feedback job: each job its delay after its end, once, with a link; never a backlog", async (t, db) => {
  const settings = makeFeedbackSettingsStore(db.sql);
  const due = await jobEnded(db, 25, { email: "due@example.com" });
  const notYet = await jobEnded(db, 23, { email: "soon@example.com" });
  await jobEnded(db, 24 + DELAYED_REQUEST_WINDOW_HOURS + 1, { email: "backlog@example.com" });
  await jobEnded(db, 25, { status: "CONFIRMED", email: "open@example.com" });
  await jobEnded(db, 25, { status: "CANCELLED", email: "cancelled@example.com" });
  const askedAlready = await jobEnded(db, 26, { email: "asked@example.com" });
  await saveFirstFeedbackRequest(db.sql, { bookingId: askedAlready._id, tokenHash: "a".repeat(64), requestedAt: hours(-20), expiresAt: hours(700) });

  await t.step("with no delay (the default) or switched off, the job sends nothing: DONE does", async () => {
    const job = makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), log: quiet() });
    assert.equal(await job.runOnce(), 0);
    await settings.save({ ...DAY_LATER, enabled: false });
    assert.equal(await job.runOnce(), 0);
    assert.equal((await requests(db)).length, 0);
  });

  await t.step("a day after the end: the one due job is asked, its row kept, the relay told after the commit", async () => {
    await settings.save(DAY_LATER);
    let woken = 0;
    const stop = onEmailQueued(db.sql, () => woken++);
    const log = quiet();
    const job = makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), log });
    assert.equal(await job.runOnce(), 1);
    stop();
    assert.equal(woken, 1);
    const [mail] = await requests(db);
    assert.deepEqual([mail.related_id, mail.to_address, mail.subject], [due._id, "due@example.com", "How did we go? Rate your clean"]);
    const token = new RegExp(`${SITE_URL}/feedback/([A-Za-z0-9_-]{43})`).exec(mail.text_body)?.[1];
    assert.ok(token, mail.text_body);
    const [row] = await db.sql<{ booking_id: string; requested_at: Date; expires_at: Date; request_count: number }[]>`
      select booking_id::text, requested_at, expires_at, request_count from booking_feedback where token_hash = ${hashFeedbackToken(token)}`;
    assert.deepEqual([row.booking_id, new Date(row.requested_at), new Date(row.expires_at), row.request_count], [due._id, NOW, hours(30 * 24), 1]);
  });

  await t.step("a restart sends nothing again; an hour on, the next job's time has come", async () => {
    assert.equal(await makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), log: quiet() }).runOnce(), 0);
    const later = makeFeedbackRequestJob({ sql: db.sql, context, clock: at(hours(1.5)), log: quiet() });
    assert.equal(await later.runOnce(), 1);
    assert.deepEqual((await requests(db)).map((r) => r.related_id), [due._id, notYet._id]);
    assert.equal(await later.runOnce(), 0);
  });
});

describeOnTargets("feedback job: a failure while composing keeps the job due", async (_t, db) => {
  await makeFeedbackSettingsStore(db.sql).save(DAY_LATER);
  const job = await jobEnded(db, 30);
  // The profile is read while composing, inside the transaction that claimed the job.
  const broken = { ...ctx, get profile(): never { throw new Error("profile unreadable"); } } as MessageContext;
  const failing = makeFeedbackRequestJob({ sql: db.sql, context: () => Promise.resolve(broken), clock: at(NOW), log: quiet() });
  await assert.rejects(failing.runOnce(), /profile unreadable/);
  assert.equal((await db.sql`select 1 from booking_feedback`).length, 0, "the row rolled back with the e-mail");
  assert.equal(await makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), log: quiet() }).runOnce(), 1);
  assert.deepEqual((await requests(db)).map((r) => r.related_id), [job._id]);
});

describeOnTargets("feedback job: start() sends at once and logs it; stop() waits", async (_t, db) => {
  await makeFeedbackSettingsStore(db.sql).save(DAY_LATER);
  await jobEnded(db, 30);
  const log = quiet();
  const job = makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), log });
  job.start(60_000);
  const deadline = Date.now() + 10_000;
  while ((await requests(db)).length === 0) {
    if (Date.now() > deadline) throw new Error("the loop did not run");
    await new Promise((r) => setTimeout(r, 10));
  }
  await job.stop();
  assert.ok(log.lines.includes("info [feedback] queued 1 feedback request"), log.lines.join("\n"));
});

describeOnTargets("two feedback jobs on two pools at once: each of 30 jobs asked exactly once", async (_t, db, target) => {
  await makeFeedbackSettingsStore(db.sql).save(DAY_LATER);
  const ids = new Set<string>();
  for (let i = 0; i < 30; i++) ids.add((await jobEnded(db, 25 + i, { email: `racer${i}@example.com` }))._id);
  const other = await db.openAnother(4);
  try {
    const jobs = [db.sql, other.sql].map((sql) => makeFeedbackRequestJob({ sql, context, clock: at(NOW), batchSize: 3, log: quiet() }));
    const drain = async (job: (typeof jobs)[number]) => {
      let sent = 0;
      for (let idle = 0; idle < 2;) {
        const n = await job.runOnce();
        sent += n;
        idle = n === 0 ? idle + 1 : 0;
      }
      return sent;
    };
    const counts = await Promise.all(jobs.map(drain));
    assert.equal(counts[0] + counts[1], 30);
    if (target.name === "postgres") assert.ok(counts[0] > 0 && counts[1] > 0, `both jobs worked: ${counts}`);
    const rows = await requests(db);
    assert.equal(rows.length, 30);
    assert.deepEqual(new Set(rows.map((r) => r.related_id)), ids);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from booking_feedback`;
    assert.equal(n, 30);
  } finally {
    await other.close();
  }
});

describeOnTargets("feedback job: the jobs it asks are exactly those core's rule calls due", async (_t, db) => {
  const settings = { ...FEEDBACK_SETTINGS_DEFAULTS, delayHours: 6 };
  await makeFeedbackSettingsStore(db.sql).save(settings);
  // Around each bound: the delay, the window's far end, and a long job that started well before.
  for (const endedHoursAgo of [5.9, 6, 6.1, 30, 53.9, 54, 54.1, 80]) {
    for (const status of ["DONE", "CONFIRMED", "CANCELLED", "PENDING"] as const) await jobEnded(db, endedHoursAgo, { status });
    const long = await jobEnded(db, endedHoursAgo);
    await db.sql`update bookings set start_time = end_time - interval '23 hours' where id = ${long._id}`;
    const asked = await jobEnded(db, endedHoursAgo);
    await saveFirstFeedbackRequest(db.sql, { bookingId: asked._id, tokenHash: crypto.randomUUID(), requestedAt: hours(-1), expiresAt: hours(1) });
  }
  const all = await db.sql<{ id: string; type: "BOOKING"; status: never; end_time: Date; requested: boolean }[]>`
    select b.id::text, b.type, b.status, b.end_time, exists (select 1 from booking_feedback f where f.booking_id = b.id) as requested from bookings b`;
  const due = all.filter((b) => isDelayedRequestDue({ type: b.type, status: b.status, endTime: new Date(b.end_time), requested: b.requested }, settings, NOW))
    .map((b) => b.id).sort();
  assert.ok(due.length >= 8, `a fair share is due: ${due.length}`);
  const job = makeFeedbackRequestJob({ sql: db.sql, context, clock: at(NOW), batchSize: 500, log: quiet() });
  assert.equal(await job.runOnce(), due.length);
  assert.deepEqual((await requests(db)).map((r) => r.related_id).sort(), due);
});
