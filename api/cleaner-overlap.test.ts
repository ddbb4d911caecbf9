/**
 * Issue 28's first reproduction, as the customer and the office meet it: a cleaner is on job 1
 * (Fri 9:00–12:00) and job 2 (Fri afternoon); job 2's customer moves it through the manage link
 * to 10:00. The move must not put the cleaner on two overlapping jobs: the one reservation refuses
 * it (and, underneath, the database would: migration 018); the customer gets a 409, the booking unmoved.
 */
import assert from "node:assert/strict";
import { describeApi, json, adminSession, buildTestApp, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";

const TOM = DEMO_CLEANERS.find((c) => c.name === "Tom Nguyen")!._id;

async function book(app: TestApp, db: TestDatabase, start: string): Promise<{ _id: string; reference: string; token: string }> {
  const email = `c${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.request(post("/api/bookings", draft({ startTimeISO: start, hours: 3, extras: [], email })));
  assert.equal(response.status, 201, await response.clone().text());
  const booking = await response.json();
  // The link the confirmation would carry (this app has no SITE_URL, so its e-mails have none).
  const link = newManageToken();
  await saveManageTokenHash(db.sql, booking._id, link.hash);
  return { ...booking, token: link.token };
}

describeApi("a customer's move cannot double-book their cleaner", async (t, _app, db) => {
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10 });
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const first = await book(app, db, "2026-11-27T09:00:00+11:00");
  const second = await book(app, db, "2026-11-27T13:00:00+11:00");
  for (const job of [first, second]) {
    const assigned = await app.request(new Request(`http://localhost/api/admin/bookings/${job._id}/cleaners`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ cleanerIds: [TOM] }),
    }));
    assert.equal(assigned.status, 200, await assigned.clone().text());
  }

  await t.step("moving job 2 onto job 1's time: 409, the time simply taken (a customer is never told who is busy), nothing moved, no e-mail", async () => {
    const mailsBefore = await db.sql`select count(*)::int as n from email_outbox`;
    const { status, body } = await json(await app.request(post(`/api/manage/${second.token}/reschedule`, { startTimeISO: "2026-11-27T10:00:00+11:00" })));
    assert.equal(status, 409);
    // The one reservation reads Tom's day under his lock and refuses it before any write.
    assert.deepEqual(body, { error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" });
    const [row] = await db.sql`select start_time from bookings where id = ${second._id}`;
    assert.equal(new Date(row.start_time).toISOString(), "2026-11-27T02:00:00.000Z");
    assert.deepEqual(await db.sql`select count(*)::int as n from email_outbox`, mailsBefore);
  });

  await t.step("a move that keeps clear of job 1 still goes through", async () => {
    const { status } = await json(await app.request(post(`/api/manage/${second.token}/reschedule`, { startTimeISO: "2026-11-27T12:00:00+11:00" })));
    assert.equal(status, 200);
  });
});
