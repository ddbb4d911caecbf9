/**
 * Issue 28, item 7: skipping the first visit of a weekly clean used to give every later visit the
 * discount, so the first-service price was never charged. Now the first visit actually held
 * carries it, whichever path skipped or cancelled the one before (the customer's link, staff).
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import type { SeriesDetail } from "../core/series/schemas.ts";

describeApi("series: the first-service price follows the first visit held", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const job = makeSeriesPlanningJob({ sql: db.sql, clock: fixedClock, log: { info: () => {}, error: () => {} } });
  const booked = await app.request(post("/api/bookings", draft()));
  assert.equal(booked.status, 201);
  const first = await booked.json();
  assert.ok(first.firstServiceTotal > first.recurringTotal, "a weekly clean is discounted after the first visit");
  await job.runOnce();
  const detail = async () =>
    (await json(await app.request(new Request(`http://localhost/api/admin/series/${first.seriesId}`, { headers })))).body as SeriesDetail;
  const prices = async () => (await detail()).visits.map((v) => [v.seriesDate, v.status, v.total]);

  await t.step("the customer skips the first visit from their link: the second now costs the first-service price", async () => {
    const link = newManageToken();
    await saveManageTokenHash(db.sql, first._id, link.hash);
    const skipped = await app.request(post(`/api/manage/${link.token}/skip`, {}));
    assert.equal(skipped.status, 200, await skipped.clone().text());
    const [one, two, three] = await prices();
    assert.deepEqual(one, ["2026-11-27", "CANCELLED", first.firstServiceTotal]);
    assert.deepEqual(two, ["2026-12-04", "PENDING", first.firstServiceTotal]);
    assert.deepEqual(three, ["2026-12-11", "PENDING", first.recurringTotal]);
    const [row] = await db.sql`select admin_email, before, after from audit_log where action = 'booking.first_price'`;
    assert.deepEqual([row.admin_email, Number(row.before.firstServiceTotal), Number(row.after.firstServiceTotal)], [
      "system", first.recurringTotal, first.firstServiceTotal,
    ]);
  });

  await t.step("staff skip that one too: the third takes it; the visit after keeps the recurring price", async () => {
    const second = (await detail()).visits[1];
    const response = await app.request(new Request(`http://localhost/api/admin/series/${first.seriesId}/visits/${second._id}/skip`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "{}",
    }));
    assert.equal(response.status, 200, await response.clone().text());
    const visits = await prices();
    assert.deepEqual(visits[2], ["2026-12-11", "PENDING", first.firstServiceTotal]);
    assert.ok(visits.slice(3).every(([, , total]) => total === first.recurringTotal));
  });
});
