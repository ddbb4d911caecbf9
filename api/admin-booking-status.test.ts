/**
 * Staff status changes under the capacity rule (issue 15): a booking taking back a place it gave
 * up is decided like a new booking, a superadmin may override, and DONE waits for the job's start.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, FRIDAY_9AM, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;

const SLOT_TAKEN = "That time isn’t available. Please choose another.";
const NOT_STARTED = "A job can be marked done only once it has started.";

const patchStatus = (id: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost/api/admin/bookings/${id}/status`, {
    method: "PATCH",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function book(app: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await app.request(post("/api/bookings", draft(overrides)));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json())._id as string;
}

const statusOf = async (db: TestDatabase, id: string) =>
  (await db.sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;

const auditRows = (db: TestDatabase, id: string) =>
  db.sql<{ admin_email: string; before: unknown; after: unknown }[]>`
    select admin_email, before, after from audit_log where entity_id = ${id} and action = 'booking.status' order by id`;

describeApi("staff status: capacity on re-confirm, the superadmin override, DONE after the start", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const setStatus = async (id: string, body: unknown, as: Headers = admin.headers, on: TestApp = app) =>
    await json(await on.request(patchStatus(id, body, as)));

  const jack = await book(app, { firstName: "Jack", email: "jack@example.com" });

  await t.step("cancelled -> confirmed while the place is free: 200, audited without an override", async () => {
    assert.equal((await setStatus(jack, { status: "CANCELLED" })).status, 200);
    const { status, body } = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(status, 200);
    assert.equal(body.status, "CONFIRMED");
    const rows = await auditRows(db, jack);
    assert.deepEqual(rows.at(-1), { admin_email: admin.admin.email, before: { status: "CANCELLED" }, after: { status: "CONFIRMED" } });
  });

  await t.step("the place was taken meanwhile: 409 SLOT_UNAVAILABLE, status and audit unchanged", async () => {
    assert.equal((await setStatus(jack, { status: "CANCELLED" })).status, 200);
    await book(app, { firstName: "Rita", email: "rita@example.com" }); // the freed 9 am place
    const auditBefore = (await auditRows(db, jack)).length;
    const answer = await setStatus(jack, { status: "CONFIRMED" });
    assert.equal(answer.status, 409);
    assert.deepEqual(answer.body, { error: SLOT_TAKEN, code: "SLOT_UNAVAILABLE" });
    assert.equal(await statusOf(db, jack), "CANCELLED");
    assert.equal((await auditRows(db, jack)).length, auditBefore);
  });

  await t.step("an admin may not override capacity: 403 FORBIDDEN, nothing changes", async () => {
    const auditBefore = (await auditRows(db, jack)).length;
    const answer = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: true });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, { error: "Only a superadmin can override capacity.", code: "FORBIDDEN" });
    assert.equal(await statusOf(db, jack), "CANCELLED");
    assert.equal((await auditRows(db, jack)).length, auditBefore);
  });

  await t.step("overrideCapacity must be a boolean: 422 naming it", async () => {
    const answer = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: "yes" }, root.headers);
    assert.equal(answer.status, 422);
    assert.equal(answer.body.code, "VALIDATION_FAILED");
    assert.deepEqual(answer.body.fieldErrors, { overrideCapacity: ["overrideCapacity must be true or false."] });
    assert.equal(await statusOf(db, jack), "CANCELLED");
  });

  await t.step("a superadmin's override takes the place; the audit row says so", async () => {
    const { status, body } = await setStatus(jack, { status: "CONFIRMED", overrideCapacity: true }, root.headers);
    assert.equal(status, 200);
    assert.equal(body.status, "CONFIRMED");
    assert.deepEqual((await auditRows(db, jack)).at(-1), {
      admin_email: root.admin.email,
      before: { status: "CANCELLED" },
      after: { status: "CONFIRMED", overrideCapacity: true },
    });
  });

  await t.step("moves between place-holding statuses need no check, even in a full slot", async () => {
    // Jack and Rita now both hold the one 9 am place; Jack's job has started on this clock.
    const started = new Date(new Date(FRIDAY_9AM).getTime() + 60 * 60_000);
    const later = buildTestApp(db, { clock: { now: () => started } });
    const laterAdmin = await adminSession(db, "admin", undefined, started);
    const { status, body } = await setStatus(jack, { status: "DONE" }, laterAdmin.headers, later);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.status, "DONE");
    assert.deepEqual((await auditRows(db, jack)).at(-1)?.after, { status: "DONE" });
  });

  await t.step("DONE before the job's start: 409 JOB_NOT_STARTED; from its start on: 200", async () => {
    const start = "2026-11-27T14:00:00+11:00";
    const job = await book(app, { firstName: "Mia", email: "mia@example.com", startTimeISO: start, hours: 2 });
    const at = async (now: Date) => {
      const on = buildTestApp(db, { clock: { now: () => now } });
      const session = await adminSession(db, "admin", undefined, now);
      return await setStatus(job, { status: "DONE" }, session.headers, on);
    };
    const early = await setStatus(job, { status: "DONE" });
    assert.equal(early.status, 409);
    assert.deepEqual(early.body, { error: NOT_STARTED, code: "JOB_NOT_STARTED" });
    const aMinuteBefore = await at(new Date(new Date(start).getTime() - 60_000));
    assert.deepEqual([aMinuteBefore.status, aMinuteBefore.body.code], [409, "JOB_NOT_STARTED"]);
    assert.equal(await statusOf(db, job), "PENDING");
    assert.equal((await auditRows(db, job)).length, 0);
    const onTime = await at(new Date(start));
    assert.equal(onTime.status, 200);
    assert.equal(onTime.body.status, "DONE");
  });

  await t.step("race: 10 simultaneous re-confirms of cancelled bookings for one place", async () => {
    const settings = makeSettingsStore(db.sql);
    const start = "2026-11-26T09:00:00+11:00";
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await book(app, { email: `racer${i}@example.com`, startTimeISO: start }));
    for (const id of ids) assert.equal((await setStatus(id, { status: "CANCELLED" })).status, 200);
    const maxConcurrentPerSlot = 3;
    await settings.saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot });
    try {
      const answers = await Promise.all(ids.map((id) => setStatus(id, { status: "CONFIRMED" })));
      const won = answers.filter((a) => a.status === 200).length;
      assert.equal(won, maxConcurrentPerSlot);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        assert.deepEqual([lost.status, lost.body.code], [409, "SLOT_UNAVAILABLE"]);
      }
      const [{ holding }] = await db.sql<{ holding: number }[]>`
        select count(*)::int as holding from bookings
         where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE') and start_time = ${new Date(start)}`;
      assert.equal(holding, maxConcurrentPerSlot);
    } finally {
      await settings.saveScheduling(SCHEDULING_DEFAULTS);
    }
  });
});
