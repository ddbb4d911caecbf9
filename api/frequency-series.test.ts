/**
 * Issue 28, item 8: editing a booking's frequency starts or ends its regular clean. A one-off made
 * Weekly used to save a recurring price and start nothing; a visit made One-time kept its series.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";

describeApi("a new frequency starts or ends the regular clean", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const patch = async (id: string, body: unknown) =>
    await json(await app.request(new Request(`http://localhost/api/admin/bookings/${id}`, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    })));
  const visitsOf = (seriesId: string) =>
    db.sql<{ ymd: string; status: string }[]>`
      select to_char(series_date, 'YYYY-MM-DD') as ymd, status from bookings where series_id = ${seriesId} order by start_time`;

  const booked = await app.request(post("/api/bookings", draft({ frequencyCode: "ONE_TIME", email: "ada@example.com" })));
  assert.equal(booked.status, 201, await booked.clone().text());
  const oneOff = await booked.json();

  let seriesId = "";
  await t.step("a one-off made Weekly starts a regular clean with its visits planned, audited as series.create", async () => {
    const preview = await patch(oneOff._id, { frequencyCode: "WEEKLY", preview: true });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.after.seriesId, null, "a preview starts nothing");
    const saved = await patch(oneOff._id, { frequencyCode: "WEEKLY", notifyCustomer: false });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.ok(saved.body.seriesId, "the booking is the first visit of a series");
    seriesId = saved.body.seriesId;
    const visits = await visitsOf(seriesId);
    assert.ok(visits.length >= 9, `${visits.length} visits planned at once`);
    assert.equal(visits[0].ymd, "2026-11-27");
    const [audit] = await db.sql`select action from audit_log where action = 'series.create' and entity_id = ${seriesId}`;
    assert.ok(audit);
  });

  await t.step("a visit given another repeat is refused: that is the series' own change", async () => {
    const [third] = await db.sql<{ id: string }[]>`
      select id from bookings where series_id = ${seriesId} order by start_time offset 2 limit 1`;
    const refused = await patch(third.id, { frequencyCode: "FORTNIGHTLY" });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.fieldErrors.frequencyCode[0], /regular clean’s page/);
  });

  await t.step("a visit made One-time ends the regular clean after it: the later visits are cancelled, the customer told once", async () => {
    const [second] = await db.sql<{ id: string; reference: string }[]>`
      select id, reference from bookings where series_id = ${seriesId} order by start_time offset 1 limit 1`;
    const saved = await patch(second.id, { frequencyCode: "ONE_TIME" });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const visits = await visitsOf(seriesId);
    assert.deepEqual(visits.slice(0, 2).map((v) => v.status), ["PENDING", "PENDING"]);
    assert.ok(visits.slice(2).every((v) => v.status === "CANCELLED"), JSON.stringify(visits));
    const [series] = await db.sql<{ status: string; ends_on: string }[]>`
      select status, to_char(ends_on, 'YYYY-MM-DD') as ends_on from booking_series where id = ${seriesId}`;
    assert.deepEqual(series, { status: "ENDED", ends_on: "2026-12-05" });
    const ended = await db.sql`select 1 from email_outbox where kind = 'series-ended' and related_id = ${seriesId}`;
    assert.equal(ended.length, 1);
    const [audit] = await db.sql<{ after: { fromBooking: string } }[]>`
      select after from audit_log where action = 'series.end' and entity_id = ${seriesId}`;
    assert.equal(audit.after.fromBooking, second.reference);
  });
});
