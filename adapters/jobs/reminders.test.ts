/** The reminder job on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { hashManageToken } from "../../core/booking/manage/token.ts";
import type { NewBookingRecord } from "../../core/booking/types.ts";
import { type MessageContext, whenForSubject } from "../../core/notifications/email-parts.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML, SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import { storeSample } from "../postgres/booking.contract.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { formatMelbourneDateTime } from "../../core/shared/melbourne-time.ts";
import { describeOnTargets, type TestDatabase } from "../postgres/test-db.ts";
import { isReminderDue, REMINDER_MIN_NOTICE_HOURS, reminderWindow } from "../../core/notifications/reminders.ts";
import { onEmailQueued } from "../postgres/outbox-repository.ts";
import { makeReminderJob, type ReminderJobLog } from "./reminders.ts";

const SITE_URL = "https://yarrashine.example";
const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: SITE_URL,
};
const context = () => Promise.resolve(ctx);

/** The job's clock: 2030, long after the rows' real created_at. */
const NOW = new Date("2030-03-09T12:00:00Z");
const hours = (n: number, from = NOW) => new Date(from.getTime() + n * 3_600_000);
const at = (now: Date) => ({ now: () => now });

function memoryLog(): ReminderJobLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(`info ${m}`), error: (m) => lines.push(`error ${m}`) };
}

/** A stored booking starting `startsIn` hours after NOW. */
const bookingAt = (db: TestDatabase, startsIn: number, overrides: Partial<NewBookingRecord> = {}) => {
  const startTime = hours(startsIn);
  return storeSample(db, { startTime, endTime: hours(2, startTime), ...overrides });
};

interface ReminderRow {
  related_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  attachments: unknown;
}

const reminders = (db: TestDatabase) =>
  db.sql<ReminderRow[]>`
    select o.related_id::text, o.to_address, o.subject, o.text_body, o.attachments
      from email_outbox o join bookings b on b.id = o.related_id
     where o.kind = 'booking-reminder' order by b.start_time, o.id`;

const icsOf = (row: ReminderRow): string => {
  const attachments = (typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments) as { content: string }[];
  return attachments[0].content.replace(/\r\n[ \t]/g, "");
};

/** The windows below were drawn for a reminder 24 hours ahead (the default is 48; the cut-off 12 here). */
const DAY_AHEAD = { ...SCHEDULING_DEFAULTS, reminderHoursBefore: 24, freeChangeCutoffHours: 12 };

describeOnTargets("reminder job: each due booking once, with its .ics and a manage link", async (t, db) => {
  await makeSettingsStore(db.sql).saveScheduling(DAY_AHEAD);
  const due = await bookingAt(db, 20, { email: "due@example.com" });
  const confirmed = await bookingAt(db, 23.5, { status: "CONFIRMED", email: "confirmed@example.com" });
  const later = await bookingAt(db, 25, { email: "later@example.com" });
  const tooSoon = await bookingAt(db, REMINDER_MIN_NOTICE_HOURS - 0.5);
  await bookingAt(db, -1); // started already
  await bookingAt(db, 20, { status: "CANCELLED" });
  await bookingAt(db, 20, { status: "DONE" });
  await bookingAt(db, 20, { type: "QUOTE", status: "QUOTE_REQUESTED" });
  const madeInsideWindow = await bookingAt(db, 10);
  await db.sql`update bookings set created_at = ${hours(-2)} where id = ${madeInsideWindow._id}`;
  const remindedBefore = await bookingAt(db, 21);
  await db.sql`update bookings set reminder_sent_at = ${hours(-3)} where id = ${remindedBefore._id}`;
  await db.sql`update bookings set calendar_sequence = 3 where id = ${confirmed._id}`;
  const tokensBefore = (await db.sql<{ n: number }[]>`select count(*)::int as n from booking_access_tokens`)[0].n;

  await t.step("one run queues the two due reminders, marks them, and tells the relay", async () => {
    let woken = 0;
    const stopListening = onEmailQueued(db.sql, () => woken++);
    const job = makeReminderJob({ sql: db.sql, context, clock: at(NOW), log: memoryLog() });
    assert.equal(await job.runOnce(), 2);
    stopListening();
    assert.equal(woken, 1, "one wake-up for the batch's transaction, after its commit");
    const rows = await reminders(db);
    assert.deepEqual(rows.map((r) => [r.related_id, r.to_address]), [
      [due._id, "due@example.com"],
      [confirmed._id, "confirmed@example.com"],
    ]);
    const marked = await db.sql<{ id: string; reminder_sent_at: Date }[]>`
      select id::text, reminder_sent_at from bookings where reminder_sent_at = ${NOW} order by start_time`;
    assert.deepEqual(marked.map((r) => r.id), [due._id, confirmed._id]);
    for (const id of [later._id, tooSoon._id, madeInsideWindow._id]) {
      const [row] = await db.sql<{ reminder_sent_at: Date | null }[]>`select reminder_sent_at from bookings where id = ${id}`;
      assert.equal(row.reminder_sent_at, null);
    }
  });

  await t.step("each e-mail: subject with the reference, a stored token of its own, the .ics at the booking's sequence", async () => {
    const rows = await reminders(db);
    const tokens: string[] = [];
    for (const [row, record, sequence, status] of [[rows[0], due, 0, "TENTATIVE"], [rows[1], confirmed, 3, "CONFIRMED"]] as const) {
      assert.equal(row.subject, `Reminder — Hourly Cleaning, ${whenForSubject(record)} (${record.reference})`);
      const token = new RegExp(`${SITE_URL}/manage/([A-Za-z0-9_-]{43})`).exec(row.text_body)?.[1];
      assert.ok(token, "links to the manage page");
      tokens.push(token);
      const [stored] = await db.sql<{ booking_id: string }[]>`
        select booking_id::text from booking_access_tokens where token_hash = ${hashManageToken(token)}`;
      assert.equal(stored?.booking_id, record._id);
      assert.ok(row.text_body.includes("What to expect"));
      // Issue 28: it says until when a change is free (the start less the 12-hour cut-off).
      const freeUntil = formatMelbourneDateTime(new Date(record.startTime.getTime() - 12 * 3_600_000));
      assert.ok(row.text_body.includes(`it's free until ${freeUntil}; after that, the cancellation policy below explains any fee.`), row.text_body);
      const ics = icsOf(row);
      assert.ok(ics.includes(`\r\nUID:${record._id}@yarrashine.com.au\r\n`));
      assert.ok(ics.includes("\r\nMETHOD:PUBLISH\r\n"));
      assert.ok(ics.includes(`\r\nSEQUENCE:${sequence}\r\n`));
      assert.ok(ics.includes(`\r\nSTATUS:${status}\r\n`));
    }
    assert.notEqual(tokens[0], tokens[1]);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from booking_access_tokens`;
    assert.equal(n, tokensBefore + 2);
  });

  await t.step("after a restart (a new job) nothing is queued again; later the next booking comes due", async () => {
    const restarted = makeReminderJob({ sql: db.sql, context, clock: at(NOW), log: memoryLog() });
    assert.equal(await restarted.runOnce(), 0);
    const twoHoursOn = makeReminderJob({ sql: db.sql, context, clock: at(hours(2)), log: memoryLog() });
    assert.equal(await twoHoursOn.runOnce(), 1);
    assert.deepEqual((await reminders(db)).map((r) => r.related_id), [due._id, confirmed._id, later._id]);
    assert.equal(await twoHoursOn.runOnce(), 0);
  });

  await t.step("the setting moves the window: 48 hours reminds a job 40 hours away", async () => {
    const far = await bookingAt(db, 40);
    const job = makeReminderJob({ sql: db.sql, context, clock: at(NOW), log: memoryLog() });
    assert.equal(await job.runOnce(), 0);
    await makeSettingsStore(db.sql).saveScheduling({ ...DAY_AHEAD, reminderHoursBefore: 48 });
    assert.equal(await job.runOnce(), 1);
    assert.equal((await reminders(db)).at(-1)?.related_id, far._id);
    await makeSettingsStore(db.sql).saveScheduling(DAY_AHEAD);
  });
});

describeOnTargets("reminder job: a failure while queuing keeps the booking due", async (_t, db) => {
  const booking = await bookingAt(db, 12);
  // The profile is read while composing, inside the transaction that claimed the row.
  const broken = { ...ctx, get profile(): never { throw new Error("profile unreadable"); } } as MessageContext;
  const failing = makeReminderJob({ sql: db.sql, context: () => Promise.resolve(broken), clock: at(NOW), log: memoryLog() });
  await assert.rejects(failing.runOnce(), /profile unreadable/);
  const [row] = await db.sql<{ reminder_sent_at: Date | null }[]>`select reminder_sent_at from bookings where id = ${booking._id}`;
  assert.equal(row.reminder_sent_at, null, "the claim rolled back with the e-mail");
  assert.equal((await reminders(db)).length, 0);
  const job = makeReminderJob({ sql: db.sql, context, clock: at(NOW), log: memoryLog() });
  assert.equal(await job.runOnce(), 1);
  assert.deepEqual((await reminders(db)).map((r) => r.related_id), [booking._id]);
});

describeOnTargets("reminder job: start() queues at once, stop() waits, a failing batch is logged and retried", async (_t, db) => {
  await bookingAt(db, 12);
  const log = memoryLog();
  const job = makeReminderJob({ sql: db.sql, context, clock: at(NOW), log });
  job.start(60_000);
  const deadline = Date.now() + 10_000;
  while ((await reminders(db)).length === 0) {
    if (Date.now() > deadline) throw new Error("the loop did not run");
    await new Promise((r) => setTimeout(r, 10));
  }
  await job.stop();
  assert.ok(log.lines.includes("info [reminders] queued 1 reminder e-mail"), log.lines.join("\n"));

  const down = memoryLog();
  const offline = makeReminderJob({
    sql: db.sql,
    context: () => Promise.reject(new Error("connection refused")),
    clock: at(NOW),
    log: down,
  });
  offline.start(5);
  const until = Date.now() + 5_000;
  while (down.lines.filter((l) => l.startsWith("error [reminders] batch failed: Error: connection refused")).length < 2) {
    if (Date.now() > until) throw new Error("the loop stopped after a failed batch");
    await new Promise((r) => setTimeout(r, 5));
  }
  await offline.stop();
});

describeOnTargets("two reminder jobs on two pools at once: each of 40 reminders queued exactly once", async (_t, db, target) => {
  const ids = new Set<string>();
  for (let i = 0; i < 40; i++) ids.add((await bookingAt(db, 3 + i * 0.5, { email: `racer${i}@example.com` }))._id);
  const other = await db.openAnother(4);
  try {
    const jobs = [db.sql, other.sql].map((sql) => makeReminderJob({ sql, context, clock: at(NOW), batchSize: 3, log: memoryLog() }));
    const drain = async (job: (typeof jobs)[number]) => {
      let queued = 0;
      for (;;) {
        const n = await job.runOnce();
        if (n === 0) return queued;
        queued += n;
      }
    };
    const counts = await Promise.all(jobs.map(drain));
    assert.equal(counts[0] + counts[1], 40);
    if (target.name === "postgres") assert.ok(counts[0] > 0 && counts[1] > 0, `both jobs worked: ${counts}`);
    const rows = await reminders(db);
    assert.equal(rows.length, 40);
    assert.deepEqual(new Set(rows.map((r) => r.related_id)), ids);
    const [{ unmarked }] = await db.sql<{ unmarked: number }[]>`
      select count(*)::int as unmarked from bookings where reminder_sent_at is null`;
    assert.equal(unmarked, 0);
  } finally {
    await other.close();
  }
});

describeOnTargets("reminder job: the bookings it claims are exactly those core's rule calls due", async (_t, db) => {
  await makeSettingsStore(db.sql).saveScheduling(DAY_AHEAD);
  // Around each bound of the window: the minimum notice, the reminder's hours, the time it was made.
  for (const startsIn of [REMINDER_MIN_NOTICE_HOURS - 0.5, REMINDER_MIN_NOTICE_HOURS, REMINDER_MIN_NOTICE_HOURS + 0.5, 12, 24, 24.5]) {
    for (const status of ["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION"] as const) await bookingAt(db, startsIn, { status });
    await bookingAt(db, startsIn, { type: "QUOTE", status: "QUOTE_REQUESTED" });
    const late = await bookingAt(db, startsIn);
    await db.sql`update bookings set created_at = start_time - interval '23 hours' where id = ${late._id}`;
    const justInTime = await bookingAt(db, startsIn);
    await db.sql`update bookings set created_at = start_time - interval '24 hours' where id = ${justInTime._id}`;
    const reminded = await bookingAt(db, startsIn);
    await db.sql`update bookings set reminder_sent_at = ${hours(-1)} where id = ${reminded._id}`;
  }
  const all = await db.sql<{ id: string; type: "BOOKING" | "QUOTE"; status: never; start_time: Date; created_at: Date; reminder_sent_at: Date | null }[]>`
    select id::text, type, status, start_time, created_at, reminder_sent_at from bookings`;
  const window = reminderWindow(DAY_AHEAD, NOW);
  const due = all.filter((b) =>
    isReminderDue({ type: b.type, status: b.status, startTime: b.start_time, createdAt: b.created_at, reminderSentAt: b.reminder_sent_at }, window)
  ).map((b) => b.id).sort();
  assert.ok(due.length >= 8, `a fair share is due: ${due.length}`);
  const job = makeReminderJob({ sql: db.sql, context, clock: at(NOW), batchSize: 500, log: memoryLog() });
  assert.equal(await job.runOnce(), due.length);
  const claimed = await db.sql<{ id: string }[]>`select id::text from bookings where reminder_sent_at = ${NOW}`;
  assert.deepEqual(claimed.map((row) => row.id).sort(), due);
});
