/**
 * A cleaner's login reaches nothing of the staff API (issue 31), generated from the route
 * declarations so a staff call added later is covered without touching this file: every route
 * whose x-required-role is admin or superadmin answers a cleaner's bearer token 403 FORBIDDEN, and
 * no token at all 401. Paths are filled with ids that match nothing and bodies are {}: the guard
 * answers before any of it is read.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { NOW, post } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { routeName } from "./test-answers.ts";

const PASSWORD = "violet canyon drifts 58";
const STAFF_ROLES = new Set(["admin", "superadmin"]);

describeApi("a cleaner's token: 403 on every staff route", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: { now: () => NOW } });
  const office = await adminSession(db, "admin", undefined, NOW);
  const cleanerId = DEMO_CLEANERS[0]._id;
  const given = await app.request(post(`/api/admin/cleaners/${cleanerId}/account`, { email: "cleaner-role@example.com", password: PASSWORD }, office.headers));
  assert.equal(given.status, 201, await given.text());
  const login = await json(await app.request(post("/api/auth/login", { email: "cleaner-role@example.com", password: PASSWORD })));
  assert.equal(login.body.user.role, "cleaner");
  const cleaner = { authorization: `Bearer ${login.body.token}` };

  const staffRoutes = app.declaredRoutes()
    .filter((route) => STAFF_ROLES.has((route as Record<string, unknown>)["x-required-role"] as string));
  // Every staff call of the document: far more than a handful, or the filter above has stopped finding them.
  assert.ok(staffRoutes.length >= 100, `only ${staffRoutes.length} staff routes found`);

  const call = (method: string, path: string, headers: Record<string, string>) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (!["GET", "HEAD", "DELETE"].includes(method)) {
      init.headers = { ...headers, "content-type": "application/json" };
      init.body = "{}";
    }
    return app.request(new Request("http://localhost" + path.replace(/\{[^}]+\}/g, () => crypto.randomUUID()), init));
  };

  await t.step(`${staffRoutes.length} staff routes: 403 FORBIDDEN to the cleaner, 401 without a token`, async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const method = route.method.toUpperCase();
      const asCleaner = await call(method, route.path, cleaner);
      const body = await asCleaner.json().catch(() => null);
      if (asCleaner.status !== 403 || body?.code !== "FORBIDDEN") wrong.push(`${routeName(route)}: cleaner ${asCleaner.status} ${body?.code}`);
      const anonymous = await call(method, route.path, {});
      await anonymous.body?.cancel();
      if (anonymous.status !== 401) wrong.push(`${routeName(route)}: no token ${anonymous.status}`);
    }
    assert.deepEqual(wrong, []);
  });

  await t.step("the token still works where a cleaner belongs: who am I, and logout", async () => {
    const me = await json(await app.request("/api/auth/me", { headers: cleaner }));
    assert.deepEqual([me.status, me.body.role, me.body.cleanerId], [200, "cleaner", cleanerId]);
    const out = await app.request(post("/api/auth/logout", {}, cleaner));
    assert.equal(out.status, 204);
  });
});
