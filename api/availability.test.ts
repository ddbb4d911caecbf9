import assert from "node:assert/strict";
import { buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";
import { DEMO_EXTRAS, DEMO_SERVICE_IDS, DEMO_SERVICES } from "../adapters/postgres/demo-data.ts";
import { makeClosedDatesStore } from "../adapters/postgres/closed-dates-repository.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";
import { OUTSIDE_SERVICE_AREA_MESSAGE } from "../core/settings/service-area.ts";

interface Day {
  date: string;
  open: boolean;
  reason?: string;
  label?: string;
  slots?: { startTimeISO: string; available: boolean }[];
}

const spring = DEMO_SERVICES.find((s) => s._id === DEMO_SERVICE_IDS.spring)!;
const springCarpet = DEMO_EXTRAS.find((e) => e.serviceId === DEMO_SERVICE_IDS.spring && e.title.startsWith("Steam carpet"));
const at = (ymd: string, hour: number) => melbourneInstant(ymd, hour).toISOString();
const hoursOf = (day: Day | undefined) =>
  (day?.slots ?? []).map((slot) => [new Date(slot.startTimeISO).toLocaleTimeString("en-AU", { timeZone: "Australia/Melbourne", hour: "numeric", hour12: false }), slot.available]);

describeApi("GET /api/availability", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const calendar = async (query: string) => await json(await app.request(`http://localhost/api/availability?${query}`));
  const day = (body: { days: Day[] }, date: string) => body.days.find((d) => d.date === date);

  await t.step("every day of the range, with the reasons (clock: Sunday 22 Nov 2026)", async () => {
    await makeClosedDatesStore(db.sql).add({ date: "2026-12-25", label: "Christmas Day" });
    const { status, body } = await calendar("from=2026-11-22&to=2026-12-31");
    assert.equal(status, 200);
    assert.equal(body.days.length, 40);
    assert.equal(body.durationMinutes, 120, "no service: 2 hours");
    assert.deepEqual(day(body, "2026-11-25"), { date: "2026-11-25", open: false, reason: "BEFORE_LEAD_TIME" });
    assert.deepEqual(day(body, "2026-11-29"), { date: "2026-11-29", open: false, reason: "CLOSED_DAY" });
    assert.deepEqual(day(body, "2026-12-25"), { date: "2026-12-25", open: false, reason: "CLOSED_DATE", label: "Christmas Day" });
    const friday = day(body, "2026-11-27")!;
    assert.equal(friday.open, true);
    assert.deepEqual(friday.slots?.map((s) => s.startTimeISO), [8, 9, 10, 11, 12, 13, 14, 15, 16].map((h) => at("2026-11-27", h)));
    const beyond = await calendar("from=2027-11-20&to=2027-11-25");
    assert.deepEqual(beyond.body.days.map((d: Day) => d.reason ?? "open"), ["open", "CLOSED_DAY", "open", "BEYOND_HORIZON", "BEYOND_HORIZON", "BEYOND_HORIZON"]);
  });

  await t.step("the job's length: a 3-bedroom spring clean with three carpets is not offered past 18:00", async () => {
    assert.ok(springCarpet, "the demo spring clean sells steam carpets");
    const extras = `${springCarpet._id}:3`;
    const { body } = await calendar(`from=2026-12-01&to=2026-12-01&serviceId=${spring._id}&bedrooms=3&extras=${extras}`);
    const length = spring.bedroomPrices.find((p) => p.bedrooms === 3)!.durationMinutes + 3 * springCarpet.durationMinutes;
    assert.equal(body.durationMinutes, length);
    const latest = Math.floor((18 * 60 - length) / 60);
    assert.deepEqual(hoursOf(day(body, "2026-12-01")).map(([hour]) => Number(hour)), Array.from({ length: latest - 8 + 1 }, (_, i) => 8 + i));
  });

  await t.step("an hourly 8-hour clean is offered at 8, 9 and 10 only", async () => {
    const { body } = await calendar(`from=2026-12-01&to=2026-12-01&serviceId=${DEMO_SERVICE_IDS.hourly}&hours=8`);
    assert.equal(body.durationMinutes, 480);
    assert.deepEqual(hoursOf(day(body, "2026-12-01")).map(([hour]) => Number(hour)), [8, 9, 10]);
  });

  await t.step("a taken slot is shown taken, and the server agrees with every slot shown", async () => {
    const booked = await app.request(post("/api/bookings", draft({ startTimeISO: "2026-12-02T11:00:00+11:00", hours: 2, extras: [] })));
    assert.equal(booked.status, 201);
    const { body } = await calendar(`from=2026-12-02&to=2026-12-02&serviceId=${DEMO_SERVICE_IDS.hourly}&hours=2`);
    assert.deepEqual(hoursOf(day(body, "2026-12-02")), [
      ["08", true], ["09", true], ["10", false], ["11", false], ["12", false], ["13", true], ["14", true], ["15", true], ["16", true],
    ]);
    for (const slot of day(body, "2026-12-02")!.slots!) {
      if (slot.available) continue;
      const refused = await app.request(post("/api/bookings", draft({ startTimeISO: slot.startTimeISO, hours: 2, extras: [] })));
      assert.equal(refused.status, 409, slot.startTimeISO);
    }
    const free = day(body, "2026-12-02")!.slots!.filter((slot) => slot.available).at(-1)!;
    const accepted = await app.request(post("/api/bookings", draft({ startTimeISO: free.startTimeISO, hours: 2, extras: [] })));
    assert.equal(accepted.status, 201);
  });

  await t.step("a full day says FULL", async () => {
    await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, slotBufferMin: 1440 });
    const { body } = await calendar("from=2026-12-02&to=2026-12-02");
    assert.deepEqual(body.days, [{ date: "2026-12-02", open: false, reason: "FULL" }]);
    await makeSettingsStore(db.sql).saveScheduling(SCHEDULING_DEFAULTS);
  });

  await t.step("bad queries are 422s keyed by field; an unknown service is a 404", async () => {
    const cases: [string, Record<string, string[]>][] = [
      ["from=2026-12-01", { to: ["Use a date written YYYY-MM-DD."] }],
      ["from=2026-02-30&to=2026-03-01", { from: ["Use a date written YYYY-MM-DD."] }],
      ["from=2026-12-10&to=2026-12-01", { to: ["The end date must be on or after the start date."] }],
      ["from=2026-12-01&to=2027-02-01", { to: ["Ask for at most 62 days at a time."] }],
      ["from=2026-12-01&to=2026-12-02&hours=-1", { hours: ["Use a number of 0 or more."] }],
      ["from=2026-12-01&to=2026-12-02&extras=abc:x", { extras: ["List add-ons as id:quantity, separated by commas."] }],
    ];
    for (const [query, fieldErrors] of cases) {
      const { status, body } = await calendar(query);
      assert.equal(status, 422, query);
      assert.deepEqual(body.fieldErrors, fieldErrors, query);
    }
    const sixtyTwo = await calendar("from=2026-12-01&to=2027-01-31");
    assert.equal(sixtyTwo.status, 200);
    assert.equal(sixtyTwo.body.days.length, 62);
    const unknown = await calendar(`from=2026-12-01&to=2026-12-01&serviceId=${crypto.randomUUID()}`);
    assert.equal(unknown.status, 404);
  });
});

describeApi("Bookings and closed dates, the end of the day and the service area", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });

  await t.step("a closed date refuses a booking with a field error on the start", async () => {
    await makeClosedDatesStore(db.sql).add({ date: "2026-12-01", label: "Team day off" });
    const { status, body } = await json(await app.request(post("/api/bookings", draft({ startTimeISO: "2026-12-01T09:00:00+11:00" }))));
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, {
      startTimeISO: ["We’re closed on Tuesday 1 December 2026 (Team day off). Please choose another day."],
    });
  });

  await t.step("a visit that would run past the close of day is refused; its end time is the job's length", async () => {
    const late = await json(await app.request(post("/api/bookings", draft({ startTimeISO: "2026-12-02T16:00:00+11:00", hours: 8, extras: [] }))));
    assert.equal(late.status, 422);
    assert.deepEqual(late.body.fieldErrors, {
      startTimeISO: ["This clean takes about 8 hours and must finish by 18:00, so please choose a start no later than 10:00."],
    });
    const fits = await json(await app.request(post("/api/bookings", draft({ startTimeISO: "2026-12-02T10:00:00+11:00", hours: 8, extras: [] }))));
    assert.equal(fits.status, 201);
    assert.equal(fits.body.endTime, at("2026-12-02", 18));
  });

  await t.step("outside the service area: a booking is refused on the postcode, a quote is taken", async () => {
    const outside = { unit: "", street: "1 George St", suburb: "Sydney", state: "NSW", postCode: "2000" };
    const booking = await json(await app.request(post("/api/bookings", draft({ address: outside, startTimeISO: "2026-12-03T09:00:00+11:00" }))));
    assert.equal(booking.status, 422);
    assert.deepEqual(booking.body.fieldErrors, { "address.postCode": [OUTSIDE_SERVICE_AREA_MESSAGE] });
    const quote = await app.request(post("/api/quotes", draft({ address: outside, startTimeISO: "2026-12-03T09:00:00+11:00" })));
    assert.equal(quote.status, 201);
  });

  await t.step("GET /api/scheduling tells the form the close of day and the service area", async () => {
    const { body } = await json(await app.request("http://localhost/api/scheduling"));
    assert.equal(body.dayEndHour, 18);
    assert.ok(body.serviceArea.postcodes.includes("3000-3207"));
  });
});
