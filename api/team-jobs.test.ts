/**
 * Issue 31, part F, on PGlite and PostgreSQL through the real routes: a cleaner's own jobs (never
 * another's, nothing of money), On my way / Check in / Check out with a moved test clock (the
 * 2-hour window to the minute, the order, two taps at once, the customer's e-mail once, the
 * office's note e-mail), the schedule's marks and late flag, timesheets and their CSV, the booking
 * page's marks and audited corrections, the 422s, and the service checklist's round trip.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, json, type TestApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import { DEMO_CLEANERS, DEMO_SERVICE_CHECKLISTS, DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { describeOnTargets, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";

type Headers = Record<string, string>;

const SITE_URL = "https://yarrashine.test";
const [PRIYA, TOM, SOFIA] = ["Priya Sharma", "Tom Nguyen", "Sofia Russo"].map((name) => DEMO_CLEANERS.find((c) => c.name === name)!);
const PASSWORD = "Skylight-Ladder-Mop-42";

const send = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A Melbourne wall-clock time on Fri 27 Nov 2026 (or another day), as an instant. */
const friday = (hour: number, minute = 0, second = 0) => new Date(melbourneInstant("2026-11-27", hour, minute).getTime() + second * 1000);

/** Every key of a value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}
/** Every number in a value, however deep. */
function numbersOf(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(numbersOf);
}
const MONEY_OR_OTHERS = /price|amount|total|paid|payment|balance|discount|recurring|invoice|email|lastName|customerId/i;

interface Booked {
  _id: string;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  firstServiceTotal: number;
}

async function book(app: TestApp, startTimeISO: string, who: { firstName: string; lastName: string }): Promise<Booked> {
  const response = await app.request(post("/api/bookings", draft({
    startTimeISO,
    frequencyCode: "ONE_TIME",
    hours: 3,
    extras: [],
    ...who,
    email: `${who.firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@example.com`,
  })));
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json();
}

interface MailRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  related_id: string;
  reply_to: string | null;
}

const mails = (db: TestDatabase, kind: string) =>
  db.sql<MailRow[]>`select kind, to_address, subject, text_body, related_id, reply_to from email_outbox where kind = ${kind} order by created_at, id`;

describeOnTargets("the cleaners' own app: own jobs, taps, schedule marks, timesheets, corrections", async (t, db) => {
  await seedDemoData(db.sql);
  // Open every day with room for several jobs at once.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, closedWeekdays: [], maxConcurrentPerSlot: 5 });
  const clock = { at: NOW, now() { return this.at; } };
  const app = buildTestApp(db, { clock, mailSiteUrl: SITE_URL });
  // A second API process (on PostgreSQL its own pool) for the taps that race.
  const other = await db.openAnother(4);
  const app2 = buildTestApp(other, { clock, mailSiteUrl: SITE_URL });
  try {
    await steps(t, db, clock, app, app2);
  } finally {
    await other.close();
  }
});

async function steps(t: Deno.TestContext, db: TestDatabase, clock: { at: Date; now(): Date }, app: TestApp, app2: TestApp) {

  // Customers book on Sunday 22 Nov.
  const ada = await book(app, "2026-11-27T09:00:00+11:00", { firstName: "Ada", lastName: "Lovelace" });
  const grace = await book(app, "2026-11-27T09:00:00+11:00", { firstName: "Grace", lastName: "Hopper" });
  const nobody = await book(app, "2026-11-27T09:00:00+11:00", { firstName: "Hedy", lastName: "Lamarr" });
  const afternoon = await book(app, "2026-11-27T13:00:00+11:00", { firstName: "Ada", lastName: "Byron" });
  const saturday = await book(app, "2026-11-28T09:00:00+11:00", { firstName: "Mary", lastName: "Somerville" });

  // Friday 27 Nov, 6:00 am Melbourne: the office puts the team on the jobs and gives two of them a login.
  clock.at = friday(6);
  const office = await adminSession(db, "admin", "office@yarrashine.com.au", clock.at);
  const staff = async (method: string, path: string, body?: unknown) => await json(await app.request(send(method, path, body, office.headers)));
  for (const [job, cleaners] of [[ada, [PRIYA, TOM]], [grace, [SOFIA]], [afternoon, [PRIYA]], [saturday, [PRIYA]]] as const) {
    const assigned = await staff("PUT", `/api/admin/bookings/${job._id}/cleaners`, { cleanerIds: cleaners.map((c) => c._id) });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
  }
  const loginOf = async (cleaner: typeof PRIYA, email: string): Promise<Headers> => {
    const created = await staff("POST", `/api/admin/cleaners/${cleaner._id}/account`, { email, password: PASSWORD });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const login = await json(await app.request(post("/api/auth/login", { email, password: PASSWORD })));
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return { authorization: `Bearer ${login.body.token}` };
  };
  const priya = await loginOf(PRIYA, "priya@yarrashine.com.au");
  const tom = await loginOf(TOM, "tom@yarrashine.com.au");
  const call = async (who: Headers, method: string, path: string, body?: unknown, on: TestApp = app) =>
    await json(await on.request(send(method, path, body, who)));
  const tap = (who: Headers, job: { _id: string }, action: "on-my-way" | "check-in" | "check-out", body?: unknown, on?: TestApp) =>
    call(who, "POST", `/api/team/jobs/${job._id}/${action}`, action === "on-my-way" ? undefined : body ?? {}, on);

  await t.step("a cleaner sees their own jobs only, today and the next 7 days by default, by start", async () => {
    const mine = await call(priya, "GET", "/api/team/jobs");
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.items.map((job: { reference: string }) => job.reference), [ada.reference, afternoon.reference, saturday.reference]);
    const toms = await call(tom, "GET", "/api/team/jobs");
    assert.deepEqual(toms.body.items.map((job: { _id: string }) => job._id), [ada._id]);
    const saturdayOnly = await call(priya, "GET", "/api/team/jobs?from=2026-11-28&to=2026-11-28");
    assert.deepEqual(saturdayOnly.body.items.map((job: { _id: string }) => job._id), [saturday._id]);
    const lastWeek = await call(priya, "GET", "/api/team/jobs?from=2026-11-16&to=2026-11-26");
    assert.deepEqual(lastWeek.body.items, []);

    const job = mine.body.items[0];
    assert.deepEqual(
      [job.status, job.startTime, job.endTime, job.serviceName, job.sizeLabel, job.customerFirstName, job.customerPhone],
      ["PENDING", "2026-11-26T22:00:00.000Z", "2026-11-27T01:00:00.000Z", "Hourly Cleaning", "3 hours", "Ada", "0412345678"],
    );
    assert.deepEqual(job.address, { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" });
    assert.equal(job.mapUrl, "https://www.google.com/maps/search/?api=1&query=4%2F12%20Smith%20St%2C%20Fitzroy%20VIC%203065");
    assert.equal(job.access.length, 1);
    assert.equal(job.notes, "Side gate is unlocked.");
    assert.deepEqual(job.otherCleaners, ["Tom Nguyen"]);
    assert.deepEqual(toms.body.items[0].otherCleaners, ["Priya Sharma"]);
    assert.deepEqual(job.checklist, DEMO_SERVICE_CHECKLISTS[DEMO_SERVICE_IDS.hourly]);
    assert.deepEqual([job.onMyWayAt, job.checkInAt, job.checkOutAt, job.checkOutNote], [null, null, null, ""]);
  });

  await t.step("nothing of money, payments or other customers in a cleaner's answer", async () => {
    const { body } = await call(priya, "GET", "/api/team/jobs");
    assert.deepEqual(keysOf(body).filter((key) => MONEY_OR_OTHERS.test(key)), []);
    const text = JSON.stringify(body);
    for (const secret of [ada.email, ada.lastName, grace.firstName, grace.reference, nobody.reference]) {
      assert.ok(!text.includes(secret), `${secret} must not reach a cleaner`);
    }
    // The only numbers a cleaner gets are add-on quantities (none here): no price under another name.
    assert.deepEqual(numbersOf(body), []);
  });

  await t.step("another cleaner's job, an unknown or malformed id: 404 JOB_NOT_FOUND; the office and strangers are refused", async () => {
    for (const id of [grace._id, nobody._id, crypto.randomUUID(), "nope"]) {
      for (const action of ["on-my-way", "check-in", "check-out"] as const) {
        const refused = await tap(priya, { _id: id }, action);
        assert.deepEqual(refused, { status: 404, body: { error: "We couldn’t find that job.", code: "JOB_NOT_FOUND" } }, `${action} ${id}`);
      }
    }
    assert.equal((await call(office.headers, "GET", "/api/team/jobs")).body.code, "FORBIDDEN");
    assert.equal((await call(office.headers, "POST", `/api/team/jobs/${ada._id}/check-in`, {})).status, 403);
    assert.equal((await call({}, "GET", "/api/team/jobs")).status, 401);
    // And the cleaner reaches nothing of the office's.
    assert.equal((await call(priya, "GET", "/api/admin/timesheets?from=2026-11-23&to=2026-11-29")).status, 403);
    assert.equal((await call(priya, "GET", `/api/admin/bookings/${ada._id}/attendance`)).status, 403);
    const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from job_attendance`;
    assert.equal(count, 0, "refused taps leave no row");
  });

  await t.step("check-in opens 2 hours before the start: 409 TOO_EARLY a minute before, 200 on the dot", async () => {
    clock.at = friday(6, 59);
    const early = await tap(priya, ada, "check-in");
    assert.deepEqual(early, { status: 409, body: { error: "Check-in opens 2 hours before the job starts.", code: "TOO_EARLY" } });
    assert.equal((await tap(priya, ada, "on-my-way")).body.code, "TOO_EARLY");

    clock.at = friday(7);
    const onTheWay = await tap(priya, ada, "on-my-way");
    assert.equal(onTheWay.status, 200, JSON.stringify(onTheWay.body));
    assert.equal(onTheWay.body.onMyWayAt, friday(7).toISOString());
    const again = await tap(priya, ada, "on-my-way");
    assert.equal(again.status, 200);
    assert.equal(again.body.onMyWayAt, friday(7).toISOString());

    assert.equal((await tap(priya, ada, "check-out")).body.code, "NOT_CHECKED_IN");
    const checkedIn = await tap(priya, ada, "check-in", { note: "Side gate was locked, used the lockbox", lat: -37.7989, lng: 144.9784 });
    assert.equal(checkedIn.status, 200, JSON.stringify(checkedIn.body));
    assert.equal(checkedIn.body.checkInAt, friday(7).toISOString());
    assert.deepEqual(await tap(priya, ada, "check-in"), { status: 409, body: { error: "You’ve already checked in to this job.", code: "ALREADY_CHECKED_IN" } });
    assert.equal((await tap(priya, ada, "on-my-way")).body.code, "ALREADY_CHECKED_IN");
  });

  await t.step("the customer is e-mailed once that the cleaner is on the way", async () => {
    const sent = await mails(db, "cleaner-on-the-way");
    assert.equal(sent.length, 1);
    assert.deepEqual([sent[0].to_address, sent[0].subject, sent[0].related_id], [ada.email, "Priya from Yarra Shine Cleaning is on the way", ada._id]);
    assert.ok(sent[0].text_body.includes("Hi Ada,"));
    assert.ok(!sent[0].text_body.includes("Sharma"));
    const audit = await db.sql<{ action: string; admin_email: string; entity_id: string }[]>`
      select action, admin_email, entity_id from audit_log where action like 'job.%' order by id`;
    assert.deepEqual(audit.map((row) => [row.action, row.admin_email, row.entity_id]), [
      ["job.on_my_way", "priya@yarrashine.com.au", ada._id],
      ["job.check_in", "priya@yarrashine.com.au", ada._id],
    ]);
  });

  await t.step("two check-ins at once (two API processes): exactly one checks in", async () => {
    clock.at = friday(8, 50);
    const answers = await Promise.all([tap(tom, ada, "check-in", {}, app), tap(tom, ada, "check-in", {}, app2)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    assert.equal(answers.find((a) => a.status === 409)!.body.code, "ALREADY_CHECKED_IN");
    const rows = await db.sql<{ check_in_at: Date }[]>`
      select check_in_at from job_attendance where booking_id = ${ada._id} and cleaner_id = ${TOM._id}`;
    assert.equal(rows.length, 1);
    assert.equal(new Date(rows[0].check_in_at).toISOString(), friday(8, 50).toISOString());
    const [{ count }] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from audit_log where action = 'job.check_in' and admin_email = 'tom@yarrashine.com.au'`;
    assert.equal(count, 1);
  });

  await t.step("the schedule marks who arrived, and flags a job no one has arrived at 30 minutes after its start", async () => {
    const jobsAt = async (at: Date) => {
      clock.at = at;
      const { status, body } = await staff("GET", "/api/admin/schedule?from=2026-11-27&to=2026-11-27");
      assert.equal(status, 200, JSON.stringify(body));
      return new Map<string, { late: boolean; attendance: { cleanerId: string; onMyWayAt: string | null; checkInAt: string | null; checkOutAt: string | null }[] }>(
        body.jobs.map((job: { _id: string }) => [job._id, job]),
      );
    };
    const onTheDot = await jobsAt(friday(9, 30));
    assert.equal(onTheDot.get(grace._id)!.late, false, "30 minutes after the start is not yet late");
    const later = await jobsAt(friday(9, 31));
    assert.equal(later.get(grace._id)!.late, true, "Sofia has not checked in");
    assert.equal(later.get(ada._id)!.late, false, "Priya and Tom have");
    assert.equal(later.get(nobody._id)!.late, false, "a job with no cleaners has no one to be late");
    assert.equal(later.get(afternoon._id)!.late, false, "not started yet");
    assert.deepEqual(later.get(ada._id)!.attendance, [
      { cleanerId: PRIYA._id, onMyWayAt: friday(7).toISOString(), checkInAt: friday(7).toISOString(), checkOutAt: null },
      { cleanerId: TOM._id, onMyWayAt: null, checkInAt: friday(8, 50).toISOString(), checkOutAt: null },
    ]);
    assert.deepEqual(later.get(grace._id)!.attendance, [{ cleanerId: SOFIA._id, onMyWayAt: null, checkInAt: null, checkOutAt: null }]);
    assert.deepEqual(later.get(nobody._id)!.attendance, []);
  });

  await t.step("check-out: once; a note reaches the office by e-mail and the booking page", async () => {
    clock.at = friday(11, 58);
    const tomOut = await tap(tom, ada, "check-out", {});
    assert.equal(tomOut.status, 200);
    assert.equal(tomOut.body.checkOutAt, friday(11, 58).toISOString());
    assert.equal((await mails(db, "cleaner-job-note")).length, 0, "no note, no e-mail");

    clock.at = friday(12, 3);
    const out = await tap(priya, ada, "check-out", { note: "  Oven door seal is torn; told Ada.  ", lat: -37.7989, lng: 144.9784 });
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.deepEqual([out.body.checkOutAt, out.body.checkOutNote], [friday(12, 3).toISOString(), "Oven door seal is torn; told Ada."]);
    assert.deepEqual(await tap(priya, ada, "check-out", {}), {
      status: 409,
      body: { error: "You’ve already checked out of this job.", code: "ALREADY_CHECKED_OUT" },
    });
    const notes = await mails(db, "cleaner-job-note");
    assert.equal(notes.length, 1);
    assert.deepEqual([notes[0].to_address, notes[0].reply_to, notes[0].subject], [
      "bookings@yarrashine.com.au",
      "priya@yarrashine.com.au",
      `Note from Priya Sharma — ${ada.reference}, Fitzroy`,
    ]);
    assert.ok(notes[0].text_body.includes("Oven door seal is torn; told Ada."));
    assert.ok(notes[0].text_body.includes(`${SITE_URL}/admin/bookings/${ada._id}`));

    const attendance = await staff("GET", `/api/admin/bookings/${ada._id}/attendance`);
    assert.equal(attendance.status, 200);
    assert.deepEqual(attendance.body.items, [
      {
        cleanerId: PRIYA._id,
        name: "Priya Sharma",
        onMyWayAt: friday(7).toISOString(),
        checkInAt: friday(7).toISOString(),
        checkOutAt: friday(12, 3).toISOString(),
        checkInNote: "Side gate was locked, used the lockbox",
        checkOutNote: "Oven door seal is torn; told Ada.",
        checkInLat: -37.7989,
        checkInLng: 144.9784,
        checkOutLat: -37.7989,
        checkOutLng: 144.9784,
        correctedBy: null,
        correctedAt: null,
      },
      {
        cleanerId: TOM._id,
        name: "Tom Nguyen",
        onMyWayAt: null,
        checkInAt: friday(8, 50).toISOString(),
        checkOutAt: friday(11, 58).toISOString(),
        checkInNote: "",
        checkOutNote: "",
        checkInLat: null,
        checkInLng: null,
        checkOutLat: null,
        checkOutLng: null,
        correctedBy: null,
        correctedAt: null,
      },
    ]);
    // A job no one has marked lists its cleaners with nulls; a job with none lists nobody.
    assert.deepEqual((await staff("GET", `/api/admin/bookings/${grace._id}/attendance`)).body.items.map((i: { name: string; checkInAt: null }) => [i.name, i.checkInAt]), [["Sofia Russo", null]]);
    assert.deepEqual((await staff("GET", `/api/admin/bookings/${nobody._id}/attendance`)).body.items, []);
    assert.equal((await staff("GET", `/api/admin/bookings/${crypto.randomUUID()}/attendance`)).body.code, "BOOKING_NOT_FOUND");
  });

  await t.step("two On my way taps at once: both answered, the customer e-mailed once", async () => {
    clock.at = friday(12, 30);
    const answers = await Promise.all([tap(priya, afternoon, "on-my-way", undefined, app), tap(priya, afternoon, "on-my-way", undefined, app2)]);
    assert.deepEqual(answers.map((a) => [a.status, a.body.onMyWayAt]), [[200, friday(12, 30).toISOString()], [200, friday(12, 30).toISOString()]]);
    const sent = (await mails(db, "cleaner-on-the-way")).filter((mail) => mail.related_id === afternoon._id);
    assert.equal(sent.length, 1);
  });

  await t.step("a late check-in and a cancelled job", async () => {
    clock.at = friday(13, 7);
    assert.equal((await tap(priya, afternoon, "check-in")).status, 200);
    clock.at = friday(15, 59, 30);
    assert.equal((await tap(priya, afternoon, "check-out")).status, 200);

    clock.at = friday(16);
    assert.equal((await staff("PATCH", `/api/admin/bookings/${saturday._id}/status`, { status: "CANCELLED" })).status, 200);
    assert.deepEqual(await tap(priya, saturday, "check-in"), {
      status: 409,
      body: { error: "This job has been cancelled or is waiting for a new time, so it can’t be marked.", code: "JOB_NOT_ACTIVE" },
    });
    assert.equal((await tap(priya, saturday, "on-my-way")).body.code, "JOB_NOT_ACTIVE");
    const mine = await call(priya, "GET", "/api/team/jobs");
    assert.deepEqual(mine.body.items.map((job: { _id: string }) => job._id), [ada._id, afternoon._id], "a cancelled job leaves the list");
  });

  await t.step("timesheets: jobs, scheduled and worked minutes, late check-ins, per cleaner by name", async () => {
    const { status, body } = await staff("GET", "/api/admin/timesheets?from=2026-11-23&to=2026-11-29");
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.items.map((s: { name: string; jobs: number; scheduledMinutes: number; workedMinutes: number; late: number }) => [s.name, s.jobs, s.scheduledMinutes, s.workedMinutes, s.late]), [
      // 7:00 to 12:03 is 303 minutes; 13:07 to 15:59:30, 172 whole minutes (and 7 minutes late).
      ["Priya Sharma", 2, 360, 303 + 172, 1],
      ["Sofia Russo", 1, 180, 0, 0],
      // 8:50 to 11:58.
      ["Tom Nguyen", 1, 180, 188, 0],
    ]);
    const priyaSheet = body.items[0];
    assert.deepEqual(priyaSheet.entries, [
      { bookingId: ada._id, reference: ada.reference, start: friday(9).toISOString(), end: friday(12).toISOString(), checkIn: friday(7).toISOString(), checkOut: friday(12, 3).toISOString() },
      {
        bookingId: afternoon._id,
        reference: afternoon.reference,
        start: friday(13).toISOString(),
        end: friday(16).toISOString(),
        checkIn: friday(13, 7).toISOString(),
        checkOut: friday(15, 59, 30).toISOString(),
      },
    ]);
    // workedMinutes is the sum of each entry's whole minutes.
    for (const sheet of body.items) {
      const sum = sheet.entries.reduce((total: number, e: { checkIn: string | null; checkOut: string | null }) =>
        total + (e.checkIn && e.checkOut ? Math.floor((Date.parse(e.checkOut) - Date.parse(e.checkIn)) / 60_000) : 0), 0);
      assert.equal(sheet.workedMinutes, sum);
    }
    // Another week: nobody.
    assert.deepEqual((await staff("GET", "/api/admin/timesheets?from=2026-11-30&to=2026-12-06")).body, { items: [] });
  });

  await t.step("the timesheets' CSV for payroll", async () => {
    const response = await app.request(send("GET", "/api/admin/timesheets.csv?from=2026-11-23&to=2026-11-29", undefined, office.headers));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), 'attachment; filename="timesheets-2026-11-23-to-2026-11-29.csv"');
    assert.equal(response.headers.get("cache-control"), "no-store");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    assert.deepEqual(lines, [
      "cleaner,date,reference,start,end,checkIn,checkOut,scheduledMinutes,workedMinutes,workedHours,late",
      `Priya Sharma,2026-11-27,${ada.reference},2026-11-27 09:00,2026-11-27 12:00,2026-11-27 07:00,2026-11-27 12:03,180,303,5.05,`,
      `Priya Sharma,2026-11-27,${afternoon.reference},2026-11-27 13:00,2026-11-27 16:00,2026-11-27 13:07,2026-11-27 15:59,180,172,2.87,yes`,
      "Priya Sharma,,Total (2 jobs),,,,,360,475,7.92,1",
      `Sofia Russo,2026-11-27,${grace.reference},2026-11-27 09:00,2026-11-27 12:00,,,180,0,0.00,`,
      "Sofia Russo,,Total (1 job),,,,,180,0,0.00,0",
      `Tom Nguyen,2026-11-27,${ada.reference},2026-11-27 09:00,2026-11-27 12:00,2026-11-27 08:50,2026-11-27 11:58,180,188,3.13,`,
      "Tom Nguyen,,Total (1 job),,,,,180,188,3.13,0",
    ]);
  });

  await t.step("the office corrects a time: audited before and after, and the timesheet follows", async () => {
    const path = `/api/admin/bookings/${ada._id}/attendance/${TOM._id}`;
    const corrected = await staff("PATCH", path, { checkInAt: "2026-11-27T08:45:00+11:00" });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
    assert.deepEqual([corrected.body.checkInAt, corrected.body.checkOutAt, corrected.body.correctedBy, corrected.body.correctedAt], [
      friday(8, 45).toISOString(),
      friday(11, 58).toISOString(),
      office.admin.name,
      friday(16).toISOString(),
    ]);
    const [row] = await db.sql<{ admin_email: string; entity: string; entity_id: string; before: unknown; after: unknown }[]>`
      select admin_email, entity, entity_id, before, after from audit_log where action = 'job.attendance_correct'`;
    assert.deepEqual(row, {
      admin_email: "office@yarrashine.com.au",
      entity: "booking",
      entity_id: ada._id,
      before: { cleanerId: TOM._id, cleanerName: "Tom Nguyen", checkInAt: friday(8, 50).toISOString(), checkOutAt: friday(11, 58).toISOString() },
      after: { cleanerId: TOM._id, cleanerName: "Tom Nguyen", checkInAt: friday(8, 45).toISOString(), checkOutAt: friday(11, 58).toISOString() },
    });
    // The same times again change nothing and write no row.
    assert.equal((await staff("PATCH", path, { checkInAt: "2026-11-27T08:45:00+11:00" })).status, 200);
    const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from audit_log where action = 'job.attendance_correct'`;
    assert.equal(count, 1);
    const sheets = (await staff("GET", "/api/admin/timesheets?from=2026-11-27&to=2026-11-27")).body.items;
    assert.equal(sheets.find((s: { name: string }) => s.name === "Tom Nguyen").workedMinutes, 193);
    // The office can record a time for someone who never tapped.
    const sofia = await staff("PATCH", `/api/admin/bookings/${grace._id}/attendance/${SOFIA._id}`, {
      checkInAt: "2026-11-27T09:40:00+11:00",
      checkOutAt: "2026-11-27T12:40:00+11:00",
    });
    assert.equal(sofia.status, 200);
    assert.deepEqual([sofia.body.checkInAt, sofia.body.checkOutAt], [friday(9, 40).toISOString(), friday(12, 40).toISOString()]);
  });

  await t.step("corrections refused: out before in, in the future, nothing sent, not on the job, unknown job", async () => {
    const path = `/api/admin/bookings/${ada._id}/attendance/${TOM._id}`;
    const before = (await staff("GET", `/api/admin/bookings/${ada._id}/attendance`)).body;
    assert.deepEqual(await staff("PATCH", path, { checkOutAt: "2026-11-27T08:00:00+11:00" }), {
      status: 422,
      body: { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { checkOutAt: ["Check-out must be after check-in."] } },
    });
    assert.deepEqual((await staff("PATCH", path, { checkInAt: "2026-11-27T16:01:00+11:00", checkOutAt: null })).body.fieldErrors, {
      checkInAt: ["Times can’t be in the future."],
    });
    assert.deepEqual((await staff("PATCH", path, { checkInAt: null })).body.fieldErrors, { checkOutAt: ["Add the check-in time first."] });
    assert.deepEqual((await staff("PATCH", path, {})).body.fieldErrors, { checkInAt: ["Send checkInAt or checkOutAt."] });
    assert.deepEqual((await staff("PATCH", path, { checkInAt: "27/11/2026 8:45" })).body.fieldErrors, {
      checkInAt: ["Use a date and time with its offset, e.g. 2026-11-28T09:00:00+11:00."],
    });
    assert.deepEqual(await staff("PATCH", `/api/admin/bookings/${ada._id}/attendance/${SOFIA._id}`, { checkInAt: "2026-11-27T09:00:00+11:00" }), {
      status: 404,
      body: { error: "That cleaner isn’t on this job.", code: "CLEANER_NOT_ON_JOB" },
    });
    assert.equal((await staff("PATCH", `/api/admin/bookings/${crypto.randomUUID()}/attendance/${TOM._id}`, { checkInAt: null })).body.code, "BOOKING_NOT_FOUND");
    assert.deepEqual((await staff("GET", `/api/admin/bookings/${ada._id}/attendance`)).body, before, "refused corrections change nothing");
  });

  await t.step("the team calls' 422s", async () => {
    const fields = async (who: Headers, method: string, path: string, body?: unknown) => {
      const answer = await call(who, method, path, body);
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      return answer.body.fieldErrors;
    };
    assert.deepEqual(await fields(priya, "GET", "/api/team/jobs?from=2026-11-27"), { to: ["Send both from and to, or neither."] });
    assert.deepEqual(await fields(priya, "GET", "/api/team/jobs?from=2026-11-27&to=2026-12-28"), { to: ["Ask for at most 31 days at a time."] });
    assert.deepEqual(await fields(priya, "GET", "/api/team/jobs?from=27-11-2026&to=2026-12-01"), { from: ["Use a date written YYYY-MM-DD."] });
    assert.deepEqual(await fields(priya, "POST", `/api/team/jobs/${afternoon._id}/check-out`, { lat: 100, lng: 0 }), { lat: ["Latitude must be a number from -90 to 90."] });
    assert.deepEqual(await fields(priya, "POST", `/api/team/jobs/${afternoon._id}/check-out`, { lng: 144.9 }), { lat: ["Send latitude and longitude together."] });
    assert.deepEqual(await fields(priya, "POST", `/api/team/jobs/${afternoon._id}/check-out`, { note: "x".repeat(1001) }), {
      note: ["Keep the note to 1,000 characters or fewer."],
    });
    assert.deepEqual(await fields(office.headers, "GET", "/api/admin/timesheets?from=2026-11-01&to=2027-01-02"), { to: ["Ask for at most 62 days at a time."] });
    assert.deepEqual(await fields(office.headers, "GET", "/api/admin/timesheets.csv?from=2026-11-02&to=2026-11-01"), { to: ["The end date must be on or after the start date."] });
  });

  await t.step("a service's checklist round-trips through the staff calls, never the public catalogue", async () => {
    const created = await staff("POST", "/api/admin/services", { name: "Window Clean", slug: "window-clean", checklist: [" Inside glass ", "", "Tracks and sills"] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.checklist, ["Inside glass", "Tracks and sills"]);
    assert.deepEqual((await staff("GET", `/api/admin/services/${created.body._id}`)).body.checklist, ["Inside glass", "Tracks and sills"]);
    const updated = await staff("PUT", `/api/admin/services/${created.body._id}`, { checklist: ["Screens", "Inside glass"] });
    assert.deepEqual(updated.body.checklist, ["Screens", "Inside glass"]);
    // Other fields' edits keep it.
    assert.deepEqual((await staff("PUT", `/api/admin/services/${created.body._id}`, { description: "Sparkling" })).body.checklist, ["Screens", "Inside glass"]);
    const listed = (await staff("GET", "/api/admin/services")).body.items;
    assert.deepEqual(listed.find((s: { _id: string }) => s._id === DEMO_SERVICE_IDS.regular).checklist, DEMO_SERVICE_CHECKLISTS[DEMO_SERVICE_IDS.regular]);
    assert.equal((await staff("POST", "/api/admin/services", { name: "Plain", slug: "plain" })).body.checklist.length, 0);
    // The public catalogue's answer is as it was.
    for (const path of [`/api/services/${created.body._id}`, "/api/services"]) {
      const text = await (await app.request(path)).text();
      assert.ok(!text.includes("checklist") && !text.includes("Screens"), path);
    }
    const tooMany = await staff("PUT", `/api/admin/services/${created.body._id}`, { checklist: Array.from({ length: 31 }, (_, i) => `Line ${i}`) });
    assert.deepEqual([tooMany.status, tooMany.body.fieldErrors], [422, { checklist: ["A checklist can have at most 30 lines"] }]);
    const tooLong = await staff("POST", "/api/admin/services", { name: "Long", slug: "long", checklist: ["x".repeat(121)] });
    assert.deepEqual([tooLong.status, tooLong.body.fieldErrors], [422, { "checklist.0": ["Each checklist line must be 120 characters or fewer"] }]);
  });
}
