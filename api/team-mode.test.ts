/**
 * Issue 28, item 3: the team as capacity. With 4 cleaners, 3 of them away, the site used to sell
 * every place maxConcurrentPerSlot allowed and give no one the job. In team mode a start is offered
 * only when a cleaner works then and is free (with the travel gap), and the booking gets that
 * cleaner in its own transaction; maxConcurrentPerSlot still caps.
 */
import assert from "node:assert/strict";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";
import { buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";

const [PRIYA, TOM, ...OTHERS] = DEMO_CLEANERS.map((c) => c._id);
const at = (ymd: string, hour: number) => melbourneInstant(ymd, hour).toISOString();

interface Day {
  date: string;
  open: boolean;
  slots?: { startTimeISO: string; available: boolean }[];
}

describeApi("team mode: the team is the capacity", async (t, _app, db) => {
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10, availabilityMode: "TEAM", teamGapMin: 30 });
  // Only Priya and Tom work: the others are away all December.
  for (const id of OTHERS) {
    await db.sql`insert into cleaner_time_off (id, cleaner_id, from_date, to_date, reason)
                 values (${crypto.randomUUID()}, ${id}, '2026-11-01', '2026-12-31', 'Holidays')`;
  }
  // Tom works Mondays to Fridays 8:00-12:00 only.
  await db.sql`update cleaners set working_hours_set = true where id = ${TOM}`;
  for (const weekday of [1, 2, 3, 4, 5]) {
    await db.sql`insert into cleaner_working_hours (cleaner_id, weekday, start_minutes, end_minutes) values (${TOM}, ${weekday}, 480, 720)`;
  }
  const app = buildTestApp(db, { clock: fixedClock });
  const book = async (startTimeISO: string, email: string) =>
    await json(await app.request(post("/api/bookings", draft({ startTimeISO, frequencyCode: "ONE_TIME", hours: 2, extras: [], email }))));
  const slotsOf = async (date: string) => {
    const { body } = await json(await app.request(`http://localhost/api/availability?from=${date}&to=${date}&serviceId=${draft().serviceId}&hours=2`));
    return Object.fromEntries(((body.days as Day[])[0].slots ?? []).map((s) => [new Date(s.startTimeISO).getTime(), s.available]));
  };

  await t.step("two cleaners, ten places: two bookings at 9:00 get one cleaner each, the third is refused", async () => {
    const first = await book(at("2026-12-01", 9), "one@example.com");
    const second = await book(at("2026-12-01", 9), "two@example.com");
    const third = await book(at("2026-12-01", 9), "three@example.com");
    assert.deepEqual([first.status, second.status, third.status], [201, 201, 409], JSON.stringify(third.body));
    assert.equal(third.body.code, "SLOT_UNAVAILABLE");
    assert.deepEqual([first.body.cleanerIds.length, second.body.cleanerIds.length], [1, 1]);
    assert.notEqual(first.body.cleanerIds[0], second.body.cleanerIds[0]);
  });

  await t.step("the calendar offers a start only when a cleaner works and is free, travel gap included", async () => {
    const slots = await slotsOf("2026-12-01");
    // Both on the 9:00-11:00 jobs: 10:00 and 11:00 clash (11:00 is inside the 30-minute gap).
    assert.equal(slots[melbourneInstant("2026-12-01", 10).getTime()], false);
    assert.equal(slots[melbourneInstant("2026-12-01", 11).getTime()], false);
    // 12:00: Tom's day has ended, Priya is free.
    assert.equal(slots[melbourneInstant("2026-12-01", 12).getTime()], true);
    // Saturday: Tom doesn't work; Priya (the business's default week) does.
    const saturday = await slotsOf("2026-12-05");
    assert.equal(saturday[melbourneInstant("2026-12-05", 14).getTime()], true);
  });

  await t.step("the customer's regular cleaner comes first: their next booking goes to the same cleaner", async () => {
    const earlier = await book(at("2026-12-02", 9), "regular@example.com");
    assert.equal(earlier.status, 201);
    const again = await book(at("2026-12-03", 9), "regular@example.com");
    assert.equal(again.status, 201);
    assert.deepEqual(again.body.cleanerIds, earlier.body.cleanerIds);
  });

  await t.step("leave takes a cleaner out: with Priya away too, only Tom's morning is offered", async () => {
    await db.sql`insert into cleaner_time_off (id, cleaner_id, from_date, to_date) values (${crypto.randomUUID()}, ${PRIYA}, '2026-12-09', '2026-12-09')`;
    const slots = await slotsOf("2026-12-09");
    assert.equal(slots[melbourneInstant("2026-12-09", 9).getTime()], true);
    assert.equal(slots[melbourneInstant("2026-12-09", 13).getTime()], false);
    const refused = await book(at("2026-12-09", 13), "late@example.com");
    assert.deepEqual([refused.status, refused.body.code], [409, "SLOT_UNAVAILABLE"]);
    const morning = await book(at("2026-12-09", 9), "early@example.com");
    assert.deepEqual([morning.status, morning.body.cleanerIds], [201, [TOM]]);
  });

  await t.step("a customer's move keeps their cleaner where they can come, else gives the job to one who can", async () => {
    const booked = await book(at("2026-12-10", 9), "mover@example.com");
    assert.equal(booked.status, 201);
    // Tom is on it (the office put him there).
    await db.sql`update booking_cleaners set cleaner_id = ${TOM} where booking_id = ${booked.body._id}`;
    const link = newManageToken();
    await saveManageTokenHash(db.sql, booked.body._id, link.hash);
    // 14:00: Tom has stopped work; Priya, who can come, takes the job.
    const moved = await json(await app.request(post(`/api/manage/${link.token}/reschedule`, { startTimeISO: at("2026-12-10", 14) })));
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const [row] = await db.sql<{ cleaners: string[] }[]>`
      select coalesce(json_agg(cleaner_id), '[]'::json) as cleaners from booking_cleaners where booking_id = ${booked.body._id}`;
    assert.deepEqual(row.cleaners, [PRIYA]);
  });
});
