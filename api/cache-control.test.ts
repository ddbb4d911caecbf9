/**
 * Issue 29, item 8: no browser or proxy keeps an answer that carries personal data or a token.
 * Every declared GET is called: the public catalogue may be kept briefly (ETag, `public`), the
 * other public reads carry an ETag and are revalidated (no-cache), and everything else, the staff
 * API, manage-my-booking, login and the CSV exports included, is `no-store`, whatever its status.
 */
import assert from "node:assert/strict";
import { argon2Hasher } from "../adapters/security/password.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { MAX_BODY_BYTES } from "./app.ts";
import { PUBLIC_CACHE_CONTROL } from "./middleware/etag.ts";
import { adminSession, buildTestApp, describeApi } from "./test-app.ts";
import { routeName, send } from "./test-answers.ts";
import { draft, fixedClock, NOW } from "./test-fixtures.ts";

/** Declared public GETs the same for everyone, which a browser or CDN may keep briefly. */
const CATALOGUE = new Set([
  "/api/services", "/api/services/{id}", "/api/extras", "/api/frequencies", "/api/questions", "/api/content",
  "/api/scheduling", "/api/business", "/api/legal/{page}",
]);
/** Declared public GETs with an ETag that are revalidated every time. */
const REVALIDATED = new Set(["/api/availability"]);

/** A path's parameters filled in: a live record where one helps, else a made-up id or token. */
const filled = (path: string) =>
  path
    .replace("/api/services/{id}", `/api/services/${DEMO_SERVICE_IDS.hourly}`)
    .replace("{token}", newManageToken().token)
    .replace("{page}", "privacy")
    .replace(/\{[^}]+\}/g, crypto.randomUUID());

describeApi("cache-control: no-store on personal data, caching for the public catalogue only", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const staff = await adminSession(db, "superadmin", undefined, NOW);
  const cacheControl = async (method: string, path: string, init: Parameters<typeof send>[3] = {}) => {
    const response = await send(app, method, path, init);
    await response.body?.cancel();
    return { status: response.status, cacheControl: response.headers.get("cache-control"), etag: response.headers.get("etag") };
  };

  await t.step("every declared GET: catalogue public, other public reads no-cache, the rest no-store", async () => {
    const gets = app.declaredRoutes().filter((route) => route.method === "get");
    assert.ok(gets.length > 40, `only ${gets.length} GET routes declared`);
    for (const route of gets) {
      const path = filled(route.path) + (route.path === "/api/extras" ? `?serviceId=${DEMO_SERVICE_IDS.hourly}` : "");
      const answer = await cacheControl("GET", path, { headers: staff.headers });
      const what = `${routeName(route)} -> ${answer.status}`;
      if (CATALOGUE.has(route.path)) {
        assert.equal(answer.status, 200, what);
        assert.equal(answer.cacheControl, PUBLIC_CACHE_CONTROL, what);
        assert.ok(answer.etag, what);
      } else if (REVALIDATED.has(route.path)) {
        assert.equal(answer.cacheControl, "no-cache", what);
      } else {
        assert.equal(answer.cacheControl, "no-store", what);
        assert.equal(answer.etag, null, what);
      }
    }
  });

  await t.step("answers with personal data (200, 201, 204) are no-store: staff lists, CSV, /me, bookings, login", async () => {
    const booking = await send(app, "POST", "/api/bookings", { body: draft() });
    assert.equal(booking.status, 201, await booking.clone().text());
    assert.equal(booking.headers.get("cache-control"), "no-store");
    const created = await booking.json() as { _id: string };
    const inquiry = await cacheControl("POST", "/api/inquiries", {
      body: { inquiryType: "OFFICE", firstName: "Mary", lastName: "Smith", email: "mary@office.example", phone: "0412 000 111", suburb: "Docklands", message: "Weekly." },
    });
    assert.deepEqual(inquiry, { status: 201, cacheControl: "no-store", etag: null });

    for (const path of ["/api/admin/me", "/api/admin/bookings", `/api/admin/bookings/${created._id}`, "/api/admin/bookings.csv", "/api/admin/customers", "/api/admin/customers/export.csv", "/api/admin/inquiries", "/api/admin/admins"]) {
      const answer = await cacheControl("GET", path, { headers: staff.headers });
      assert.deepEqual(answer, { status: 200, cacheControl: "no-store", etag: null }, path);
    }

    const password = "a long cache-control passphrase 29";
    await makeAdminStore(db.sql).insert({ name: "Cache", email: "cache@yarrashine.com.au", role: "admin", passwordHash: await argon2Hasher.hash(password) });
    const login = await send(app, "POST", "/api/auth/login", { body: { email: "cache@yarrashine.com.au", password }, headers: { "x-forwarded-for": "203.0.113.29" } });
    assert.equal(login.status, 200);
    assert.equal(login.headers.get("cache-control"), "no-store");
    const { token } = await login.json() as { token: string };
    const logout = await cacheControl("POST", "/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(logout, { status: 204, cacheControl: "no-store", etag: null });
  });

  await t.step("refusals are no-store too: 401, 404, 413, a too-deep body, a public write's 422", async () => {
    const cases: [string, string, Parameters<typeof send>[3], number][] = [
      ["GET", "/api/admin/bookings", {}, 401],
      ["GET", "/api/nope", {}, 404],
      ["POST", "/api/bookings", { body: "x".repeat(MAX_BODY_BYTES + 1) }, 413],
      ["POST", "/api/auth/login", { body: `{"p":${"[".repeat(40)}${"]".repeat(40)}}` }, 400],
      ["POST", "/api/bookings", { body: draft({ email: "not an e-mail" }) }, 422],
    ];
    for (const [method, path, init, status] of cases) {
      assert.deepEqual(await cacheControl(method, path, init), { status, cacheControl: "no-store", etag: null }, `${method} ${path}`);
    }
  });
});
