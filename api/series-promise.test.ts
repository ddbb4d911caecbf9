/**
 * Issue 28, item 5: a regular clean promises only visits that hold a place. A weekly booking whose
 * second week is full used to get a confirmation listing that week as a "next planned visit" while
 * the visit held nothing. Now its visits are planned in the booking's own transaction: the
 * confirmation lists the next visits that hold a place and names the one it could not place.
 */
import assert from "node:assert/strict";
import { buildTestApp, describeApi } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";

describeApi("a weekly booking's confirmation promises only visits that hold a place", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  // Another customer has Friday 4 December at 9:00: with one place per slot, that week is full.
  const other = await app.request(post("/api/bookings", draft({ startTimeISO: "2026-12-04T09:00:00+11:00", frequencyCode: "ONE_TIME", email: "bo@example.com" })));
  assert.equal(other.status, 201, await other.clone().text());

  const booked = await app.request(post("/api/bookings", draft({ email: "ada@example.com" })));
  assert.equal(booked.status, 201, await booked.clone().text());
  const first = await booked.json();

  await t.step("its visits exist as soon as it is booked: 4 Dec needs attention, the others hold their places", async () => {
    const visits = await db.sql<{ ymd: string; status: string }[]>`
      select to_char(series_date, 'YYYY-MM-DD') as ymd, status from bookings
       where series_id = ${first.seriesId} order by start_time`;
    assert.ok(visits.length >= 9, `${visits.length} visits`);
    assert.deepEqual(visits.slice(0, 4), [
      { ymd: "2026-11-27", status: "PENDING" },
      { ymd: "2026-12-04", status: "NEEDS_ATTENTION" },
      { ymd: "2026-12-11", status: "PENDING" },
      { ymd: "2026-12-18", status: "PENDING" },
    ]);
  });

  await t.step("the confirmation lists the next three that hold a place and names the one that doesn't", async () => {
    const [confirmation] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where kind = 'booking-confirmation' and related_id = ${first._id}`;
    const text = confirmation.text_body;
    const planned = text.slice(text.indexOf("Your next planned visits:"), text.indexOf("We can't do"));
    for (const day of ["Fri 11 Dec 2026, 9:00 am", "Fri 18 Dec 2026, 9:00 am", "Fri 25 Dec 2026, 9:00 am"]) assert.ok(planned.includes(day), day);
    assert.ok(!planned.includes("Fri 4 Dec 2026"), "the full week is not promised");
    assert.ok(text.includes("We can't do this visit at that time: Fri 4 Dec 2026, 9:00 am AEDT (Melbourne time). We'll call you to find another time."), text);
  });
});
