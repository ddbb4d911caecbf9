/**
 * Issue 28, item 4: a regular clean keeps its cleaners. The office sets a weekly clean's regular
 * cleaners once; its coming visits carry them where they are free, a visit where one is busy keeps
 * its place and says who is missing, visits planned later carry them too, and a visit given
 * someone else for itself keeps them when the regular cleaners change.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { CLEANER_MESSAGES } from "../core/cleaners/schemas.ts";
import type { SeriesDetail } from "../core/series/schemas.ts";
import { auditSummary } from "../core/admin/audit-log/sentences.ts";
import { listAudit } from "../adapters/postgres/audit-repository.ts";

const [PRIYA, TOM] = ["Priya Sharma", "Tom Nguyen"].map((name) => DEMO_CLEANERS.find((c) => c.name === name)!._id);

describeApi("series: the regular cleaners go with every visit they are free for", async (t, _app, db) => {
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10, seriesHorizonWeeks: 4 });
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown) =>
    await json(await app.request(new Request(`http://localhost${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })));
  const job = makeSeriesPlanningJob({ sql: db.sql, clock: fixedClock, log: { info: () => {}, error: () => {} } });

  // A weekly clean from Fri 27 Nov 2026, 9:00 (3 h); its visits are planned four weeks ahead.
  const booked = await app.request(post("/api/bookings", draft({ hours: 3, extras: [] })));
  assert.equal(booked.status, 201);
  const seriesId: string = (await booked.json()).seriesId;
  await job.runOnce();
  const detail = async () => (await call("GET", `/api/admin/series/${seriesId}`)).body as SeriesDetail;
  const coming = async () => (await detail()).visits.filter((v) => v.status === "PENDING");

  // Tom already has another job on Fri 11 Dec at 10:00.
  const other = await app.request(post("/api/bookings", draft({
    startTimeISO: "2026-12-11T10:00:00+11:00", hours: 2, extras: [], frequencyCode: "ONE_TIME", email: "bo@example.com",
  })));
  assert.equal(other.status, 201, await other.clone().text());
  const otherId = (await other.json())._id;
  assert.equal((await call("PUT", `/api/admin/bookings/${otherId}/cleaners`, { cleanerIds: [TOM] })).status, 200);

  await t.step("PUT cleaners: every coming visit gets Tom and Priya, but 11 Dec keeps its place without Tom", async () => {
    const { status, body } = await call("PUT", `/api/admin/series/${seriesId}/cleaners`, { cleanerIds: [TOM, PRIYA] });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.cleanerIds, [TOM, PRIYA]);
    const visits = (body as SeriesDetail).visits.filter((v) => v.status === "PENDING");
    assert.ok(visits.length >= 4);
    for (const visit of visits) {
      const clash = visit.seriesDate === "2026-12-11";
      assert.deepEqual(visit.cleanerIds, clash ? [PRIYA] : [TOM, PRIYA], visit.seriesDate ?? "");
      assert.deepEqual(visit.missingCleanerIds, clash ? [TOM] : [], visit.seriesDate ?? "");
    }
    const [row] = await db.sql`select admin_email, before, after from audit_log where action = 'series.cleaners'`;
    assert.deepEqual(row.before, { cleanerIds: [] });
    assert.deepEqual(row.after.cleanerIds, [TOM, PRIYA]);
    assert.equal(row.after.visitIds.length, visits.length);
    const { items } = await listAudit(db.sql, { entity: "series", entityId: seriesId, page: 1, limit: 5 });
    assert.match(auditSummary(items.find((item) => item.action === "series.cleaners")!), /^Made Tom Nguyen and Priya Sharma the regular cleaners of /);
  });

  await t.step("visits planned later carry them, where free", async () => {
    await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 10, seriesHorizonWeeks: 8 });
    const before = (await coming()).length;
    const run = await job.runOnce();
    assert.ok(run.visits > 0, "the longer horizon plans more visits");
    const visits = await coming();
    assert.equal(visits.length, before + run.visits);
    for (const visit of visits.filter((v) => v.seriesDate !== "2026-12-11")) assert.deepEqual(visit.cleanerIds, [TOM, PRIYA], visit.seriesDate ?? "");
  });

  await t.step("a visit given someone else for itself keeps them when the regular cleaners change", async () => {
    const visits = await coming();
    const special = visits.find((v) => v.seriesDate === "2026-12-18")!;
    const liam = DEMO_CLEANERS.find((c) => c.name.startsWith("Liam"))!._id;
    assert.equal((await call("PUT", `/api/admin/bookings/${special._id}/cleaners`, { cleanerIds: [liam] })).status, 200);
    const { status, body } = await call("PUT", `/api/admin/series/${seriesId}/cleaners`, { cleanerIds: [PRIYA] });
    assert.equal(status, 200);
    for (const visit of (body as SeriesDetail).visits.filter((v) => v.status === "PENDING")) {
      assert.deepEqual(visit.cleanerIds, visit._id === special._id ? [liam] : [PRIYA], visit.seriesDate ?? "");
    }
    const missing = (body as SeriesDetail).visits.find((v) => v._id === special._id)!;
    assert.deepEqual(missing.missingCleanerIds, [PRIYA], "the office sees Priya is not on that one");
  });

  await t.step("unknown or deactivated cleaners: 422 naming the field; the same cleaners again: 200, no audit row", async () => {
    const unknown = await call("PUT", `/api/admin/series/${seriesId}/cleaners`, { cleanerIds: [crypto.randomUUID()] });
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body.fieldErrors, { cleanerIds: [CLEANER_MESSAGES.unknown] });
    const rows = async () => (await db.sql`select count(*)::int as n from audit_log where action = 'series.cleaners'`)[0].n;
    const n = await rows();
    assert.equal((await call("PUT", `/api/admin/series/${seriesId}/cleaners`, { cleanerIds: [PRIYA] })).status, 200);
    assert.equal(await rows(), n);
    assert.equal((await call("PUT", `/api/admin/series/${crypto.randomUUID()}/cleaners`, { cleanerIds: [] })).status, 404);
  });
});
