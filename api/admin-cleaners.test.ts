/**
 * The team and who cleans which job (issue 16), through the API on PGlite and PostgreSQL: the
 * cleaners' calls with their validation and audit rows, and assignment with its one rule about
 * time, including 20 simultaneous assignments of one cleaner on two API instances.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { CLEANER_MESSAGES } from "../core/cleaners/schemas.ts";
import { CLEANER_PALETTE } from "../core/cleaners/rules.ts";
import { DRAFT_MESSAGES } from "../core/booking/draft/validation.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;

const request = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const [LIAM, PRIYA, SOFIA, TOM] = ["Liam O’Connor", "Priya Sharma", "Sofia Russo", "Tom Nguyen"]
  .map((name) => DEMO_CLEANERS.find((c) => c.name === name)!._id);

const auditRows = async (db: TestDatabase, action: string, entityId: string) => [
  ...await db.sql<{ admin_email: string; entity: string; before: unknown; after: unknown }[]>`
    select admin_email, entity, before, after from audit_log where action = ${action} and entity_id = ${entityId} order by id`,
];

/** A booking through the public form: `hours` long from `start` (no add-ons, so no added minutes). */
async function book(app: TestApp, start: string, hours = 3, overrides: Record<string, unknown> = {}): Promise<{ _id: string; reference: string }> {
  const response = await app.request(post("/api/bookings", draft({ startTimeISO: start, hours, extras: [], email: `c${crypto.randomUUID().slice(0, 6)}@example.com`, ...overrides })));
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json();
}

describeApi("staff: the team's calls, validated and audited", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { admin, headers } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown) => await json(await app.request(request(method, path, body, headers)));

  await t.step("the demo team, by name; each in a palette colour of their own", async () => {
    const { status, body } = await call("GET", "/api/admin/cleaners");
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((c: { name: string }) => c.name), ["Liam O’Connor", "Priya Sharma", "Sofia Russo", "Tom Nguyen"]);
    assert.deepEqual(new Set(body.items.map((c: { colour: string }) => c.colour)).size, 4);
    assert.deepEqual(Object.keys(body.items[0]).sort(), [
      "_id", "active", "colour", "createdAt", "email", "name", "phone", "timeOff", "workingHours", "workingHoursSet",
    ]);
  });

  let ava = "";
  await t.step("POST: 201, phone kept as digits, the next free palette colour, audited as cleaner.create", async () => {
    const { status, body } = await call("POST", "/api/admin/cleaners", { name: " Ava Chen ", phone: "+61 3 9123 4567", email: "ava@yarrashine.com.au" });
    assert.equal(status, 201, JSON.stringify(body));
    ava = body._id;
    assert.deepEqual({ ...body, _id: "", createdAt: "" }, {
      _id: "",
      name: "Ava Chen",
      phone: "0391234567",
      email: "ava@yarrashine.com.au",
      colour: CLEANER_PALETTE[4],
      active: true,
      createdAt: "",
      // Issue 28: the business's default week (Monday to Saturday, 8 to 6) until staff set one.
      workingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "18:00" })),
      workingHoursSet: false,
      timeOff: [],
    });
    assert.equal(body.createdAt, NOW.toISOString());
    const [row] = await auditRows(db, "cleaner.create", ava);
    assert.equal(row.admin_email, admin.email);
    assert.equal(row.entity, "cleaner");
    assert.equal(row.before, null);
    assert.deepEqual((row.after as { name: string }).name, "Ava Chen");
  });

  await t.step("POST with bad fields: 422 naming each, nothing stored", async () => {
    const { status, body } = await call("POST", "/api/admin/cleaners", { name: "", phone: "555", email: "ava@", colour: "blue" });
    assert.equal(status, 422);
    assert.deepEqual(body, {
      error: "Please fix the highlighted fields, then try again.",
      code: "VALIDATION_FAILED",
      fieldErrors: {
        name: [CLEANER_MESSAGES.nameRequired],
        phone: [DRAFT_MESSAGES.phone],
        email: [DRAFT_MESSAGES.email],
        colour: [CLEANER_MESSAGES.colour],
      },
    });
    const long = await call("POST", "/api/admin/cleaners", { name: "x".repeat(101) });
    assert.deepEqual(long.body.fieldErrors, { name: ["Name must be 100 characters or fewer"] });
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cleaners`;
    assert.equal(n, 5);
  });

  await t.step("PATCH: only what changed is written and audited; the same values again write nothing", async () => {
    const { status, body } = await call("PATCH", `/api/admin/cleaners/${ava}`, { phone: "0412 000 111", colour: "#0E7490", name: "Ava Chen" });
    assert.equal(status, 200);
    assert.deepEqual([body.phone, body.colour, body.name], ["0412000111", "#0e7490", "Ava Chen"]);
    assert.deepEqual((await auditRows(db, "cleaner.update", ava)).map((r) => [r.before, r.after]), [
      [{ phone: "0391234567", colour: CLEANER_PALETTE[4] }, { phone: "0412000111", colour: "#0e7490" }],
    ]);
    assert.equal((await call("PATCH", `/api/admin/cleaners/${ava}`, { phone: "0412000111" })).status, 200);
    assert.equal((await call("PATCH", `/api/admin/cleaners/${ava}`, {})).status, 200);
    assert.equal((await auditRows(db, "cleaner.update", ava)).length, 1);
  });

  await t.step("PATCH with bad fields: 422; unknown or malformed ids: 404 CLEANER_NOT_FOUND", async () => {
    const bad = await call("PATCH", `/api/admin/cleaners/${ava}`, { name: " ", active: "no" });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fieldErrors, { name: [CLEANER_MESSAGES.nameRequired], active: [CLEANER_MESSAGES.active] });
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const missing = await call("PATCH", `/api/admin/cleaners/${id}`, { name: "Someone" });
      assert.deepEqual([missing.status, missing.body], [404, { error: "Cleaner not found.", code: "CLEANER_NOT_FOUND" }]);
      assert.equal((await call("DELETE", `/api/admin/cleaners/${id}`)).status, 404);
    }
  });

  await t.step("DELETE deactivates: kept, listed only with includeInactive, audited; PATCH active brings them back", async () => {
    const { status, body } = await call("DELETE", `/api/admin/cleaners/${ava}`);
    assert.equal(status, 200);
    assert.equal(body.active, false);
    assert.equal((await call("DELETE", `/api/admin/cleaners/${ava}`)).status, 200, "deactivating again is no error");
    assert.deepEqual((await auditRows(db, "cleaner.deactivate", ava)).map((r) => [r.before, r.after]), [[{ active: true }, { active: false }]]);
    const names = async (query = "") => (await call("GET", `/api/admin/cleaners${query}`)).body.items.map((c: { name: string }) => c.name);
    assert.ok(!(await names()).includes("Ava Chen"));
    assert.ok((await names("?includeInactive=true")).includes("Ava Chen"));
    assert.equal((await call("GET", "/api/admin/cleaners?includeInactive=maybe")).status, 422);
    const back = await call("PATCH", `/api/admin/cleaners/${ava}`, { active: true });
    assert.equal(back.body.active, true);
    assert.deepEqual((await auditRows(db, "cleaner.update", ava)).at(-1)?.after, { active: true });
  });

  await t.step("the team's calls are for signed-in staff only", async () => {
    assert.equal((await app.request(request("GET", "/api/admin/cleaners", undefined, {}))).status, 401);
    assert.equal((await app.request(request("POST", "/api/admin/cleaners", { name: "X" }, {}))).status, 401);
  });
});

describeApi("staff: putting cleaners on jobs, one job at a time each", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { admin, headers } = await adminSession(db, "admin", undefined, NOW);
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 30 });
  const assign = async (id: string, cleanerIds: unknown, on: TestApp = app) =>
    await json(await on.request(request("PUT", `/api/admin/bookings/${id}/cleaners`, { cleanerIds }, headers)));
  const setStatus = async (id: string, status: string) =>
    await json(await app.request(request("PATCH", `/api/admin/bookings/${id}/status`, { status }, headers)));

  // Monday 30 Nov 2026 (AEDT): 9 to 12, 12 to 2, and 10 to 1.
  const nine = await book(app, "2026-11-30T09:00:00+11:00", 3);
  const noon = await book(app, "2026-11-30T12:00:00+11:00", 2);
  const ten = await book(app, "2026-11-30T10:00:00+11:00", 3);

  await t.step("PUT: 200 with the cleaners in the order given, on the booking from then on, audited", async () => {
    const { status, body } = await assign(nine._id, [TOM, PRIYA]);
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.cleanerIds, [TOM, PRIYA]);
    assert.equal(body.serviceName, "Hourly Cleaning");
    const read = await json(await app.request(request("GET", `/api/admin/bookings/${nine._id}`, undefined, headers)));
    assert.deepEqual(read.body.cleanerIds, [TOM, PRIYA]);
    const list = await json(await app.request(request("GET", "/api/admin/bookings?limit=50", undefined, headers)));
    assert.deepEqual(list.body.items.find((b: { _id: string }) => b._id === nine._id).cleanerIds, [TOM, PRIYA]);
    assert.deepEqual(await auditRows(db, "booking.cleaners", nine._id), [
      { admin_email: admin.email, entity: "booking", before: { cleanerIds: [] }, after: { cleanerIds: [TOM, PRIYA] } },
    ]);
  });

  await t.step("the same cleaners again: 200, nothing written", async () => {
    assert.equal((await assign(nine._id, [TOM, PRIYA])).status, 200);
    assert.equal((await auditRows(db, "booking.cleaners", nine._id)).length, 1);
  });

  await t.step("a cleaner on an overlapping job: 409 CLEANER_BUSY naming them, the other booking and its time", async () => {
    const { status, body } = await assign(ten._id, [SOFIA, PRIYA]);
    assert.equal(status, 409);
    assert.deepEqual(body, {
      error: `Priya Sharma is already on ${nine.reference} at that time: Mon 30 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time).`,
      code: "CLEANER_BUSY",
      details: { cleanerId: PRIYA, bookingId: nine._id, reference: nine.reference },
    });
    assert.deepEqual((await assign(ten._id, [SOFIA])).body.cleanerIds, [SOFIA], "Sofia alone is free");
    assert.equal((await auditRows(db, "booking.cleaners", ten._id)).length, 1, "the refusal left no row");
  });

  await t.step("back to back (9–12, then 12–2) is no clash", async () => {
    const { status, body } = await assign(noon._id, [TOM]);
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.cleanerIds, [TOM]);
  });

  await t.step("a cancelled booking holds no one; it takes no one either, but can be emptied", async () => {
    assert.equal((await assign(ten._id, [PRIYA])).status, 409);
    assert.equal((await setStatus(nine._id, "CANCELLED")).status, 200);
    assert.deepEqual((await assign(ten._id, [SOFIA, PRIYA])).body.cleanerIds, [SOFIA, PRIYA]);
    const refused = await assign(nine._id, [LIAM]);
    assert.deepEqual([refused.status, refused.body.code], [409, "BOOKING_NOT_ASSIGNABLE"]);
    const emptied = await assign(nine._id, []);
    assert.deepEqual([emptied.status, emptied.body.cleanerIds], [200, []]);
  });

  await t.step("quotes take no cleaners: 409 QUOTE_NOT_ASSIGNABLE", async () => {
    const response = await app.request(post("/api/quotes", draft({ startTimeISO: "2026-12-01T09:00:00+11:00", email: "quote@example.com" })));
    const quote = await response.json();
    const { status, body } = await assign(quote._id, [LIAM]);
    assert.deepEqual([status, body.code, body.error], [409, "QUOTE_NOT_ASSIGNABLE", "A quote has no job to clean yet. Turn it into a booking first."]);
  });

  await t.step("unknown, deactivated or malformed cleaner lists: 422 on cleanerIds; unknown bookings: 404", async () => {
    const unknown = await assign(noon._id, [crypto.randomUUID(), "nobody"]);
    assert.deepEqual([unknown.status, unknown.body.fieldErrors], [422, { cleanerIds: [CLEANER_MESSAGES.unknown] }]);
    assert.equal((await json(await app.request(request("DELETE", `/api/admin/cleaners/${LIAM}`, undefined, headers)))).status, 200);
    const inactive = await assign(noon._id, [LIAM]);
    assert.deepEqual([inactive.status, inactive.body.fieldErrors], [422, { cleanerIds: ["Liam O’Connor is no longer active. Choose an active cleaner."] }]);
    assert.deepEqual((await assign(noon._id, [TOM, TOM])).body.fieldErrors, { cleanerIds: [CLEANER_MESSAGES.repeated] });
    assert.deepEqual((await assign(noon._id, "tom")).body.fieldErrors, { cleanerIds: [CLEANER_MESSAGES.cleanerIds] });
    const missing = await assign(crypto.randomUUID(), [TOM]);
    assert.deepEqual([missing.status, missing.body.code], [404, "BOOKING_NOT_FOUND"]);
    assert.deepEqual((await assign(noon._id, [])).body.cleanerIds, [], "Tom off the noon job");
  });
});

describeApi("staff: 20 simultaneous assignments of one cleaner to overlapping jobs on two API instances", async (t, _app, db) => {
  const other = await db.openAnother(10);
  try {
    const apps = [buildTestApp(db, { clock: fixedClock }), buildTestApp(other, { clock: fixedClock })];
    const { headers } = await adminSession(db, "admin", undefined, NOW);
    await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 30 });
    // Twenty three-hour jobs on Tuesday 1 Dec 2026 at 9, 10 or 11: each overlaps every other.
    const jobs = [];
    for (let i = 0; i < 20; i++) jobs.push(await book(apps[0], `2026-12-01T${String(9 + (i % 3)).padStart(2, "0")}:00:00+11:00`, 3));
    // Open every connection first, so the requests overlap in the database instead of queueing for a connection.
    await Promise.all([db, other].flatMap((pool) => Array.from({ length: 10 }, () => pool.sql`select pg_sleep(0.02)`)));

    const answers = await Promise.all(jobs.map(async (job, i) =>
      await json(await apps[i % 2].request(request("PUT", `/api/admin/bookings/${job._id}/cleaners`, { cleanerIds: [SOFIA] }, headers)))
    ));

    await t.step("exactly one wins; 19 get 409 CLEANER_BUSY naming the winner's booking", () => {
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.status)));
      const winner = won[0].body._id;
      const lost = answers.filter((a) => a.status !== 200);
      assert.equal(lost.length, 19);
      for (const answer of lost) {
        assert.equal(answer.status, 409);
        assert.equal(answer.body.code, "CLEANER_BUSY");
        assert.equal(answer.body.details.bookingId, winner);
        assert.ok(answer.body.error.startsWith("Sofia Russo is already on YS-"), answer.body.error);
      }
    });

    await t.step("one row stored, one audit row", async () => {
      const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from booking_cleaners where cleaner_id = ${SOFIA}`;
      assert.equal(n, 1);
      const [{ audits }] = await db.sql<{ audits: number }[]>`select count(*)::int as audits from audit_log where action = 'booking.cleaners'`;
      assert.equal(audits, 1);
    });
  } finally {
    await other.close();
  }
});
