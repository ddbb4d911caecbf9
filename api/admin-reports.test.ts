/**
 * The reports API (issue 32): a fortnight of hand-built jobs (booked through the real API, paid,
 * cancelled and done by staff calls; dates and prices set by SQL where the calls cannot go), then
 * every figure checked exactly, the CSV's shape, the 422s of a bad range and the 401 without a login.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { DEMO_CLEANERS, DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { REPORT_MESSAGES } from "../core/reports/schemas.ts";
import { roundToCents } from "../core/shared/money.ts";

type Headers = Record<string, string>;

/** Thursday 10 Dec 2026: every job of the fortnight has started, so staff may mark it done. */
const LATER = new Date("2026-12-10T00:00:00Z");
const RANGE = "from=2026-11-23&to=2026-12-06";

const send = (method: string, path: string, headers: Headers, body?: unknown) =>
  new Request(`http://localhost/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A booking through the public form at `start` (Melbourne, +11), then its price and length set plainly. */
async function bookingAt(
  app: TestApp,
  db: TestDatabase,
  start: string,
  fields: { email: string; price: number; frequencyCode?: string },
): Promise<{ id: string; recurringTotal: number }> {
  const response = await app.request(post("/api/bookings", draft({ startTimeISO: start, email: fields.email, frequencyCode: fields.frequencyCode ?? "ONE_TIME" })));
  assert.equal(response.status, 201, await response.clone().text());
  const body = await response.json();
  // Three hours exactly, so the cleaners' hours read plainly.
  await db.sql`update bookings set first_service_total = ${fields.price}, end_time = start_time + interval '3 hours' where id = ${body._id}`;
  return { id: body._id, recurringTotal: body.recurringTotal };
}

describeApi("staff reports: a range's figures and their CSV", async (t, _app, db) => {
  // Several jobs near each other: capacity is not what these tests are about.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false });
  const booker = buildTestApp(db, { clock: fixedClock });
  const app = buildTestApp(db, { clock: { now: () => LATER } });
  const admin = await adminSession(db, "admin", undefined, LATER);
  const root = await adminSession(db, "superadmin", undefined, LATER);
  const call = async (method: string, path: string, body?: unknown, as: Headers = admin.headers) =>
    await json(await app.request(send(method, path, as, body)));
  const ok = async (method: string, path: string, body?: unknown, as?: Headers) => {
    const answer = await call(method, path, body, as);
    assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  // The fortnight Monday 23 Nov to Sunday 6 Dec 2026 (AEDT).
  const weekly = await bookingAt(booker, db, "2026-11-27T09:00:00+11:00", { email: "ada@example.com", price: 275, frequencyCode: "WEEKLY" });
  const moved = await bookingAt(booker, db, "2026-11-30T09:00:00+11:00", { email: "bob@example.com", price: 180 });
  const tuesday = await bookingAt(booker, db, "2026-12-01T09:00:00+11:00", { email: "ada@example.com", price: 120 });
  const dansEarlier = await bookingAt(booker, db, "2026-11-26T09:00:00+11:00", { email: "dan@example.com", price: 90 });
  const dans = await bookingAt(booker, db, "2026-12-03T09:00:00+11:00", { email: "dan@example.com", price: 150 });
  const noReason = await bookingAt(booker, db, "2026-12-04T09:00:00+11:00", { email: "cleo@example.com", price: 99.5 });
  // Moved below to the first minute after the range (Melbourne midnight): in no figure.
  const after = await bookingAt(booker, db, "2026-12-07T09:00:00+11:00", { email: "eve@example.com", price: 500 });
  // Dan's first job moved back a week, before the range, so Dan returns; Dan's job in the range is
  // under a service the catalogue no longer has.
  await db.sql`update bookings set start_time = start_time - interval '10 days', end_time = end_time - interval '10 days' where id = ${dansEarlier.id}`;
  await db.sql`update bookings set service_id = null, service_name_at_booking = 'Old Oven Clean' where id = ${dans.id}`;
  await db.sql`update bookings set start_time = start_time - interval '9 hours', end_time = end_time - interval '9 hours' where id = ${after.id}`;

  const priya = DEMO_CLEANERS[0];
  await ok("PUT", `/bookings/${weekly.id}/cleaners`, { cleanerIds: [priya._id] });
  await ok("PUT", `/bookings/${tuesday.id}/cleaners`, { cleanerIds: [priya._id] });
  await ok("PATCH", `/bookings/${weekly.id}/status`, { status: "DONE" });
  await ok("PATCH", `/bookings/${dansEarlier.id}/status`, { status: "DONE" });
  await ok("PATCH", `/bookings/${moved.id}/status`, { status: "CANCELLED", reason: "Moved interstate" });
  await ok("PATCH", `/bookings/${noReason.id}/status`, { status: "CANCELLED" });

  await ok("POST", `/bookings/${weekly.id}/payments`, { amount: 200, method: "CARD", receivedAt: "2026-11-27T12:00:00+11:00" });
  const bounced = (await ok("POST", `/bookings/${weekly.id}/payments`, { amount: 75, method: "CARD", receivedAt: "2026-11-28T12:00:00+11:00" }))
    .items.find((p: { amount: number }) => p.amount === 75);
  await ok("POST", `/bookings/${weekly.id}/payments/${bounced._id}/void`, { reason: "Card declined" }, root.headers);
  // The range's last minute, and the first minute after it.
  await ok("POST", `/bookings/${tuesday.id}/payments`, { amount: 120, method: "CASH", receivedAt: "2026-12-06T23:59:00+11:00" });
  await ok("POST", `/bookings/${moved.id}/payments`, { amount: 30, method: "CASH", receivedAt: "2026-12-07T00:00:00+11:00" });

  // Ratings as the customers' links leave them (the DONE above may have asked already).
  const rate = (bookingId: string, rating: number) =>
    db.sql`insert into booking_feedback (booking_id, token_hash, requested_at, expires_at, rating, rated_at)
           values (${bookingId}, ${crypto.randomUUID()}, ${LATER}, ${new Date(LATER.getTime() + 86_400_000)}, ${rating}, ${LATER})
           on conflict (booking_id) do update set rating = excluded.rating, rated_at = excluded.rated_at`;
  await rate(weekly.id, 4);
  await rate(dansEarlier.id, 1);
  await rate(after.id, 2);

  // The weekly clean planned its next visit with it (Friday 4 December), at the recurring price.
  const visit = weekly.recurringTotal;
  const [{ visits }] = await db.sql<{ visits: number }[]>`
    select count(*)::int as visits from bookings
     where series_id = (select series_id from bookings where id = ${weekly.id}) and id <> ${weekly.id}
       and status = 'PENDING' and start_time = '2026-12-04T09:00:00+11:00'`;
  assert.equal(visits, 1);

  await t.step("every figure of the fortnight, by hand", async () => {
    const { status, body } = await call("GET", `/reports/summary?${RANGE}`);
    assert.equal(status, 200, JSON.stringify(body));
    const { byCleaner, ...headline } = body;
    assert.deepEqual(headline, {
      from: "2026-11-23",
      to: "2026-12-06",
      // 275 + 120 + 150 + the weekly visit; the cancelled, Dan's earlier job and the job after the range are out.
      bookedRevenue: roundToCents(545 + visit),
      // 200 (the voided 75 is out) + 120 at 23:59 on the last day; the 30 a minute later is out.
      collected: 320,
      // The DONE weekly job: 275 − 200.
      outstanding: 75,
      jobs: 4,
      cancelled: 2,
      cancelledValue: 279.5,
      cancelReasons: [{ reason: "", count: 1 }, { reason: "Moved interstate", count: 1 }],
      // Ada's first job is in the range; Dan had one before it; Bob and Cleo only cancelled.
      newCustomers: 1,
      returningCustomers: 1,
      // The weekly clean's recurring price, 4 visits per 4 weeks.
      recurringRunRate: roundToCents(weekly.recurringTotal * 4),
      byWeek: [
        { weekStart: "2026-11-23", booked: 275, collected: 200, jobs: 1, cancelled: 0 },
        { weekStart: "2026-11-30", booked: roundToCents(270 + visit), collected: 120, jobs: 3, cancelled: 2 },
      ],
      byService: [
        { serviceId: DEMO_SERVICE_IDS.hourly, name: "Hourly Cleaning", jobs: 3, booked: roundToCents(395 + visit) },
        { serviceId: null, name: "Old Oven Clean", jobs: 1, booked: 150 },
      ],
      averageRating: 4,
      ratings: 1,
    });
    // The demo team works the default week (Mon–Sat 8:00–18:00): 12 days of 10 hours.
    const active = DEMO_CLEANERS.filter((c) => c.active).map((c) => c.name).sort();
    assert.deepEqual(byCleaner.map((c: { name: string }) => c.name), active);
    assert.deepEqual(byCleaner.find((c: { cleanerId: string }) => c.cleanerId === priya._id), {
      cleanerId: priya._id,
      name: priya.name,
      jobs: 2,
      hours: 6,
      utilisation: 0.05,
      averageRating: 4,
    });
    for (const other of byCleaner.filter((c: { cleanerId: string }) => c.cleanerId !== priya._id)) {
      assert.deepEqual([other.jobs, other.hours, other.utilisation, other.averageRating], [0, 0, 0, null], other.name);
    }
  });

  await t.step("a cleaner's own week and leave, and a closed date, set the working hours", async () => {
    // Mon–Fri 9:00–17:00, a day off on Wednesday 2 Dec, and the business closed Friday 4 Dec: 8 days of 8 h.
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    await ok("PUT", `/cleaners/${priya._id}/working-hours`, { days: week });
    await ok("POST", `/cleaners/${priya._id}/time-off`, { from: "2026-12-02", to: "2026-12-02", reason: "Appointment" });
    await db.sql`insert into closed_dates (date, label) values ('2026-12-04', 'Team day')`;
    const { body } = await call("GET", `/reports/summary?${RANGE}`);
    const row = body.byCleaner.find((c: { cleanerId: string }) => c.cleanerId === priya._id);
    // 6 / 64 = 0.09375.
    assert.deepEqual([row.hours, row.utilisation], [6, 0.094]);
  });

  await t.step("the CSV: an attachment named for the range, the figures then the tables", async () => {
    const response = await app.request(send("GET", `/reports/summary.csv?${RANGE}`, admin.headers));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), 'attachment; filename="reports-2026-11-23-to-2026-12-06.csv"');
    assert.equal(response.headers.get("cache-control"), "no-store");
    const text = await response.text();
    const head = `\uFEFFFigure,Value\r\nFrom,2026-11-23\r\nTo,2026-12-06\r\nBooked revenue (A$),${roundToCents(545 + visit)}\r\nCollected (A$),320\r\n`;
    assert.ok(text.startsWith(head), text.slice(0, 160));
    const sections = text.slice(1).trimEnd().split("\r\n\r\n").map((section) => section.split("\r\n"));
    assert.deepEqual(sections.map((rows) => rows[0]), [
      "Figure,Value",
      "Week starting,Booked (A$),Collected (A$),Jobs,Cancelled",
      "Service,Jobs,Booked (A$)",
      "Cleaner,Jobs,Hours,Utilisation,Average rating",
      "Cancellation reason,Cancelled",
    ]);
    assert.deepEqual(sections[1].slice(1), ["2026-11-23,275,200,1,0", `2026-11-30,${roundToCents(270 + visit)},120,3,2`]);
    assert.deepEqual(sections[2].slice(1), [`Hourly Cleaning,3,${roundToCents(395 + visit)}`, "Old Oven Clean,1,150"]);
    assert.ok(sections[3].includes(`${priya.name},2,6,0.094,4`), sections[3].join("\n"));
    assert.deepEqual(sections[4].slice(1), ["No reason given,1", "Moved interstate,1"]);
  });

  await t.step("a bad range is a 422 on its field, on both calls", async () => {
    const table: [string, Record<string, string[]>][] = [
      ["from=2026-11-23&to=2027-12-28", { to: [REPORT_MESSAGES.span] }],
      ["from=2026-11-23&to=2026-11-22", { to: [REPORT_MESSAGES.order] }],
      ["from=2026-02-30&to=2026-03-01", { from: [REPORT_MESSAGES.date] }],
      ["to=2026-03-01", { from: [REPORT_MESSAGES.date] }],
    ];
    for (const path of ["/reports/summary", "/reports/summary.csv"]) {
      for (const [query, fieldErrors] of table) {
        const { status, body } = await call("GET", `${path}?${query}`);
        assert.deepEqual([status, body.code, body.fieldErrors], [422, "VALIDATION_FAILED", fieldErrors], `${path}?${query}`);
      }
    }
    assert.equal(REPORT_MESSAGES.span, "Choose a range of at most 400 days.");
    // 400 days, both counted, is allowed.
    assert.equal((await call("GET", "/reports/summary?from=2026-01-01&to=2027-02-04")).status, 200);
  });

  await t.step("without a login: 401", async () => {
    for (const path of ["/reports/summary", "/reports/summary.csv"]) {
      const { status, body } = await json(await app.request(send("GET", `${path}?${RANGE}`, {})));
      assert.deepEqual([status, body.code], [401, "UNAUTHENTICATED"], path);
    }
  });

  await t.step("the API reference states the definitions, for any staff member", async () => {
    const doc = await (await app.request(new Request("http://localhost/api/openapi.json"))).json();
    const summary = doc.paths["/api/admin/reports/summary"].get;
    assert.equal(summary["x-required-role"], "admin");
    for (const term of ["bookedRevenue", "collected", "outstanding", "recurringRunRate", "utilisation", "12/13/n", "Monday-start"]) {
      assert.ok(summary.description.includes(term), term);
    }
    assert.equal(doc.paths["/api/admin/reports/summary.csv"].get["x-required-role"], "admin");
  });
});
