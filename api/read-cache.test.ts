/**
 * Issue 18 through the API: public reads from the read cache, told of staff writes by the tables'
 * notifications (from the write itself on PGlite; on PostgreSQL by LISTEN, in this process and in
 * another), and the ETag / Cache-Control of public GETs.
 */
import assert from "node:assert/strict";
import { buildApp } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { adminSession, json, TEST_JWT_SECRET, TEST_LIMITS, type TestApp } from "./test-app.ts";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase, type TestTarget } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { type DatabaseCache, startDatabaseCache } from "../adapters/cache/database-cache.ts";
import { PUBLIC_CACHE_CONTROL } from "./middleware/etag.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd, weekdayOfYmd } from "../core/shared/melbourne-time.ts";

/** The app compose.ts serves: the same graph as the tests', with a read cache. */
async function cachedApp(db: Pick<TestDatabase, "sql" | "kind" | "onNotification">) {
  // No age limit to speak of: what the tests see fresh was made fresh by a notification.
  const notified: string[] = [];
  const cache: DatabaseCache = await startDatabaseCache(db, { maxAgeMs: 3_600_000, onChange: (table) => notified.push(table) });
  const app = buildApp({
    ...makeAppDeps(db.sql, {
      mailer: makeMailer(makeSettingsStore(db.sql)),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: () => Promise.resolve(),
      readCache: cache,
    }),
    limits: TEST_LIMITS,
    trustProxy: 1,
  });
  return { app, cache, notified };
}

/**
 * Checks what a write must have changed: on PGlite at once (the write heard its own notification
 * before it returned); on PostgreSQL within 1 s (the notification comes by LISTEN, milliseconds
 * after the commit).
 */
async function seen(target: TestTarget, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + (target.name === "pglite" ? 0 : 1_000);
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const get = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost${path}`, { headers });
const send = (app: TestApp, method: string, path: string, headers: Record<string, string>, body: unknown) =>
  app.request(`http://localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const hourlyName = async (app: TestApp) => (await json(await get(app, `/api/services/${DEMO_SERVICE_IDS.hourly}`))).body.name;

/** A Melbourne date well inside the booking window that is not a Sunday (closed by default). */
function openWeekday(): string {
  let ymd = addDaysYmd(melbourneYmd(new Date()), 10);
  if (weekdayOfYmd(ymd) === 0) ymd = addDaysYmd(ymd, 1);
  return ymd;
}

describeOnTargets("read cache through the API: a staff write shows at once in this process", async (t, db, target) => {
  await seedDemoData(db.sql);
  const { app, cache, notified } = await cachedApp(db);
  const staff = await adminSession(db, "admin");
  try {
    await t.step("renaming a service: the public list and the service answer the new name", async () => {
      assert.equal(await hourlyName(app), "Hourly Cleaning");
      const saved = await send(app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, staff.headers, { name: "Hourly Clean" });
      assert.equal(saved.status, 200);
      await saved.body?.cancel();
      await seen(target, async () => {
        assert.equal(await hourlyName(app), "Hourly Clean");
        const list = await json(await get(app, "/api/services"));
        assert.ok(list.body.items.some((s: { name: string }) => s.name === "Hourly Clean"));
      });
    });

    await t.step("closing a date: the calendar and the availability check refuse it at once", async () => {
      const date = openWeekday();
      const check = () => send(app, "POST", "/api/availability/check", {}, { startTimeISO: melbourneInstant(date, 9).toISOString() });
      const day = async () => (await json(await get(app, `/api/availability?from=${date}&to=${date}`))).body.days[0];
      assert.equal((await json(await check())).body.available, true);
      assert.equal((await day()).open, true);
      const closed = await send(app, "POST", "/api/admin/closed-dates", staff.headers, { date, label: "Team day" });
      assert.equal(closed.status, 201);
      await closed.body?.cancel();
      await seen(target, async () => {
        assert.deepEqual(await day(), { date, open: false, reason: "CLOSED_DATE", label: "Team day" });
        assert.equal((await json(await check())).body.available, false);
      });
    });

    await t.step("saving the scheduling settings: the booking form's settings change at once", async () => {
      const before = (await json(await get(app, "/api/scheduling"))).body;
      const current = (await json(await get(app, "/api/admin/settings/scheduling", staff.headers))).body;
      const saved = await send(app, "PUT", "/api/admin/settings/scheduling", staff.headers, { ...current, leadDays: before.leadDays + 1 });
      assert.equal(saved.status, 200);
      await saved.body?.cancel();
      await seen(target, async () => assert.equal((await json(await get(app, "/api/scheduling"))).body.leadDays, before.leadDays + 1));
    });

    await t.step("a write tells the cache the table it changed; a refused write or a staff read tells nothing", async () => {
      // Whatever the steps before sent has arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      notified.length = 0;
      const refused = await send(app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, {}, { name: "No token" });
      assert.equal(refused.status, 401);
      await refused.body?.cancel();
      const invalid = await send(app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, staff.headers, { name: "" });
      assert.equal(invalid.status, 422);
      await invalid.body?.cancel();
      await (await get(app, "/api/admin/services", staff.headers)).body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(notified.join(), "", "no table was written");
      assert.equal(await hourlyName(app), "Hourly Clean");
      const saved = await send(app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, staff.headers, { name: "Hourly" });
      await saved.body?.cancel();
      await seen(target, () => Promise.resolve().then(() => assert.ok(notified.includes("services"), notified.join())));
      await seen(target, async () => assert.equal(await hourlyName(app), "Hourly"));
    });
  } finally {
    await cache.stop();
  }
});

describeOnTargets("read cache through the API: a write in one process reaches another within 1 s", async (t, db) => {
  await seedDemoData(db.sql);
  const other = await db.openAnother();
  const first = await cachedApp(db);
  const second = await cachedApp(other);
  const staff = await adminSession(db, "admin");
  try {
    await t.step("the second process answers the new name within 1 s of the first's write", async () => {
      assert.equal(await hourlyName(second.app), "Hourly Cleaning");
      const saved = await send(first.app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, staff.headers, { name: "Hourly Clean" });
      assert.equal(saved.status, 200);
      await saved.body?.cancel();
      const started = performance.now();
      while (await hourlyName(second.app) !== "Hourly Clean") {
        assert.ok(performance.now() - started < 1_000, "not within 1 s");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  } finally {
    await first.cache.stop();
    await second.cache.stop();
    await other.close();
  }
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] });

describeOnTargets("public GETs: a strong ETag, 304 to If-None-Match, and brief public caching", async (t, db, target) => {
  await seedDemoData(db.sql);
  const { app, cache } = await cachedApp(db);
  const staff = await adminSession(db, "admin");
  try {
    let tag = "";
    await t.step("the catalogue answers with a strong ETag and a public Cache-Control", async () => {
      for (const path of ["/api/services", `/api/services/${DEMO_SERVICE_IDS.regular}`, `/api/extras?serviceId=${DEMO_SERVICE_IDS.regular}`, "/api/frequencies", "/api/questions", "/api/content", "/api/scheduling", "/api/business", "/api/legal/privacy"]) {
        const response = await get(app, path);
        assert.equal(response.status, 200, path);
        assert.match(response.headers.get("etag") ?? "", /^"[0-9a-f]+-[0-9a-f]{16}"$/, path);
        assert.equal(response.headers.get("cache-control"), PUBLIC_CACHE_CONTROL, path);
        await response.body?.cancel();
      }
      const response = await get(app, "/api/services");
      tag = response.headers.get("etag")!;
      const again = await get(app, "/api/services");
      assert.equal(again.headers.get("etag"), tag, "the same body, the same tag");
      await response.body?.cancel();
      await again.body?.cancel();
    });

    await t.step("If-None-Match with the tag (alone, weak, or in a list, or *) is a 304 without a body", async () => {
      for (const header of [tag, `W/${tag}`, `"other", ${tag}`, "*"]) {
        const response = await get(app, "/api/services", { "if-none-match": header, "x-request-id": "etag-test-1" });
        assert.equal(response.status, 304, header);
        assert.equal(await response.text(), "");
        assert.equal(response.headers.get("etag"), tag);
        assert.equal(response.headers.get("cache-control"), PUBLIC_CACHE_CONTROL);
        assert.equal(response.headers.get("content-type"), null);
        assert.equal(response.headers.get("x-request-id"), "etag-test-1");
        assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      }
      const other = await get(app, "/api/services", { "if-none-match": '"something-else"' });
      assert.equal(other.status, 200);
      assert.ok((await other.json()).items.length > 0);
    });

    await t.step("HEAD answers the same headers without the body", async () => {
      const response = await app.request("http://localhost/api/services", { method: "HEAD" });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("etag"), tag);
      assert.equal(await response.text(), "");
    });

    await t.step("a change makes a new tag: the old one gets the new body", async () => {
      const saved = await send(app, "PUT", `/api/admin/services/${DEMO_SERVICE_IDS.hourly}`, staff.headers, { name: "Hourly Clean" });
      await saved.body?.cancel();
      await seen(target, async () => {
        const response = await get(app, "/api/services", { "if-none-match": tag });
        assert.equal(response.status, 200);
        assert.notEqual(response.headers.get("etag"), tag);
        assert.ok((await response.json()).items.some((s: { name: string }) => s.name === "Hourly Clean"));
      });
    });

    await t.step("errors carry no ETag and are not kept (no-cache)", async () => {
      for (const path of ["/api/services/00000000-0000-4000-8000-000000000000", "/api/extras", "/api/legal/nope"]) {
        const response = await get(app, path);
        assert.ok(response.status >= 400, path);
        assert.equal(response.headers.get("etag"), null, path);
        assert.equal(response.headers.get("cache-control"), "no-cache", path);
        await response.body?.cancel();
      }
    });

    await t.step("the availability calendar has an ETag but is revalidated every time (bookings change it)", async () => {
      const date = openWeekday();
      const response = await get(app, `/api/availability?from=${date}&to=${date}`);
      assert.equal(response.status, 200);
      assert.ok(response.headers.get("etag"));
      assert.equal(response.headers.get("cache-control"), "no-cache");
      await response.body?.cancel();
    });

    await t.step("staff calls carry neither an ETag nor a public Cache-Control", async () => {
      for (const path of ["/api/admin/services", "/api/admin/settings/scheduling", "/api/admin/closed-dates"]) {
        const response = await get(app, path, staff.headers);
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get("etag"), null, path);
        assert.doesNotMatch(response.headers.get("cache-control") ?? "", /public/, path);
        await response.body?.cancel();
      }
    });

    await t.step("manage-my-booking answers carry no ETag and stay no-store", async () => {
      const response = await get(app, "/api/manage/not-a-real-token");
      assert.equal(response.headers.get("etag"), null);
      assert.equal(response.headers.get("cache-control"), "no-store");
      await response.body?.cancel();
    });
  } finally {
    await cache.stop();
  }
});
