/** Issue 14: the staff calls for closed dates and the service area (401/403: api/admin-access.test.ts). */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

type Headers = Record<string, string>;

const get = (path: string, headers: Headers) => new Request(`http://localhost${path}`, { headers });
const del = (path: string, headers: Headers) => new Request(`http://localhost${path}`, { method: "DELETE", headers });
const put = (path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  admin_email: string;
}

const auditRows = (db: TestDatabase, actions: string[]) =>
  db.sql<AuditRow[]>`
    select action, entity, entity_id, before, after, admin_email from audit_log
     where action in ${db.sql(actions)} order by id`;

const closedDateRows = async (db: TestDatabase) =>
  (await db.sql<{ date: string; label: string }[]>`
    select to_char(date, 'YYYY-MM-DD') as date, label from closed_dates order by date`).map(({ date, label }) => ({ date, label }));

describeApi("staff: closed dates", async (t, _app, db) => {
  // Sunday 22 Nov 2026 in Melbourne.
  const app = buildTestApp(db, { clock: fixedClock });
  const staff = await adminSession(db, "admin");
  const call = async (request: Request) => await json(await app.request(request));

  await t.step("none at first", async () => {
    assert.deepEqual(await call(get("/api/admin/closed-dates", staff.headers)), { status: 200, body: { items: [] } });
  });

  await t.step("add: 201 with the date and its label (trimmed, optional)", async () => {
    const christmas = await call(post("/api/admin/closed-dates", { date: "2026-12-25", label: "  Christmas Day " }, staff.headers));
    assert.deepEqual(christmas, { status: 201, body: { date: "2026-12-25", label: "Christmas Day", affected: [] } });
    const teamDay = await call(post("/api/admin/closed-dates", { date: "2026-12-01" }, staff.headers));
    assert.deepEqual(teamDay, { status: 201, body: { date: "2026-12-01", label: "", affected: [] } });
    assert.deepEqual(await closedDateRows(db), [{ date: "2026-12-01", label: "" }, { date: "2026-12-25", label: "Christmas Day" }]);
  });

  await t.step("list: every closed date, in date order", async () => {
    const { status, body } = await call(get("/api/admin/closed-dates", staff.headers));
    assert.equal(status, 200);
    assert.deepEqual(body.items, [{ date: "2026-12-01", label: "" }, { date: "2026-12-25", label: "Christmas Day" }]);
  });

  await t.step("a date closed already is a 409 CLOSED_DATE_EXISTS; its label stays", async () => {
    const { status, body } = await call(post("/api/admin/closed-dates", { date: "2026-12-25", label: "Xmas" }, staff.headers));
    assert.equal(status, 409);
    assert.deepEqual(body, { error: "That date is already closed.", code: "CLOSED_DATE_EXISTS" });
    assert.equal((await closedDateRows(db)).find((r) => r.date === "2026-12-25")?.label, "Christmas Day");
  });

  await t.step("a bad date or a long label is a 422 on its field; nothing stored", async () => {
    const dateMessage = ["Use a date written YYYY-MM-DD."];
    const cases: [unknown, Record<string, string[]>][] = [
      [{ date: "2026-02-30" }, { date: dateMessage }],
      [{ date: "25/12/2026" }, { date: dateMessage }],
      [{ date: "2026-12-25T00:00:00Z" }, { date: dateMessage }],
      // Year 0 is no date PostgreSQL stores.
      [{ date: "0000-01-01" }, { date: dateMessage }],
      [{ date: 20261225 }, { date: ["Invalid input: expected string, received number"] }],
      [{ label: "x" }, { date: ["Invalid input: expected string, received undefined"] }],
      [{ date: "2026-12-31", label: "l".repeat(81) }, { label: ["Label must be 80 characters or fewer."] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const answer = await call(post("/api/admin/closed-dates", body, staff.headers));
      assert.equal(answer.status, 422, JSON.stringify(body));
      assert.equal(answer.body.code, "VALIDATION_FAILED");
      assert.deepEqual(answer.body.fieldErrors, fieldErrors, JSON.stringify(body));
    }
    assert.equal((await closedDateRows(db)).length, 2);
  });

  await t.step("remove: 204, and the date is open again; again is a 404 CLOSED_DATE_NOT_FOUND", async () => {
    const removed = await app.request(del("/api/admin/closed-dates/2026-12-01", staff.headers));
    assert.equal(removed.status, 204);
    assert.equal(await removed.text(), "");
    assert.deepEqual((await closedDateRows(db)).map((r) => r.date), ["2026-12-25"]);
    const again = await call(del("/api/admin/closed-dates/2026-12-01", staff.headers));
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { error: "Closed date not found.", code: "CLOSED_DATE_NOT_FOUND" });
  });

  await t.step("remove with a path that is no date is a 422", async () => {
    for (const path of ["2026-13-01", "christmas", "2026-02-30", "0000-01-01"]) {
      const { status, body } = await call(del(`/api/admin/closed-dates/${path}`, staff.headers));
      assert.equal(status, 422, path);
      assert.deepEqual(body.fieldErrors, { date: ["Use a date written YYYY-MM-DD."] }, path);
    }
  });

  await t.step("each add and remove left one audit row with who, before and after; refusals none", async () => {
    const rows = await auditRows(db, ["closed_date.add", "closed_date.remove"]);
    assert.deepEqual(rows.map((r) => [r.action, r.entity, r.entity_id, r.before, r.after, r.admin_email]), [
      ["closed_date.add", "closed_date", "2026-12-25", null, { date: "2026-12-25", label: "Christmas Day" }, staff.admin.email],
      ["closed_date.add", "closed_date", "2026-12-01", null, { date: "2026-12-01", label: "" }, staff.admin.email],
      ["closed_date.remove", "closed_date", "2026-12-01", { date: "2026-12-01", label: "" }, null, staff.admin.email],
    ]);
  });
});

/** A one-off 2-hour booking made on the public form (PENDING, holding its place). */
const book = async (app: ReturnType<typeof buildTestApp>, startTimeISO: string, lastName: string) => {
  const answer = await json(await app.request(post("/api/bookings", draft({
    startTimeISO, lastName, hours: 2, extras: [], frequencyCode: "ONE_TIME",
  }))));
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body as { _id: string; reference: string };
};

const statusesOf = async (db: TestDatabase, ids: string[]) =>
  Object.fromEntries((await db.sql<{ id: string; status: string }[]>`
    select id, status from bookings where id in ${db.sql(ids)}`).map((r) => [r.id, r.status]));

describeApi("staff: closing a day with jobs on it (issue 28)", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const staff = await adminSession(db, "admin");
  const call = async (request: Request) => await json(await app.request(request));
  // Monday 30 November 2026: three jobs, one since cancelled; Tuesday's stays as it is.
  const early = await book(app, "2026-11-30T08:00:00+11:00", "Early");
  const noon = await book(app, "2026-11-30T12:00:00+11:00", "Noon");
  const cancelled = await book(app, "2026-11-30T16:00:00+11:00", "Cancelled");
  const tuesday = await book(app, "2026-12-01T08:00:00+11:00", "Tuesday");
  await db.sql`update bookings set status = 'CANCELLED' where id = ${cancelled._id}`;
  await db.sql`update bookings set status = 'CONFIRMED' where id = ${noon._id}`;
  const ids = [early._id, noon._id, cancelled._id, tuesday._id];

  await t.step("201 names the jobs that held a place on the day, by start", async () => {
    const { status, body } = await call(post("/api/admin/closed-dates", { date: "2026-11-30", label: "Team training" }, staff.headers));
    assert.equal(status, 201);
    assert.deepEqual(body, {
      date: "2026-11-30",
      label: "Team training",
      affected: [
        { _id: early._id, reference: early.reference, customerName: "Ada Early", startTime: "2026-11-29T21:00:00.000Z" },
        { _id: noon._id, reference: noon.reference, customerName: "Ada Noon", startTime: "2026-11-30T01:00:00.000Z" },
      ],
    });
  });

  await t.step("those jobs are NEEDS_ATTENTION (no place held); the others are as they were", async () => {
    assert.deepEqual(await statusesOf(db, ids), {
      [early._id]: "NEEDS_ATTENTION",
      [noon._id]: "NEEDS_ATTENTION",
      [cancelled._id]: "CANCELLED",
      [tuesday._id]: "PENDING",
    });
  });

  await t.step("each has a booking.status audit row with the closing as its reason", async () => {
    const rows = await auditRows(db, ["booking.status"]);
    assert.deepEqual(rows.map((r) => [r.entity_id, r.before, r.after, r.admin_email]), [
      [early._id, { status: "PENDING" }, { status: "NEEDS_ATTENTION", reason: "Closed: 2026-11-30 (Team training)" }, staff.admin.email],
      [noon._id, { status: "CONFIRMED" }, { status: "NEEDS_ATTENTION", reason: "Closed: 2026-11-30 (Team training)" }, staff.admin.email],
    ]);
  });

  await t.step("the office is e-mailed once, listing both", async () => {
    const mails = await db.sql<{ to_address: string; subject: string; text_body: string }[]>`
      select to_address, subject, text_body from email_outbox where kind = 'closed-day-jobs'`;
    assert.equal(mails.length, 1);
    const [{ office }] = await db.sql<{ office: string }[]>`
      select value->>'notificationEmail' as office from settings where key = 'business_profile'`;
    assert.equal(mails[0].to_address, office);
    assert.equal(mails[0].subject, "Closed Monday 30 November 2026: 2 jobs need a new time");
    assert.ok(mails[0].text_body.includes(`${early.reference}: Ada Early, Mon 30 Nov 2026, 8:00 am`), mails[0].text_body);
    assert.ok(mails[0].text_body.includes(`${noon.reference}: Ada Noon, Mon 30 Nov 2026, 12:00 pm`), mails[0].text_body);
  });

  await t.step("they are listed under Needs attention in the bookings list", async () => {
    const { status, body } = await call(get("/api/admin/bookings?status=NEEDS_ATTENTION", staff.headers));
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((b: { _id: string }) => b._id).sort(), [early._id, noon._id].sort());
  });

  await t.step("the schedule shows them on their closed day, as needing attention", async () => {
    const { status, body } = await call(get("/api/admin/schedule?from=2026-11-30&to=2026-11-30", staff.headers));
    assert.equal(status, 200);
    assert.deepEqual([body.days[0].open, body.days[0].label], [false, "Team training"]);
    assert.deepEqual(body.jobs.map((j: { _id: string; status: string }) => [j._id, j.status]), [
      [early._id, "NEEDS_ATTENTION"],
      [noon._id, "NEEDS_ATTENTION"],
    ]);
  });

  await t.step("opening the day again leaves the jobs as they are, holding no place: staff move or confirm each", async () => {
    assert.equal((await app.request(del("/api/admin/closed-dates/2026-11-30", staff.headers))).status, 204);
    assert.equal((await statusesOf(db, [early._id]))[early._id], "NEEDS_ATTENTION");
    const { body } = await call(get("/api/admin/schedule?from=2026-11-30&to=2026-11-30", staff.headers));
    assert.equal(body.days[0].open, true);
    assert.equal(body.jobs.length, 2);
    assert.ok(body.days[0].slots.every((slot: { taken: number }) => slot.taken === 0), JSON.stringify(body.days[0].slots));
  });
});

describeApi("staff: Victoria's public holidays", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const staff = await adminSession(db, "admin");
  const call = async (request: Request) => await json(await app.request(request));
  await call(post("/api/admin/closed-dates", { date: "2026-12-26", label: "Boxing Day, staff party" }, staff.headers));

  type Holiday = { date: string; label: string; closed: boolean };
  let offered: Holiday[] = [];

  await t.step("listed from today in Melbourne through two years, from date-holidays, each with its closed flag", async () => {
    const { status, body } = await call(get("/api/admin/closed-dates/public-holidays", staff.headers));
    assert.equal(status, 200);
    offered = body.items;
    const on = (date: string) => offered.find((h) => h.date === date);
    assert.deepEqual(on("2026-12-25"), { date: "2026-12-25", label: "Christmas Day", closed: false });
    assert.deepEqual(on("2026-12-26"), { date: "2026-12-26", label: "Boxing Day", closed: true });
    assert.deepEqual(on("2027-11-02"), { date: "2027-11-02", label: "Melbourne Cup", closed: false });
    assert.deepEqual(on("2028-11-07"), { date: "2028-11-07", label: "Melbourne Cup", closed: false });
    assert.deepEqual(on("2027-01-26"), { date: "2027-01-26", label: "Australia Day", closed: false });
    assert.equal(on("2026-11-03"), undefined, "Melbourne Cup 2026 is before today (22 Nov 2026)");
    assert.equal(on("2027-05-09"), undefined, "Mother's Day is no public holiday");
    const dates = offered.map((h) => h.date);
    assert.deepEqual(dates, [...dates].sort());
    assert.ok(dates[0] >= "2026-11-22" && dates.at(-1)! <= "2028-11-22", `${dates[0]}..${dates.at(-1)}`);
    // Two years of Victoria's public holidays: 13 to 14 a year with substitute days.
    assert.ok(offered.length >= 24 && offered.length <= 32, `${offered.length} holidays`);
  });

  await t.step("adding them all closes every one not closed yet, in one go; a label set by hand stays", async () => {
    const { status, body } = await call(post("/api/admin/closed-dates/public-holidays", {}, staff.headers));
    assert.equal(status, 200);
    assert.equal(body.added, offered.length - 1);
    const stored = await closedDateRows(db);
    assert.deepEqual(body.items, stored);
    assert.deepEqual(stored.map((r) => r.date), offered.map((h) => h.date));
    assert.equal(stored.find((r) => r.date === "2026-12-26")?.label, "Boxing Day, staff party");
    assert.equal(stored.find((r) => r.date === "2027-11-02")?.label, "Melbourne Cup");
    const listed = await call(get("/api/admin/closed-dates/public-holidays", staff.headers));
    assert.ok(listed.body.items.every((h: Holiday) => h.closed));
  });

  await t.step("one audit row listing every date added, with its name (issue 34 item 17)", async () => {
    // The hand-made Boxing Day keeps its own row.
    assert.equal((await auditRows(db, ["closed_date.add"])).length, 1);
    const rows = await auditRows(db, ["closed_date.add_public_holidays"]);
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0].entity, rows[0].entity_id, rows[0].before], ["closed_date", null, null]);
    assert.deepEqual(rows[0].after, { holidays: offered.filter((h) => !h.closed).map(({ date, label }) => ({ date, label })) });
  });

  await t.step("the audit log reads it as one entry, a line per date with its name", async () => {
    const owner = await adminSession(db, "superadmin");
    const { status, body } = await call(get("/api/admin/audit?recordType=closed_date", owner.headers));
    assert.equal(status, 200);
    const entry = body.items.find((e: { action: string }) => e.action === "closed_date.add_public_holidays");
    const added = offered.filter((h) => !h.closed);
    assert.equal(entry.summary, `Closed ${added.length} public holidays, Fri 25 Dec 2026 to Tue 7 Nov 2028`);
    assert.equal(entry.changes.length, added.length);
    assert.deepEqual(entry.changes[0], { field: "Fri 25 Dec 2026", before: null, after: "Christmas Day" });
    assert.deepEqual(entry.changes.at(-1), { field: "Tue 7 Nov 2028", before: null, after: "Melbourne Cup" });
  });

  await t.step("a second time adds nothing and audits nothing", async () => {
    const { status, body } = await call(post("/api/admin/closed-dates/public-holidays", {}, staff.headers));
    assert.equal(status, 200);
    assert.equal(body.added, 0);
    assert.equal(body.items.length, offered.length);
    assert.equal((await auditRows(db, ["closed_date.add", "closed_date.add_public_holidays"])).length, 2);
  });
});

describeApi("staff: the service area", async (t, app, db) => {
  const staff = await adminSession(db, "admin");
  const call = async (request: Request) => await json(await app.request(request));
  let seeded: string[] = [];

  await t.step("the demo business's postcodes at first", async () => {
    const { status, body } = await call(get("/api/admin/settings/service-area", staff.headers));
    assert.equal(status, 200);
    seeded = body.postcodes;
    assert.ok(seeded.includes("3000-3207"), JSON.stringify(seeded));
  });

  await t.step("saved trimmed, deduplicated and sorted; read back the same", async () => {
    const saved = await call(put("/api/admin/settings/service-area", { postcodes: [" 3186", "3000-3207", "3121", "3186", "3121 "] }, staff.headers));
    assert.deepEqual(saved, { status: 200, body: { postcodes: ["3000-3207", "3121", "3186"] } });
    assert.deepEqual((await call(get("/api/admin/settings/service-area", staff.headers))).body, saved.body);
  });

  await t.step("a bad entry is a 422 keyed by its place; nothing changes", async () => {
    const { status, body } = await call(put("/api/admin/settings/service-area", { postcodes: ["3121", "3000", "31", "3207-3000", "abcd"] }, staff.headers));
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, {
      "postcodes.2": ["Each entry is a 4-digit postcode or a range such as 3000-3207."],
      "postcodes.3": ["A range must run from the lower postcode to the higher."],
      "postcodes.4": ["Each entry is a 4-digit postcode or a range such as 3000-3207."],
    });
    const missing = await call(put("/api/admin/settings/service-area", {}, staff.headers));
    assert.equal(missing.status, 422);
    assert.deepEqual(Object.keys(missing.body.fieldErrors), ["postcodes"]);
    assert.deepEqual((await call(get("/api/admin/settings/service-area", staff.headers))).body, { postcodes: ["3000-3207", "3121", "3186"] });
  });

  await t.step("an empty list opens every postcode again", async () => {
    assert.deepEqual(await call(put("/api/admin/settings/service-area", { postcodes: [] }, staff.headers)), { status: 200, body: { postcodes: [] } });
  });

  await t.step("each save is audited with before and after", async () => {
    const rows = await auditRows(db, ["settings.service_area"]);
    assert.deepEqual(rows.map((r) => [r.entity, r.entity_id, r.before, r.after, r.admin_email]), [
      ["settings", "service_area", { postcodes: seeded }, { postcodes: ["3000-3207", "3121", "3186"] }, staff.admin.email],
      ["settings", "service_area", { postcodes: ["3000-3207", "3121", "3186"] }, { postcodes: [] }, staff.admin.email],
    ]);
  });

  await t.step("a save that changes nothing answers 200 with the area and writes no audit row", async () => {
    assert.deepEqual(await call(put("/api/admin/settings/service-area", { postcodes: [] }, staff.headers)), { status: 200, body: { postcodes: [] } });
    assert.equal((await auditRows(db, ["settings.service_area"])).length, 2);
  });
});
