/**
 * Staff status changes under the capacity rule (issue 15): a booking taking back a place it gave
 * up is decided like a new booking, a superadmin may override, and DONE waits for the job's start.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, TEST_JWT_SECRET, TEST_LIMITS, type TestApp } from "./test-app.ts";
import { draft, fixedClock, FRIDAY_9AM, NOW, post } from "./test-fixtures.ts";
import { buildApp } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { onEmailQueued } from "../adapters/postgres/outbox-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { hashManageToken } from "../core/booking/manage/token.ts";
import type { Clock } from "../core/shared/ports.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;

const SLOT_TAKEN = "That time isn’t available. Please choose another.";
const NOT_STARTED = "A job can be marked done only once it has started.";

const patchStatus = (id: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost/api/admin/bookings/${id}/status`, {
    method: "PATCH",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function book(app: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await app.request(post("/api/bookings", draft(overrides)));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json())._id as string;
}

const statusOf = async (db: TestDatabase, id: string) =>
  (await db.sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;

const auditRows = (db: TestDatabase, id: string) =>
  db.sql<{ admin_email: string; before: unknown; after: unknown }[]>`
    select admin_email, before, after from audit_log where entity_id = ${id} and action = 'booking.status' order by id`;

describeApi("staff status: capacity on re-confirm, the superadmin override, DONE after the start", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const setStatus = async (id: string, body: unknown, as: Headers = admin.headers, on: TestApp = app) =>
    await json(await on.request(patchStatus(id, body, as)));

  const jack = await book(app, { firstName: "Jack", email: "jack@example.com" });

  await t.step("cancelled -> confirmed while the place is free: 200, audited without an override", async () => {
    assert.equal((await setStatus(jack, { status: "CANCELLED" })).status, 200);
    const { status, body } = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(status, 200);
    assert.equal(body.status, "CONFIRMED");
    const rows = await auditRows(db, jack);
    assert.deepEqual(rows.at(-1), { admin_email: admin.admin.email, before: { status: "CANCELLED" }, after: { status: "CONFIRMED" } });
  });

  await t.step("the place was taken meanwhile: 409 SLOT_UNAVAILABLE, status and audit unchanged", async () => {
    assert.equal((await setStatus(jack, { status: "CANCELLED" })).status, 200);
    await book(app, { firstName: "Rita", email: "rita@example.com" }); // the freed 9 am place
    const auditBefore = (await auditRows(db, jack)).length;
    const answer = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(answer.status, 409);
    assert.deepEqual(answer.body, { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" });
    assert.equal(await statusOf(db, jack), "CANCELLED");
    assert.equal((await auditRows(db, jack)).length, auditBefore);
  });

  await t.step("an admin may not override capacity: 403 FORBIDDEN, nothing changes", async () => {
    const auditBefore = (await auditRows(db, jack)).length;
    const answer = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: true });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, { error: "Only a superadmin can override capacity.", code: "FORBIDDEN" });
    assert.equal(await statusOf(db, jack), "CANCELLED");
    assert.equal((await auditRows(db, jack)).length, auditBefore);
  });

  await t.step("overrideCapacity must be a boolean: 422 naming it", async () => {
    const answer = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: "yes" }, root.headers);
    assert.equal(answer.status, 422);
    assert.equal(answer.body.code, "VALIDATION_FAILED");
    assert.deepEqual(answer.body.fieldErrors, { overrideCapacity: ["overrideCapacity must be true or false."] });
    assert.equal(await statusOf(db, jack), "CANCELLED");
  });

  await t.step("a superadmin's override takes the place; the audit row says so", async () => {
    const { status, body } = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: true }, root.headers);
    assert.equal(status, 200);
    assert.equal(body.status, "CONFIRMED");
    assert.deepEqual((await auditRows(db, jack)).at(-1), {
      admin_email: root.admin.email,
      before: { status: "CANCELLED" },
      after: { status: "CONFIRMED", overrideCapacity: true },
    });
  });

  await t.step("moves between place-holding statuses need no check, even in a full slot", async () => {
    // Jack and Rita now both hold the one 9 am place; Jack's job has started on this clock.
    const started = new Date(new Date(FRIDAY_9AM).getTime() + 60 * 60_000);
    const later = buildTestApp(db, { clock: { now: () => started } });
    const laterAdmin = await adminSession(db, "admin", undefined, started);
    const { status, body } = await setStatus(jack, { status: "DONE" }, laterAdmin.headers, later);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.status, "DONE");
    assert.deepEqual((await auditRows(db, jack)).at(-1)?.after, { status: "DONE" });
  });

  await t.step("DONE before the job's start: 409 JOB_NOT_STARTED; from its start on: 200", async () => {
    const start = "2026-11-27T14:00:00+11:00";
    const job = await book(app, { firstName: "Mia", email: "mia@example.com", startTimeISO: start, hours: 2 });
    const at = async (now: Date) => {
      const on = buildTestApp(db, { clock: { now: () => now } });
      const session = await adminSession(db, "admin", undefined, now);
      return await setStatus(job, { status: "DONE" }, session.headers, on);
    };
    const early = await setStatus(job, { status: "DONE" });
    assert.equal(early.status, 409);
    assert.deepEqual(early.body, { error: NOT_STARTED, code: "JOB_NOT_STARTED" });
    const aMinuteBefore = await at(new Date(new Date(start).getTime() - 60_000));
    assert.deepEqual([aMinuteBefore.status, aMinuteBefore.body.code], [409, "JOB_NOT_STARTED"]);
    assert.equal(await statusOf(db, job), "PENDING");
    assert.equal((await auditRows(db, job)).length, 0);
    const onTime = await at(new Date(start));
    assert.equal(onTime.status, 200);
    assert.equal(onTime.body.status, "DONE");
  });

  await t.step("race: 10 simultaneous re-confirms of cancelled bookings for one place", async () => {
    const settings = makeSettingsStore(db.sql);
    const start = "2026-11-26T09:00:00+11:00";
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await book(app, { email: `racer${i}@example.com`, startTimeISO: start }));
    for (const id of ids) assert.equal((await setStatus(id, { status: "CANCELLED" })).status, 200);
    const maxConcurrentPerSlot = 3;
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot });
    try {
      const answers = await Promise.all(ids.map((id) => setStatus(id, { status: "CONFIRMED" })));
      const won = answers.filter((a) => a.status === 200).length;
      assert.equal(won, maxConcurrentPerSlot);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        assert.deepEqual([lost.status, lost.body.code], [409, "SLOT_UNAVAILABLE"]);
      }
      const [{ holding }] = await db.sql<{ holding: number }[]>`
        select count(*)::int as holding from bookings
         where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE') and start_time = ${new Date(start)}`;
      assert.equal(holding, maxConcurrentPerSlot);
    } finally {
      await settings.saveScheduling(SCHEDULING_DEFAULTS);
    }
  });
});

const SITE_URL = "https://yarrashine.example";

interface CustomerMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The .ics, unfolded: NAME -> value (the first of each name). */
  ics: Map<string, string>;
  icsType: string;
  /** The manage-my-booking token the e-mail links to. */
  token: string;
}

function calendarFields(content: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of content.replace(/\r\n[ \t]/g, "").split("\r\n")) {
    const colon = line.indexOf(":");
    const name = line.slice(0, Math.max(colon, 0)).split(";")[0];
    if (colon > 0 && name !== "BEGIN" && name !== "END" && !fields.has(name)) fields.set(name, line.slice(colon + 1));
  }
  return fields;
}

/** The booking's e-mails to the customer about its time and status, oldest first (the feedback request, issue 32, aside). */
async function customerMails(db: TestDatabase, id: string): Promise<CustomerMail[]> {
  const rows = await db.sql<{ kind: string; to_address: string; subject: string; text_body: string; attachments: unknown }[]>`
    select kind, to_address, subject, text_body, attachments from email_outbox
     where related_id = ${id} and kind not in ('booking-notification', 'feedback-request') order by created_at, id`;
  return rows.map((row) => {
    const attachments = (typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments) as {
      contentType: string;
      content: string;
    }[];
    assert.equal(attachments.length, 1, `${row.kind} carries one .ics`);
    const token = new RegExp(`${SITE_URL}/manage/([A-Za-z0-9_-]{43})`).exec(row.text_body)?.[1];
    assert.ok(token, `${row.kind} links to the manage page`);
    return {
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ics: calendarFields(attachments[0].content),
      icsType: attachments[0].contentType,
      token,
    };
  });
}

const tokenHashes = async (db: TestDatabase, id: string) =>
  (await db.sql<{ token_hash: string }[]>`select token_hash from booking_access_tokens where booking_id = ${id}`).map((r) => r.token_hash);

const bookingRow = async (db: TestDatabase, id: string) =>
  (await db.sql<{ status: string; cancel_reason: string; calendar_sequence: number }[]>`
    select status, cancel_reason, calendar_sequence from bookings where id = ${id}`)[0];

/** The served graph with a site URL (so e-mails carry the manage link) and a count of relay wake-ups. */
function appWithLinks(db: TestDatabase, clock: Clock = fixedClock) {
  const wakes = { count: 0 };
  onEmailQueued(db.sql, () => wakes.count++);
  const app = buildApp({
    ...makeAppDeps(db.sql, {
      clock,
      mailer: makeMailer(makeSettingsStore(db.sql), SITE_URL),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: () => Promise.resolve(),
    }),
    limits: TEST_LIMITS,
    trustProxy: 1,
  });
  return { app, wakes };
}

describeApi("staff status: the customer is told of a confirmation or a cancellation, once each", async (t, _app, db) => {
  const { app, wakes } = appWithLinks(db);
  const admin = await adminSession(db, "admin", undefined, NOW);
  const setStatus = async (id: string, body: unknown, on: TestApp = app, headers = admin.headers) =>
    await json(await on.request(patchStatus(id, body, headers)));
  const jack = await book(app, { firstName: "Jack", email: "jack@example.com" });
  const [requestReceived] = await customerMails(db, jack);
  const [{ reference }] = await db.sql<{ reference: string }[]>`select reference from bookings where id = ${jack}`;
  const mails = () => customerMails(db, jack);

  await t.step("the booking's own e-mail is the event at SEQUENCE 0, with one token stored", async () => {
    assert.equal(requestReceived.kind, "booking-confirmation");
    assert.equal(requestReceived.ics.get("SEQUENCE"), "0");
    assert.equal((await tokenHashes(db, jack)).length, 1);
  });

  await t.step("PENDING -> CONFIRMED: one booking-confirmed e-mail, .ics PUBLISH at SEQUENCE 1, its own token", async () => {
    const woken = wakes.count;
    const { status, body } = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.calendarSequence, 1);
    const all = await mails();
    assert.deepEqual(all.map((m) => m.kind), ["booking-confirmation", "booking-confirmed"]);
    const confirmed = all[1];
    assert.equal(confirmed.to, "jack@example.com");
    assert.equal(confirmed.subject, `Booking confirmed — Hourly Cleaning, Fri 27 Nov 2026, 9:00 am (${reference})`);
    assert.equal(confirmed.icsType, "text/calendar; charset=utf-8; method=PUBLISH");
    assert.equal(confirmed.ics.get("UID"), requestReceived.ics.get("UID"));
    assert.equal(confirmed.ics.get("METHOD"), "PUBLISH");
    assert.equal(confirmed.ics.get("SEQUENCE"), "1");
    assert.equal(confirmed.ics.get("STATUS"), "CONFIRMED");
    assert.equal((await bookingRow(db, jack)).calendar_sequence, 1);
    const hashes = await tokenHashes(db, jack);
    assert.equal(hashes.length, 2);
    assert.ok(hashes.includes(hashManageToken(confirmed.token)), "the link's token is stored (hashed) for this booking");
    assert.notEqual(confirmed.token, requestReceived.token);
    assert.ok(!hashes.includes(confirmed.token), "only the hash is stored");
    assert.equal(wakes.count, woken + 1, "the relay is woken once the e-mail is committed");
    assert.deepEqual((await auditRows(db, jack)).at(-1)?.after, { status: "CONFIRMED" });
  });

  await t.step("CONFIRMED again: nothing written, nothing sent", async () => {
    const audits = (await auditRows(db, jack)).length;
    const { status, body } = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(status, 200);
    assert.equal(body.calendarSequence, 1);
    assert.equal((await mails()).length, 2);
    assert.equal((await tokenHashes(db, jack)).length, 2);
    assert.equal((await auditRows(db, jack)).length, audits);
  });

  await t.step("CANCELLED with a reason: stored trimmed, audited, told with a .ics CANCEL at SEQUENCE 2", async () => {
    const { status, body } = await setStatus(jack, { status: "CANCELLED", reason: "  Customer rang: moving interstate.\n" });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.status, "CANCELLED");
    assert.equal(body.cancelReason, "Customer rang: moving interstate.");
    assert.equal(body.calendarSequence, 2);
    assert.deepEqual(await bookingRow(db, jack), {
      status: "CANCELLED",
      cancel_reason: "Customer rang: moving interstate.",
      calendar_sequence: 2,
    });
    const cancelled = (await mails()).at(-1)!;
    assert.equal(cancelled.kind, "booking-cancelled");
    assert.equal(cancelled.subject, `Booking cancelled — Hourly Cleaning, Fri 27 Nov 2026, 9:00 am (${reference})`);
    assert.ok(cancelled.text.includes("Reason: Customer rang: moving interstate."), cancelled.text);
    assert.equal(cancelled.icsType, "text/calendar; charset=utf-8; method=CANCEL");
    assert.equal(cancelled.ics.get("UID"), requestReceived.ics.get("UID"));
    assert.equal(cancelled.ics.get("METHOD"), "CANCEL");
    assert.equal(cancelled.ics.get("SEQUENCE"), "2");
    assert.equal(cancelled.ics.get("STATUS"), "CANCELLED");
    const hashes = await tokenHashes(db, jack);
    assert.equal(hashes.length, 3);
    assert.ok(hashes.includes(hashManageToken(cancelled.token)));
    assert.deepEqual((await auditRows(db, jack)).at(-1)?.after, {
      status: "CANCELLED",
      reason: "Customer rang: moving interstate.",
    });
    const detail = await json(await app.request(new Request(`http://localhost/api/admin/bookings/${jack}`, { headers: admin.headers })));
    assert.equal(detail.body.cancelReason, "Customer rang: moving interstate.");
  });

  await t.step("CANCELLED again, with another reason: nothing changes, nothing is sent", async () => {
    const { status, body } = await setStatus(jack, { status: "CANCELLED", reason: "Something else" });
    assert.equal(status, 200);
    assert.equal(body.cancelReason, "Customer rang: moving interstate.");
    assert.equal((await mails()).length, 3);
    assert.equal((await bookingRow(db, jack)).calendar_sequence, 2);
  });

  await t.step("a bad reason: 422 naming it, nothing changes", async () => {
    const long = await setStatus(jack, { status: "CONFIRMED", reason: "x".repeat(501) });
    assert.equal(long.status, 422);
    assert.deepEqual(long.body, {
      error: "The reason must be 500 characters or fewer.",
      code: "VALIDATION_FAILED",
      fieldErrors: { reason: ["The reason must be 500 characters or fewer."] },
    });
    const notText = await setStatus(jack, { status: "CANCELLED", reason: 42 });
    assert.equal(notText.status, 422);
    assert.deepEqual(notText.body.fieldErrors, { reason: ["The reason must be text."] });
    const both = await setStatus(jack, { status: "LATER", reason: 42 });
    assert.deepEqual([both.status, both.body.code], [422, "INVALID_STATUS"]);
    // 500 characters after trimming is fine (checked on a booking that is not cancelled yet, below).
    assert.equal((await bookingRow(db, jack)).status, "CANCELLED");
    assert.equal((await mails()).length, 3);
  });

  await t.step("CANCELLED -> CONFIRMED: told again at SEQUENCE 3; the old reason stays on the record", async () => {
    const { status, body } = await setStatus(jack, { status: "CONFIRMED", reason: "ignored without CANCELLED" });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.cancelReason, "Customer rang: moving interstate.");
    const confirmed = (await mails()).at(-1)!;
    assert.deepEqual([confirmed.kind, confirmed.ics.get("SEQUENCE"), confirmed.ics.get("METHOD")], ["booking-confirmed", "3", "PUBLISH"]);
    assert.equal((await tokenHashes(db, jack)).length, 4);
  });

  await t.step("a cancellation without a reason clears the old one and tells none", async () => {
    const { body } = await setStatus(jack, { status: "CANCELLED", reason: "   " });
    assert.equal(body.cancelReason, "");
    const cancelled = (await mails()).at(-1)!;
    assert.deepEqual([cancelled.kind, cancelled.ics.get("SEQUENCE")], ["booking-cancelled", "4"]);
    assert.ok(!cancelled.text.includes("Reason:"));
    assert.deepEqual((await auditRows(db, jack)).at(-1)?.after, { status: "CANCELLED" });
  });

  await t.step("a refused re-confirm (slot full) queues nothing and stores no token", async () => {
    await book(app, { firstName: "Rita", email: "rita@example.com" }); // the freed 9 am place
    const [mailsBefore, tokensBefore] = [(await mails()).length, (await tokenHashes(db, jack)).length];
    const { status } = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(status, 409);
    assert.equal((await mails()).length, mailsBefore);
    assert.equal((await tokenHashes(db, jack)).length, tokensBefore);
    assert.equal((await bookingRow(db, jack)).calendar_sequence, 4);
  });

  await t.step("DONE, and corrections away from DONE, send no status e-mail (DONE's feedback request aside)", async () => {
    const started = new Date(new Date(FRIDAY_9AM).getTime() + 60 * 60_000);
    const later = appWithLinks(db, { now: () => started }).app;
    const session = await adminSession(db, "admin", undefined, started);
    const mia = await book(app, { firstName: "Mia", email: "mia@example.com", startTimeISO: "2026-11-26T09:00:00+11:00" });
    const before = (await customerMails(db, mia)).length;
    for (const next of ["DONE", "CONFIRMED", "DONE", "CANCELLED"]) {
      const { status, body } = await setStatus(mia, { status: next }, later, session.headers);
      assert.equal(status, 200, `${next}: ${JSON.stringify(body)}`);
      assert.equal(body.calendarSequence, 0);
    }
    assert.equal((await customerMails(db, mia)).length, before);
    assert.equal((await tokenHashes(db, mia)).length, 1);
  });

  await t.step("a reason of 500 characters after trimming is accepted", async () => {
    const zoe = await book(app, { firstName: "Zoe", email: "zoe@example.com", startTimeISO: "2026-11-26T13:00:00+11:00" });
    const reason = `  ${"r".repeat(500)}  `;
    const { status, body } = await setStatus(zoe, { status: "CANCELLED", reason });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.cancelReason, "r".repeat(500));
  });
});

describeApi("race: 10 re-confirms and 10 new bookings for the last 3 places, on two API instances", async (t, _app, db) => {
  const other = await db.openAnother(10);
  try {
    const apps = [buildTestApp(db, { clock: fixedClock }), buildTestApp(other, { clock: fixedClock })];
    const admin = await adminSession(db, "admin", undefined, NOW);
    const settings = makeSettingsStore(db.sql);
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10 });
    const cancelled: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await book(apps[0], { email: `was${i}@example.com`, startTimeISO: FRIDAY_9AM });
      assert.equal((await apps[0].request(patchStatus(id, { status: "CANCELLED" }, admin.headers))).status, 200);
      cancelled.push(id);
    }
    const places = 3;
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: places });

    const calls = [
      ...cancelled.map((id, i) => apps[i % 2].request(patchStatus(id, { status: "CONFIRMED" }, admin.headers))),
      ...cancelled.map((_, i) => apps[(i + 1) % 2].request(post("/api/bookings", draft({ email: `new${i}@example.com`, startTimeISO: FRIDAY_9AM })))),
    ];
    const answers = await Promise.all((await Promise.all(calls)).map(json));

    await t.step("exactly the places are taken; every other call is 409 SLOT_UNAVAILABLE", async () => {
      const won = answers.filter((a) => a.status === 200 || a.status === 201);
      assert.equal(won.length, places, JSON.stringify(answers.map((a) => a.status)));
      for (const lost of answers.filter((a) => a.status !== 200 && a.status !== 201)) {
        assert.deepEqual([lost.status, lost.body.code], [409, "SLOT_UNAVAILABLE"]);
      }
      const [{ holding }] = await db.sql<{ holding: number }[]>`
        select count(*)::int as holding from bookings
         where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE') and start_time = ${new Date(FRIDAY_9AM)}`;
      assert.equal(holding, places);
    });
  } finally {
    await other.close();
    await makeSettingsStore(db.sql).saveScheduling(SCHEDULING_DEFAULTS);
  }
});

describeApi("re-confirming a cancelled job takes its cleaners' time back only if they are still free (issue 16)", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 2 });
  const call = async (method: string, path: string, body?: unknown) =>
    await json(await app.request(new Request(`http://localhost${path}`, {
      method,
      headers: { "content-type": "application/json", ...admin.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })));
  const mia = (await call("POST", "/api/admin/cleaners", { name: "Mia Brown" })).body._id as string;
  const jack = await book(app, { firstName: "Jack", email: "jack@example.com" });
  assert.equal((await call("PUT", `/api/admin/bookings/${jack}/cleaners`, { cleanerIds: [mia] })).status, 200);
  assert.equal((await call("PATCH", `/api/admin/bookings/${jack}/status`, { status: "CANCELLED" })).status, 200);
  const rita = await book(app, { firstName: "Rita", email: "rita@example.com" });
  assert.equal((await call("PUT", `/api/admin/bookings/${rita}/cleaners`, { cleanerIds: [mia] })).status, 200);

  await t.step("Mia went to Rita's job meanwhile: 409 CLEANER_BUSY naming it, and Jack stays cancelled", async () => {
    const answer = await call("PATCH", `/api/admin/bookings/${jack}/status`, { status: "CONFIRMED" });
    assert.deepEqual([answer.status, answer.body.code], [409, "CLEANER_BUSY"]);
    const ritaRef = (await call("GET", `/api/admin/bookings/${rita}`)).body.reference as string;
    assert.ok(answer.body.error.includes(ritaRef), answer.body.error);
    assert.equal(await statusOf(db, jack), "CANCELLED");
  });

  await t.step("once Mia is off Rita's job, Jack's job comes back with her", async () => {
    assert.equal((await call("PUT", `/api/admin/bookings/${rita}/cleaners`, { cleanerIds: [] })).status, 200);
    const answer = await call("PATCH", `/api/admin/bookings/${jack}/status`, { status: "CONFIRMED" });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.cleanerIds, [mia]);
  });
});
