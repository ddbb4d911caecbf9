/**
 * Issue 28, item 4: "change from a date" used to recreate every visit PENDING and unassigned, even
 * a CONFIRMED one with its cleaner whose time did not change. Now a visit at the very times of one
 * it replaces keeps that one's confirmation and cleaners.
 */
import assert from "node:assert/strict";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";

const TOM = DEMO_CLEANERS.find((c) => c.name === "Tom Nguyen")!._id;

describeApi("a change from a date keeps what it does not change", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown) =>
    await json(await app.request(new Request(`http://localhost${path}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })));
  const booked = await app.request(post("/api/bookings", draft({ email: "ada@example.com" })));
  assert.equal(booked.status, 201, await booked.clone().text());
  const { seriesId } = await booked.json();
  const visits = () =>
    db.sql<{ id: string; ymd: string; status: string; cleaners: string[] }[]>`
      select b.id, to_char(b.series_date, 'YYYY-MM-DD') as ymd, b.status,
             coalesce((select json_agg(bc.cleaner_id) from booking_cleaners bc where bc.booking_id = b.id), '[]'::json) as cleaners
        from bookings b where b.series_id = ${seriesId} and b.status <> 'CANCELLED' order by b.start_time`;

  // The visit of 11 December: confirmed, with Tom on it. 18 December: pending, no one.
  const before = await visits();
  const eleventh = before.find((v) => v.ymd === "2026-12-11")!;
  assert.equal((await call("PATCH", `/api/admin/bookings/${eleventh.id}/status`, { status: "CONFIRMED" })).status, 200);
  assert.equal((await call("PUT", `/api/admin/bookings/${eleventh.id}/cleaners`, { cleanerIds: [TOM] })).status, 200);

  await t.step("fortnightly from 11 December: that visit, at the same time, is still confirmed with Tom", async () => {
    const changed = await call("POST", `/api/admin/series/${seriesId}/change`, { fromDate: "2026-12-11", frequencyCode: "FORTNIGHTLY" });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const after = await visits();
    const kept = after.find((v) => v.ymd === "2026-12-11")!;
    assert.notEqual(kept.id, eleventh.id, "a new visit stands for the date");
    assert.deepEqual([kept.status, kept.cleaners], ["CONFIRMED", [TOM]]);
    assert.equal(after.find((v) => v.ymd === "2026-12-18"), undefined, "fortnightly: no visit on the 18th");
    const next = after.find((v) => v.ymd === "2026-12-25")!;
    assert.deepEqual([next.status, next.cleaners], ["PENDING", []], "a visit that was pending stays pending");
  });

  await t.step("a new start time from 11 December: nothing to keep, the visit is pending and unassigned", async () => {
    const changed = await call("POST", `/api/admin/series/${seriesId}/change`, { fromDate: "2026-12-11", startTime: "13:00" });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const after = await visits();
    const moved = after.find((v) => v.ymd === "2026-12-11")!;
    assert.deepEqual([moved.status, moved.cleaners], ["PENDING", []]);
  });
});
