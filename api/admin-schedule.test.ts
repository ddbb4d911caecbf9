/**
 * GET /api/admin/schedule (issue 16) on PGlite and PostgreSQL: the jobs of a range of Melbourne
 * days with their cleaners, each day's slots with places taken and free, and closed days, over
 * the weeks of both daylight-saving changes.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeClosedDatesStore } from "../adapters/postgres/closed-dates-repository.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;
interface Job {
  createdAt: string;
  _id: string;
  reference: string;
  status: string;
  startTime: string;
  endTime: string;
  customerName: string;
  suburb: string;
  addressLine: string;
  serviceName: string;
  sizeLabel: string;
  extras: string[];
  cleanerIds: string[];
  seriesId: string | null;
  customerNotes: string;
}
interface Day {
  date: string;
  open: boolean;
  reason?: string;
  label?: string;
  slots: { startTimeISO: string; taken: number; free: number }[];
}

const request = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const PRIYA = DEMO_CLEANERS.find((c) => c.name === "Priya Sharma")!._id;
const TOM = DEMO_CLEANERS.find((c) => c.name === "Tom Nguyen")!._id;

/** A one-off booking (no series) through the public form, as a customer on `app`'s clock makes it. */
async function book(app: TestApp, startTimeISO: string, overrides: Record<string, unknown> = {}) {
  const response = await app.request(post("/api/bookings", draft({ startTimeISO, hours: 3, extras: [], frequencyCode: "ONE_TIME", email: `c${crypto.randomUUID().slice(0, 6)}@example.com`, ...overrides })));
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json() as {
    _id: string;
    reference: string;
    startTime: string;
    endTime: string;
    extras: { titleAtBooking: string; quantity: number }[];
    customerId: string;
  };
}

describeApi("staff schedule: jobs, cleaners, slots and closed days across daylight-saving changes", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const schedule = async (from: string, to: string) => await json(await app.request(request("GET", `/api/admin/schedule?from=${from}&to=${to}`, undefined, headers)));
  const assign = async (id: string, cleanerIds: string[]) =>
    assert.equal((await app.request(request("PUT", `/api/admin/bookings/${id}/cleaners`, { cleanerIds }, headers))).status, 200);
  // Open seven days a week, two places a slot.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, closedWeekdays: [], maxConcurrentPerSlot: 2 });

  await t.step("spring forward (Sunday 4 Oct 2026): days, slots and jobs in Melbourne time", async () => {
    // Customers who booked in late September.
    const september = buildTestApp(db, { clock: { now: () => new Date("2026-09-25T00:00:00Z") } });
    const before = await book(september, "2026-09-30T16:00:00+10:00", { hours: 2 });
    const saturday = await book(september, "2026-10-03T09:00:00+10:00", { firstName: "Grace", lastName: "Hopper", address: { street: "7 Lygon St", suburb: "Carlton", state: "VIC", postCode: "3053" } });
    const sunday = await book(september, "2026-10-04T09:00:00+11:00", { extras: draft().extras });
    const sundayLate = await book(september, "2026-10-04T16:00:00+11:00", { hours: 2 });
    const monday = await book(september, "2026-10-05T08:00:00+11:00");
    const cancelled = await book(september, "2026-10-05T12:00:00+11:00");
    const after = await book(september, "2026-10-08T08:00:00+11:00");
    const quote = await (await september.request(post("/api/quotes", draft({ startTimeISO: "2026-10-03T11:00:00+10:00", email: "q@example.com" })))).json();
    assert.ok(quote._id);
    assert.equal((await app.request(request("PATCH", `/api/admin/bookings/${cancelled._id}/status`, { status: "CANCELLED" }, headers))).status, 200);
    await assign(sunday._id, [TOM, PRIYA]);
    await makeClosedDatesStore(db.sql).add({ date: "2026-10-06", label: "Team training day" });

    const { status, body } = await schedule("2026-10-01", "2026-10-07");
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual([body.from, body.to], ["2026-10-01", "2026-10-07"]);

    const days = body.days as Day[];
    assert.deepEqual(days.map((d) => [d.date, d.open, d.reason ?? "", d.label ?? ""]), [
      ["2026-10-01", true, "", ""],
      ["2026-10-02", true, "", ""],
      ["2026-10-03", true, "", ""],
      ["2026-10-04", true, "", ""],
      ["2026-10-05", true, "", ""],
      ["2026-10-06", false, "CLOSED_DATE", "Team training day"],
      ["2026-10-07", true, "", ""],
    ]);
    assert.deepEqual(days[5].slots, []);
    // 8 am is 22:00 UTC the day before under AEST (+10), 21:00 UTC from the Sunday under AEDT (+11).
    assert.deepEqual(days.map((d) => d.slots[0]?.startTimeISO ?? null), [
      "2026-09-30T22:00:00.000Z",
      "2026-10-01T22:00:00.000Z",
      "2026-10-02T22:00:00.000Z",
      "2026-10-03T21:00:00.000Z",
      "2026-10-04T21:00:00.000Z",
      null,
      "2026-10-06T21:00:00.000Z",
    ]);
    assert.ok(days.every((d) => !d.open || d.slots.length === 9));
    const takenAt = (day: Day) => day.slots.map((s) => `${s.taken}/${s.free}`);
    assert.deepEqual(takenAt(days[2]), ["1/1", "1/1", "1/1", "1/1", "0/2", "0/2", "0/2", "0/2", "0/2"], "Saturday 9 to 12");
    assert.deepEqual(takenAt(days[0]), ["0/2", "0/2", "0/2", "0/2", "0/2", "0/2", "0/2", "0/2", "0/2"], "Wednesday's 4 pm job is not Thursday's");
    assert.equal(takenAt(days[3]).at(-1), "1/1", "Sunday 4 pm");
    assert.deepEqual(takenAt(days[4]).slice(0, 5), ["1/1", "1/1", "1/1", "0/2", "0/2"], "Monday 8 to 11; the cancelled noon job holds no place");

    const jobs = body.jobs as Job[];
    assert.deepEqual(jobs.map((j) => j._id), [saturday._id, sunday._id, sundayLate._id, monday._id], "no quote, no cancelled job, nothing outside the range");
    assert.ok(![before._id, after._id, cancelled._id, quote._id].some((id) => jobs.some((j) => j._id === id)));
    assert.deepEqual(jobs[0], {
      _id: saturday._id,
      reference: saturday.reference,
      status: "PENDING",
      startTime: "2026-10-02T23:00:00.000Z",
      endTime: "2026-10-03T02:00:00.000Z",
      createdAt: jobs[0].createdAt, // the database's clock: when it was stored
      customerName: "Grace Hopper",
      phone: "0412345678",
      suburb: "Carlton",
      addressLine: "7 Lygon St, Carlton VIC 3053",
      serviceName: "Hourly Cleaning",
      sizeLabel: "3 hours",
      extras: [],
      cleanerIds: [],
      seriesId: null,
      customerNotes: "",
      // Issue 31: no cleaners, so no marks and nobody late.
      attendance: [],
      late: false,
    });
    assert.ok(Number.isFinite(Date.parse(jobs[0].createdAt)));
    assert.deepEqual([jobs[1].startTime, jobs[1].endTime], [sunday.startTime, sunday.endTime]);
    assert.equal(jobs[1].startTime, "2026-10-03T22:00:00.000Z");
    assert.deepEqual(jobs[1].cleanerIds, [TOM, PRIYA]);
    assert.deepEqual(jobs[1].extras, sunday.extras.map((e) => (e.quantity > 1 ? `${e.titleAtBooking} × ${e.quantity}` : e.titleAtBooking)));
    assert.ok(jobs[1].extras.some((text) => text.endsWith(" × 2")));
    assert.equal(jobs[2].sizeLabel, "2 hours");
  });

  await t.step("each job carries its customer's lasting notes for the run sheet (issue 17)", async () => {
    const [grace] = (await schedule("2026-10-03", "2026-10-03")).body.jobs as Job[];
    const { customerId } = (await json(await app.request(request("GET", `/api/admin/bookings/${grace._id}`, undefined, headers)))).body;
    const notes = "Gate code 4821. Dog: Max, friendly.";
    assert.equal((await app.request(request("PATCH", `/api/admin/customers/${customerId}`, { notes }, headers))).status, 200);
    const jobs = (await schedule("2026-10-01", "2026-10-07")).body.jobs as Job[];
    assert.deepEqual(jobs.map((j) => j.customerNotes), [notes, "", "", ""], "only that customer's job");
    assert.ok(jobs.every((j) => j.seriesId === null), "one-off bookings");
    // A visit of a series says which series (the series row as migration 011 keeps it).
    const seriesId = crypto.randomUUID();
    await db.sql`
      insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                  anchor_date, start_minutes, duration_minutes, template)
      values (${seriesId}, ${customerId}, ${grace._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2026-10-03', 540, 180, '{}')`;
    await db.sql`update bookings set series_id = ${seriesId}, series_date = '2026-10-03' where id = ${grace._id}`;
    const visits = (await schedule("2026-10-03", "2026-10-03")).body.jobs as Job[];
    assert.deepEqual(visits.map((j) => [j._id, j.seriesId, j.customerNotes]), [[grace._id, seriesId, notes]]);
  });

  await t.step("fall back (Sunday 4 Apr 2027): the Sunday's jobs and slots are that Melbourne day's", async () => {
    const saturday = await book(app, "2027-04-03T09:00:00+11:00");
    const sunday = await book(app, "2027-04-04T09:00:00+10:00");
    const lastSlot = await book(app, "2027-04-04T16:00:00+10:00", { hours: 2 });
    const monday = await book(app, "2027-04-05T08:00:00+10:00");
    await assign(lastSlot._id, [PRIYA]);

    const { status, body } = await schedule("2027-03-29", "2027-04-04");
    assert.equal(status, 200);
    const days = body.days as Day[];
    assert.deepEqual(days.map((d) => d.date), ["2027-03-29", "2027-03-30", "2027-03-31", "2027-04-01", "2027-04-02", "2027-04-03", "2027-04-04"]);
    assert.deepEqual([days[5].slots[0].startTimeISO, days[6].slots[0].startTimeISO], ["2027-04-02T21:00:00.000Z", "2027-04-03T22:00:00.000Z"]);
    assert.equal(days[6].slots.at(-1)?.startTimeISO, "2027-04-04T06:00:00.000Z");
    const jobs = body.jobs as Job[];
    assert.deepEqual(jobs.map((j) => [j._id, j.startTime]), [
      [saturday._id, "2027-04-02T22:00:00.000Z"],
      [sunday._id, "2027-04-03T23:00:00.000Z"],
      [lastSlot._id, "2027-04-04T06:00:00.000Z"],
    ]);
    assert.ok(!jobs.some((j) => j._id === monday._id), "Monday 8 am AEST is 22:00 UTC on Sunday, but Monday in Melbourne");
    assert.deepEqual(jobs[2].cleanerIds, [PRIYA]);
    assert.deepEqual(days[6].slots.map((s) => s.taken), [1, 1, 1, 1, 0, 0, 0, 1, 1]);
  });

  await t.step("cleaners: the active team, and a deactivated one only while still on a job in the range", async () => {
    assert.equal((await app.request(request("DELETE", `/api/admin/cleaners/${PRIYA}`, undefined, headers))).status, 200);
    const names = async (from: string, to: string) => (await schedule(from, to)).body.cleaners.map((c: { name: string }) => c.name);
    assert.deepEqual(await names("2027-03-29", "2027-04-04"), ["Liam O’Connor", "Priya Sharma", "Sofia Russo", "Tom Nguyen"]);
    assert.deepEqual(await names("2027-03-29", "2027-04-03"), ["Liam O’Connor", "Sofia Russo", "Tom Nguyen"]);
    const priya = (await schedule("2027-04-04", "2027-04-04")).body.cleaners.find((c: { name: string }) => c.name === "Priya Sharma");
    assert.equal(priya.active, false);
  });

  await t.step("31 days at most, in order, real dates: 422 otherwise", async () => {
    const month = await schedule("2026-12-01", "2026-12-31");
    assert.equal(month.status, 200);
    assert.equal(month.body.days.length, 31);
    const cases: [string, string, Record<string, string[]>][] = [
      ["2026-12-01", "2027-01-01", { to: ["Ask for at most 31 days at a time."] }],
      ["2026-12-02", "2026-12-01", { to: ["The end date must be on or after the start date."] }],
      ["2026-02-30", "2026-03-01", { from: ["Use a date written YYYY-MM-DD."] }],
      ["", "2026-03-01", { from: ["Use a date written YYYY-MM-DD."] }],
    ];
    for (const [from, to, fieldErrors] of cases) {
      const { status, body } = await schedule(from, to);
      assert.equal(status, 422, `${from}..${to}`);
      assert.deepEqual(body, { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors });
    }
  });

  await t.step("for signed-in staff only", async () => {
    assert.equal((await app.request(request("GET", "/api/admin/schedule?from=2026-12-01&to=2026-12-07", undefined, {}))).status, 401);
  });
});
