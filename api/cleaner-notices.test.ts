/**
 * Issue 31: cleaners are told of their jobs, end to end on PGlite and PostgreSQL: staff put a
 * cleaner on a job, move it, take her off, cancel a job, through the real staff API; the notices
 * job (adapters/jobs/cleaner-notices.ts) then queues each e-mail with its .ics (read back as a
 * calendar reads it), once, also with two job runs at once; the first run after deploy; the
 * evening run sheet; and the setting's route.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import { makeMailer } from "./mailer.ts";
import { makeCleanerNoticeJob } from "../adapters/jobs/cleaner-notices.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { parseIcs } from "../core/notifications/test-ics.ts";
import { TEAM_NOTICE_MESSAGES } from "../core/settings/team-notices.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";
import type { Clock } from "../core/shared/ports.ts";

type Headers = Record<string, string>;

const SITE_URL = "https://yarrashine.test";
const [PRIYA, TOM, SOFIA] = ["Priya Sharma", "Tom Nguyen", "Sofia Russo"].map((name) => DEMO_CLEANERS.find((c) => c.name === name)!);
const silent = { info: () => {}, error: (m: string) => console.error(m) };

const send = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** 2026-11-dd at hh:mm Melbourne (AEDT), as the booking form sends it. */
const at = (day: string, hour: number, minute = 0) =>
  `2026-${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00+11:00`;

async function book(app: TestApp, startTimeISO: string): Promise<{ _id: string; reference: string }> {
  const response = await app.request(post("/api/bookings", draft({
    startTimeISO,
    frequencyCode: "ONE_TIME",
    // No add-ons: the visit is the 3 hours booked, no minutes added.
    extras: [],
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "0498 765 432",
    email: `c${crypto.randomUUID().slice(0, 6)}@example.com`,
  })));
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json();
}

interface MailRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  related_id: string;
  attachments: unknown;
}

/** Every e-mail to a cleaner so far, in the order queued (one run's by address). */
const cleanerMail = (db: TestDatabase) =>
  db.sql<MailRow[]>`
    select kind, to_address, subject, text_body, html_body, related_id::text, attachments from email_outbox
     where kind like 'cleaner-%' order by created_at, to_address, subject`;

const icsOf = (row: MailRow) => {
  const attachments = (typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments) as
    { content: string; contentType: string }[];
  assert.equal(attachments.length, 1);
  return { ...parseIcs(attachments[0].content), contentType: attachments[0].contentType, raw: attachments[0].content };
};

const uid = (bookingId: string, cleanerId: string) => `job-${bookingId}-${cleanerId}@yarrashine.com.au`;

function setup(db: TestDatabase) {
  let now = NOW;
  const jobClock: Clock = { now: () => now };
  const context = makeMailer(makeSettingsStore(db.sql), SITE_URL).context;
  return {
    setNow: (instant: Date) => (now = instant),
    job: (sql = db.sql) => makeCleanerNoticeJob({ sql, context, clock: jobClock, log: silent }),
  };
}

describeApi("cleaners told: put on, moved, taken off, cancelled; once each, also with two job runs at once", async (t, _app, db, ) => {
  const app = buildTestApp(db, { clock: { now: () => NOW } });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown) => await json(await app.request(send(method, path, body, headers)));
  const { job } = setup(db);
  const notices = job();

  const friday = await book(app, at("11-27", 9));
  let sent = 0;
  const newMail = async () => {
    const rows = await cleanerMail(db);
    const fresh = rows.slice(sent);
    sent = rows.length;
    return fresh;
  };

  await t.step("put on a job through the staff API: one e-mail, a REQUEST .ics at SEQUENCE 0", async () => {
    assert.equal((await call("PUT", `/api/admin/bookings/${friday._id}/cleaners`, { cleanerIds: [PRIYA._id] })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 1, runSheets: 0 });
    const [mail, ...more] = await newMail();
    assert.equal(more.length, 0);
    assert.equal(mail.kind, "cleaner-job-assigned");
    assert.equal(mail.to_address, PRIYA.email);
    assert.equal(mail.related_id, friday._id);
    assert.equal(mail.subject, "New job: Fri 27 Nov, 9:00 am – 12:00 pm, Fitzroy");
    assert.ok(mail.text_body.includes(`Reference: ${friday.reference}`));
    assert.ok(mail.text_body.includes("Customer: Ada\n"));
    assert.ok(mail.text_body.includes("Where: 4/12 Smith St, Fitzroy VIC 3065"));
    // No price, no last name, no contact of the customer.
    for (const text of [mail.text_body, mail.html_body]) assert.doesNotMatch(text, /\$|Lovelace|0498|@example\.com/);
    const ics = icsOf(mail);
    assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=REQUEST");
    assert.equal(ics.method, "REQUEST");
    assert.equal(ics.events.length, 1);
    const [event] = ics.events;
    assert.equal(event.uid, uid(friday._id, PRIYA._id));
    assert.equal(event.sequence, 0);
    assert.equal(event.start.toISOString(), new Date(at("11-27", 9)).toISOString());
    assert.equal(event.end.toISOString(), new Date(at("11-27", 12)).toISOString());
    assert.equal(event.props.get("ATTENDEE"), `MAILTO:${PRIYA.email}`);
    assert.equal(event.props.get("ORGANIZER"), "MAILTO:hello@yarrashine.com.au");
    assert.doesNotMatch(ics.raw, /\$|Lovelace/);
  });

  await t.step("a second run sends nothing; nor does a new job instance (a restart)", async () => {
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
    assert.deepEqual(await job().runOnce(), { notices: 0, runSheets: 0 });
    assert.equal((await newMail()).length, 0);
  });

  await t.step("the office moves the job: an updated .ics, same UID, SEQUENCE 1", async () => {
    const moved = await call("PATCH", `/api/admin/bookings/${friday._id}`, { startTimeISO: at("11-27", 11), notifyCustomer: false });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(await notices.runOnce(), { notices: 1, runSheets: 0 });
    const [mail, ...more] = await newMail();
    assert.equal(more.length, 0);
    assert.equal(mail.kind, "cleaner-job-updated");
    assert.equal(mail.subject, "Job changed: Fri 27 Nov, 11:00 am – 2:00 pm, Fitzroy");
    assert.ok(mail.text_body.includes("Was: Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT"), mail.text_body);
    const ics = icsOf(mail);
    assert.equal(ics.method, "REQUEST");
    assert.equal(ics.events[0].uid, uid(friday._id, PRIYA._id));
    assert.equal(ics.events[0].sequence, 1);
    assert.equal(ics.events[0].start.toISOString(), new Date(at("11-27", 11)).toISOString());
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("an edit that moves nothing the cleaner holds (the notes) sends nothing", async () => {
    assert.equal((await call("PATCH", `/api/admin/bookings/${friday._id}`, { notes: "Key under the mat.", notifyCustomer: false })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("the cleaner taken off: METHOD:CANCEL, same UID, SEQUENCE 2", async () => {
    assert.equal((await call("PUT", `/api/admin/bookings/${friday._id}/cleaners`, { cleanerIds: [] })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 1, runSheets: 0 });
    const [mail, ...more] = await newMail();
    assert.equal(more.length, 0);
    assert.equal(mail.kind, "cleaner-job-cancelled");
    assert.equal(mail.to_address, PRIYA.email);
    assert.equal(mail.subject, "Taken off a job: Fri 27 Nov, 11:00 am – 2:00 pm, Fitzroy");
    const ics = icsOf(mail);
    assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=CANCEL");
    assert.equal(ics.method, "CANCEL");
    assert.equal(ics.events[0].uid, uid(friday._id, PRIYA._id));
    assert.equal(ics.events[0].sequence, 2);
    assert.equal(ics.events[0].status, "CANCELLED");
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("put back on: a REQUEST above the CANCEL (SEQUENCE 3), so the calendar takes it back", async () => {
    assert.equal((await call("PUT", `/api/admin/bookings/${friday._id}/cleaners`, { cleanerIds: [PRIYA._id] })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 1, runSheets: 0 });
    const [mail] = await newMail();
    assert.equal(mail.kind, "cleaner-job-assigned");
    assert.equal(icsOf(mail).events[0].sequence, 3);
  });

  await t.step("the job cancelled: each of its cleaners gets a CANCEL", async () => {
    assert.equal((await call("PUT", `/api/admin/bookings/${friday._id}/cleaners`, { cleanerIds: [PRIYA._id, TOM._id] })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 1, runSheets: 0 });
    assert.equal(icsOf((await newMail())[0]).events[0].sequence, 0, "Tom's first notice of it");
    const cancelled = await call("PATCH", `/api/admin/bookings/${friday._id}/status`, { status: "CANCELLED" });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.deepEqual(await notices.runOnce(), { notices: 2, runSheets: 0 });
    const mails = await newMail();
    assert.deepEqual(mails.map((m) => [m.kind, m.to_address, m.subject]), [
      ["cleaner-job-cancelled", PRIYA.email, "Job cancelled: Fri 27 Nov, 11:00 am – 2:00 pm, Fitzroy"],
      ["cleaner-job-cancelled", TOM.email, "Job cancelled: Fri 27 Nov, 11:00 am – 2:00 pm, Fitzroy"],
    ]);
    assert.deepEqual(mails.map((m) => [icsOf(m).method, icsOf(m).events[0].uid, icsOf(m).events[0].sequence]), [
      ["CANCEL", uid(friday._id, PRIYA._id), 4],
      ["CANCEL", uid(friday._id, TOM._id), 1],
    ]);
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("a cleaner without an e-mail address is told nothing", async () => {
    const made = await call("POST", "/api/admin/cleaners", { name: "Ned Nomail" });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const saturday = await book(app, at("11-28", 9));
    assert.equal((await call("PUT", `/api/admin/bookings/${saturday._id}/cleaners`, { cleanerIds: [made.body._id] })).status, 200);
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cleaner_notices where cleaner_id = ${made.body._id}`;
    assert.equal(n, 0);
  });

  await t.step("two job runs at once (two pools, as two API processes): each e-mail queued once", async () => {
    const monday = await book(app, at("11-30", 9));
    const tuesday = await book(app, at("12-01", 9));
    for (const [id, cleanerIds] of [[monday._id, [SOFIA._id, TOM._id]], [tuesday._id, [PRIYA._id]]] as const) {
      assert.equal((await call("PUT", `/api/admin/bookings/${id}/cleaners`, { cleanerIds })).status, 200);
    }
    const other = await db.openAnother(4);
    try {
      const runs = await Promise.all([notices.runOnce(), job(other.sql).runOnce(), job().runOnce()]);
      assert.equal(runs.reduce((sum, run) => sum + run.notices, 0), 3, JSON.stringify(runs));
    } finally {
      await other.close();
    }
    const mails = await newMail();
    assert.deepEqual(mails.map((m) => [m.kind, m.to_address, m.related_id]).sort(), [
      ["cleaner-job-assigned", PRIYA.email, tuesday._id],
      ["cleaner-job-assigned", SOFIA.email, monday._id],
      ["cleaner-job-assigned", TOM.email, monday._id],
    ].sort());
    assert.deepEqual(await notices.runOnce(), { notices: 0, runSheets: 0 });
  });
});

describeApi("cleaners told: the first run after deploy skips started jobs; the run sheet at its hour, once", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: { now: () => NOW } });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, as = headers) => await json(await app.request(send(method, path, body, as)));
  const { job, setNow } = setup(db);

  // Friday 27: A 9-12 (Priya), B 2-5 (Tom). Saturday 28: C 9-12 (Priya), D 2-5 (Priya and Tom).
  const a = await book(app, at("11-27", 9));
  const b = await book(app, at("11-27", 14));
  const c = await book(app, at("11-28", 9));
  const d = await book(app, at("11-28", 14));
  for (const [booking, cleanerIds] of [[a, [PRIYA._id]], [b, [TOM._id]], [c, [PRIYA._id]], [d, [PRIYA._id, TOM._id]]] as const) {
    assert.equal((await call("PUT", `/api/admin/bookings/${booking._id}/cleaners`, { cleanerIds })).status, 200);
  }

  await t.step("first run, during job A: every future job is sent, A (started) is not", async () => {
    setNow(melbourneInstant("2026-11-27", 10));
    assert.deepEqual(await job().runOnce(), { notices: 4, runSheets: 0 });
    const mails = await cleanerMail(db);
    assert.deepEqual(mails.map((m) => [m.to_address, m.related_id]).sort(), [
      [PRIYA.email, c._id],
      [PRIYA.email, d._id],
      [TOM.email, b._id],
      [TOM.email, d._id],
    ].sort());
    assert.ok(mails.every((m) => m.kind === "cleaner-job-assigned" && icsOf(m).events[0].sequence === 0));
    assert.deepEqual(await job().runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("the run sheet is off by default", async () => {
    setNow(melbourneInstant("2026-11-27", 20));
    assert.deepEqual(await job().runOnce(), { notices: 0, runSheets: 0 });
  });

  await t.step("at 6 pm (the setting), each cleaner with jobs tomorrow gets them in order, once", async () => {
    assert.equal((await call("PUT", "/api/admin/settings/team-notices", { runSheetHour: 18 }, root.headers)).status, 200);
    setNow(melbourneInstant("2026-11-27", 17, 59));
    assert.deepEqual(await job().runOnce(), { notices: 0, runSheets: 0 });
    setNow(melbourneInstant("2026-11-27", 18));
    const other = await db.openAnother(4);
    try {
      const runs = await Promise.all([job().runOnce(), job(other.sql).runOnce()]);
      assert.equal(runs[0].runSheets + runs[1].runSheets, 2, JSON.stringify(runs));
    } finally {
      await other.close();
    }
    const sheets = (await cleanerMail(db)).filter((m) => m.kind === "cleaner-run-sheet");
    assert.deepEqual(sheets.map((m) => [m.to_address, m.subject]), [
      [PRIYA.email, "Your jobs tomorrow: Sat 28 Nov (2 jobs)"],
      [TOM.email, "Your jobs tomorrow: Sat 28 Nov (1 job)"],
    ]);
    const priya = sheets[0].text_body;
    const first = priya.indexOf(`1. 9:00 am – 12:00 pm`);
    const second = priya.indexOf(`2. 2:00 pm – 5:00 pm`);
    assert.ok(first > 0 && second > first, priya);
    assert.ok(priya.includes(`Reference: ${c.reference}`) && priya.includes(`Reference: ${d.reference}`));
    assert.ok(priya.includes("Where: 4/12 Smith St, Fitzroy VIC 3065") && priya.includes("Customer: Ada"));
    assert.doesNotMatch(priya + sheets[0].html_body, /\$|Lovelace/);
    setNow(melbourneInstant("2026-11-27", 21));
    assert.deepEqual(await job().runOnce(), { notices: 0, runSheets: 0 });
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cleaner_run_sheets where day = '2026-11-28'`;
    assert.equal(n, 2);
  });
});

describeApi("cleaners told: the setting's route (GET any staff, PUT superadmin, audited)", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: { now: () => NOW } });
  const staff = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const path = "/api/admin/settings/team-notices";
  const call = async (method: string, body: unknown, headers: Headers) => await json(await app.request(send(method, path, body, headers)));

  await t.step("any staff member reads it: off by default; no token is a 401", async () => {
    assert.deepEqual(await call("GET", undefined, staff.headers), { status: 200, body: { runSheetHour: null } });
    assert.equal((await app.request(send("GET", path, undefined, {}))).status, 401);
  });

  await t.step("an admin who is not a superadmin may not change it: 403", async () => {
    const { status, body } = await call("PUT", { runSheetHour: 18 }, staff.headers);
    assert.equal(status, 403);
    assert.equal(body.code, "FORBIDDEN");
  });

  await t.step("outside 0-23, not whole, or missing: 422 on runSheetHour", async () => {
    for (const runSheetHour of [24, -1, 17.5, "18", undefined]) {
      const { status, body } = await call("PUT", { runSheetHour }, root.headers);
      assert.equal(status, 422, `${runSheetHour}`);
      assert.deepEqual(body.fieldErrors.runSheetHour, [TEAM_NOTICE_MESSAGES.runSheetHour], `${runSheetHour}`);
    }
  });

  await t.step("a superadmin saves it (audited with before and after); null turns it off again", async () => {
    assert.deepEqual(await call("PUT", { runSheetHour: 18 }, root.headers), { status: 200, body: { runSheetHour: 18 } });
    assert.deepEqual(await call("GET", undefined, staff.headers), { status: 200, body: { runSheetHour: 18 } });
    assert.deepEqual(await call("PUT", { runSheetHour: 18 }, root.headers), { status: 200, body: { runSheetHour: 18 } });
    assert.deepEqual(await call("PUT", { runSheetHour: null }, root.headers), { status: 200, body: { runSheetHour: null } });
    const rows = await db.sql<{ admin_email: string; entity_id: string; before: unknown; after: unknown }[]>`
      select admin_email, entity_id, before, after from audit_log where action = 'settings.team_notices' order by id`;
    assert.deepEqual(rows.map((r) => [r.admin_email, r.entity_id, r.before, r.after]), [
      [root.admin.email, "team_notices", { runSheetHour: null }, { runSheetHour: 18 }],
      [root.admin.email, "team_notices", { runSheetHour: 18 }, { runSheetHour: null }],
    ], "a save that changes nothing leaves no row");
  });
});
