/**
 * A cleaner's working week and time off (issue 28) through the API on PGlite and PostgreSQL: the
 * default week until staff set one, the three calls with their validation, audit rows and 404s,
 * and the list's coming leave.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { fixedClock, NOW } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { CLEANER_MESSAGES as M } from "../core/cleaners/schemas.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;
interface Day {
  weekday: number;
  start: string;
  end: string;
}

const request = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const [PRIYA, TOM] = ["Priya Sharma", "Tom Nguyen"].map((name) => DEMO_CLEANERS.find((c) => c.name === name)!._id);

const auditRows = async (db: TestDatabase, action: string, entityId: string) => [
  ...await db.sql<{ admin_email: string; entity: string; before: unknown; after: unknown }[]>`
    select admin_email, entity, before, after from audit_log where action = ${action} and entity_id = ${entityId} order by id`,
];

const count = async (db: TestDatabase, table: "cleaner_working_hours" | "cleaner_time_off") =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0].n;

/** Monday to Saturday, 8:00 to 18:00: the defaults' open weekdays, first start and close of day. */
const DEFAULT_WEEK: Day[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "18:00" }));

describeApi("staff: a cleaner's working week and time off (issue 28)", async (t, _app, db) => {
  // Today is Sunday 22 Nov 2026 in Melbourne.
  const app = buildTestApp(db, { clock: fixedClock });
  const { admin, headers } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown) => await json(await app.request(request(method, path, body, headers)));
  type Listed = { _id: string; workingHours: Day[]; workingHoursSet: boolean; timeOff: { _id: string; from: string; to: string; reason: string }[] };
  const listed = async (id: string): Promise<Listed> =>
    ((await call("GET", "/api/admin/cleaners?includeInactive=true")).body.items as Listed[]).find((c) => c._id === id)!;

  await t.step("until a week is set, each cleaner works the business's open weekdays from the first start to the close of day", async () => {
    const { status, body } = await call("GET", "/api/admin/cleaners");
    assert.equal(status, 200);
    for (const cleaner of body.items) {
      assert.deepEqual([cleaner.workingHoursSet, cleaner.workingHours, cleaner.timeOff], [false, DEFAULT_WEEK, []], cleaner.name);
    }
    // The default follows the settings: closed Saturdays too, 9 to 5.
    await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, closedWeekdays: [0, 6], firstSlotHour: 9, dayEndHour: 17 });
    assert.deepEqual((await listed(PRIYA)).workingHours, [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })));
    await makeSettingsStore(db.sql).saveScheduling(SCHEDULING_DEFAULTS);
  });

  await t.step("PUT working-hours: the week replaced and answered in weekday order, set from then on, audited", async () => {
    const days = [
      { weekday: 5, start: "07:30", end: "12:00" },
      { weekday: 1, start: "08:00", end: "17:00" },
      { weekday: 0, start: "18:00", end: "24:00" },
    ];
    const { status, body } = await call("PUT", `/api/admin/cleaners/${PRIYA}/working-hours`, { days });
    assert.equal(status, 200, JSON.stringify(body));
    const week = [days[2], days[1], days[0]];
    assert.equal(body._id, PRIYA);
    assert.equal(body.name, "Priya Sharma");
    assert.deepEqual([body.workingHoursSet, body.workingHours, body.timeOff], [true, week, []]);
    assert.deepEqual(await auditRows(db, "cleaner.working_hours", PRIYA), [{
      admin_email: admin.email,
      entity: "cleaner",
      before: { workingHoursSet: false, days: DEFAULT_WEEK },
      after: { workingHoursSet: true, days: week },
    }]);
    const read = await listed(PRIYA);
    assert.deepEqual([read.workingHoursSet, read.workingHours], [true, week]);
    assert.deepEqual((await listed(TOM)).workingHours, DEFAULT_WEEK, "the others keep the default week");
    assert.equal(await count(db, "cleaner_working_hours"), 3);
  });

  await t.step("the same week again writes nothing; another replaces the whole week; [] works no day", async () => {
    const same = [{ weekday: 1, start: "08:00", end: "17:00" }, { weekday: 0, start: "18:00", end: "24:00" }, { weekday: 5, start: "07:30", end: "12:00" }];
    assert.equal((await call("PUT", `/api/admin/cleaners/${PRIYA}/working-hours`, { days: same })).status, 200);
    assert.equal((await auditRows(db, "cleaner.working_hours", PRIYA)).length, 1);

    const tuesday = [{ weekday: 2, start: "10:15", end: "14:45" }];
    assert.deepEqual((await call("PUT", `/api/admin/cleaners/${PRIYA}/working-hours`, { days: tuesday })).body.workingHours, tuesday);
    const none = await call("PUT", `/api/admin/cleaners/${PRIYA}/working-hours`, { days: [] });
    assert.deepEqual([none.status, none.body.workingHoursSet, none.body.workingHours], [200, true, []]);
    assert.deepEqual((await listed(PRIYA)).workingHours, [], "no day worked is not the default week");
    assert.deepEqual((await auditRows(db, "cleaner.working_hours", PRIYA)).at(-1)?.after, { workingHoursSet: true, days: [] });
    assert.equal((await auditRows(db, "cleaner.working_hours", PRIYA)).length, 3);
    assert.equal(await count(db, "cleaner_working_hours"), 0);
  });

  await t.step("PUT working-hours with a bad week: 422 naming each entry, nothing stored", async () => {
    const refused = async (body: unknown) => {
      const answer = await call("PUT", `/api/admin/cleaners/${TOM}/working-hours`, body);
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      assert.equal(answer.body.code, "VALIDATION_FAILED");
      return answer.body.fieldErrors;
    };
    assert.deepEqual(
      await refused({ days: [{ weekday: 1, start: "08:00", end: "12:00" }, { weekday: 3, start: "08:00", end: "12:00" }, { weekday: 1, start: "13:00", end: "17:00" }] }),
      { "days.2.weekday": [M.weekdayRepeated(1)] },
    );
    assert.equal(M.weekdayRepeated(1), "Monday is listed more than once: give each day one start and one end");
    assert.deepEqual(
      await refused({
        days: [
          { weekday: 1, start: "08:10", end: "17:00" },
          { weekday: 2, start: "9:00", end: "17:05" },
          { weekday: 3, start: "12:00", end: "12:00" },
          { weekday: 4, start: "24:00", end: "24:15" },
          { weekday: 7, start: "08:00", end: "17:00" },
          { weekday: 6, start: 8, end: null },
        ],
      }),
      {
        "days.0.start": [M.start],
        "days.1.start": [M.start],
        "days.1.end": [M.end],
        "days.2.end": [M.endAfterStart],
        "days.3.start": [M.start],
        "days.3.end": [M.end],
        "days.4.weekday": [M.weekday],
        "days.5.start": [M.start],
        "days.5.end": [M.end],
      },
    );
    assert.deepEqual(await refused({}), { days: [M.days] });
    assert.deepEqual(await refused({ days: "weekdays" }), { days: [M.days] });
    assert.deepEqual(await refused({ days: [null] }), { "days.0": [M.days] });
    assert.equal((await listed(TOM)).workingHoursSet, false);
    assert.equal((await auditRows(db, "cleaner.working_hours", TOM)).length, 0);
  });

  let leave = "";
  await t.step("POST time-off: 201 with the time off, audited; the list shows it", async () => {
    const { status, body } = await call("POST", `/api/admin/cleaners/${TOM}/time-off`, { from: "2026-12-21", to: "2027-01-08", reason: " Annual leave " });
    assert.equal(status, 201, JSON.stringify(body));
    leave = body._id;
    assert.deepEqual(body, { _id: leave, cleanerId: TOM, from: "2026-12-21", to: "2027-01-08", reason: "Annual leave" });
    assert.deepEqual(await auditRows(db, "cleaner.time_off_add", TOM), [{ admin_email: admin.email, entity: "cleaner", before: null, after: body }]);
    assert.deepEqual((await listed(TOM)).timeOff, [body]);
  });

  await t.step("the list shows leave that ends today or later, by first day; past leave is kept but not listed", async () => {
    const add = async (from: string, to: string) => (await call("POST", `/api/admin/cleaners/${TOM}/time-off`, { from, to })).body;
    const past = await add("2026-11-01", "2026-11-21");
    const today = await add("2026-11-20", "2026-11-22");
    const single = await add("2026-12-01", "2026-12-01");
    assert.deepEqual([past.reason, single.to], ["", "2026-12-01"]);
    assert.deepEqual((await listed(TOM)).timeOff.map((off) => off._id), [today._id, single._id, leave]);
    assert.equal(await count(db, "cleaner_time_off"), 4);
    // The year's worth: 366 days, both ends counted.
    assert.equal((await call("POST", `/api/admin/cleaners/${PRIYA}/time-off`, { from: "2027-02-01", to: "2028-02-01" })).status, 201);
  });

  await t.step("POST time-off with bad fields: 422 naming each, nothing stored", async () => {
    const before = await count(db, "cleaner_time_off");
    const refused = async (body: unknown) => {
      const answer = await call("POST", `/api/admin/cleaners/${TOM}/time-off`, body);
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      return answer.body.fieldErrors;
    };
    assert.deepEqual(await refused({ from: "2026-12-02", to: "2026-12-01" }), { to: [M.timeOffOrder] });
    assert.deepEqual(await refused({ from: "2027-02-01", to: "2028-02-02" }), { to: [M.timeOffTooLong] });
    assert.deepEqual(await refused({}), { from: [M.timeOffFrom], to: [M.timeOffTo] });
    assert.deepEqual(await refused({ from: "2026-02-30", to: "1/12/2026" }), {
      from: ["Use a date written YYYY-MM-DD."],
      to: ["Use a date written YYYY-MM-DD."],
    });
    assert.deepEqual(await refused({ from: "2026-12-01", to: "2026-12-01", reason: "x".repeat(201) }), { reason: [M.reasonTooLong] });
    assert.deepEqual(await refused({ from: "2026-12-01", to: "2026-12-01", reason: "Leave\nfor good" }), { reason: ["Please keep this on one line."] });
    assert.equal(await count(db, "cleaner_time_off"), before);
  });

  await t.step("DELETE time-off: 204, audited with what it was; gone from the list; again, or under another cleaner, 404", async () => {
    const under = await call("DELETE", `/api/admin/cleaners/${PRIYA}/time-off/${leave}`);
    assert.deepEqual([under.status, under.body], [404, { error: M.timeOffNotFound, code: "NOT_FOUND" }], "Priya has no such leave");
    const response = await app.request(request("DELETE", `/api/admin/cleaners/${TOM}/time-off/${leave}`, undefined, headers));
    assert.equal(response.status, 204);
    assert.equal(await response.text(), "");
    assert.deepEqual(await auditRows(db, "cleaner.time_off_remove", TOM), [{
      admin_email: admin.email,
      entity: "cleaner",
      before: { _id: leave, cleanerId: TOM, from: "2026-12-21", to: "2027-01-08", reason: "Annual leave" },
      after: null,
    }]);
    assert.ok(!(await listed(TOM)).timeOff.some((off) => off._id === leave));
    for (const id of [leave, crypto.randomUUID(), "not-an-id"]) {
      const again = await call("DELETE", `/api/admin/cleaners/${TOM}/time-off/${id}`);
      assert.deepEqual([again.status, again.body.code], [404, "NOT_FOUND"], id);
    }
    assert.equal((await auditRows(db, "cleaner.time_off_remove", TOM)).length, 1);
  });

  await t.step("an unknown or malformed cleaner: 404 CLEANER_NOT_FOUND on each call", async () => {
    for (const id of [crypto.randomUUID(), "nobody"]) {
      const answers = [
        await call("PUT", `/api/admin/cleaners/${id}/working-hours`, { days: [] }),
        await call("POST", `/api/admin/cleaners/${id}/time-off`, { from: "2026-12-01", to: "2026-12-01" }),
        await call("DELETE", `/api/admin/cleaners/${id}/time-off/${crypto.randomUUID()}`),
      ];
      for (const answer of answers) assert.deepEqual([answer.status, answer.body], [404, { error: "Cleaner not found.", code: "CLEANER_NOT_FOUND" }]);
    }
  });

  await t.step("a new or edited cleaner is answered with their week and coming leave", async () => {
    const created = await call("POST", "/api/admin/cleaners", { name: "Ava Chen" });
    assert.equal(created.status, 201);
    assert.deepEqual([created.body.workingHoursSet, created.body.workingHours, created.body.timeOff], [false, DEFAULT_WEEK, []]);
    const edited = await call("PATCH", `/api/admin/cleaners/${TOM}`, { phone: "0412 000 111" });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.workingHoursSet, edited.body.workingHours], [false, DEFAULT_WEEK]);
    assert.deepEqual(edited.body.timeOff.map((off: { from: string }) => off.from), ["2026-11-20", "2026-12-01"]);
    const deactivated = await call("DELETE", `/api/admin/cleaners/${PRIYA}`);
    assert.deepEqual([deactivated.body.active, deactivated.body.workingHours, deactivated.body.timeOff.length], [false, [], 1]);
  });

  await t.step("the calls are for signed-in staff only", async () => {
    const anonymous = [
      request("PUT", `/api/admin/cleaners/${TOM}/working-hours`, { days: [] }, {}),
      request("POST", `/api/admin/cleaners/${TOM}/time-off`, { from: "2026-12-01", to: "2026-12-01" }, {}),
      request("DELETE", `/api/admin/cleaners/${TOM}/time-off/${crypto.randomUUID()}`, undefined, {}),
    ];
    for (const sent of anonymous) assert.equal((await app.request(sent)).status, 401);
  });
});
