import assert from "node:assert/strict";
import { describeApi, json } from "./test-app.ts";
import { DEMO_EXTRAS, DEMO_QUESTIONS, DEMO_SERVICE_IDS, DEMO_SERVICES } from "../adapters/postgres/demo-data.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS } from "../core/settings/types.ts";

describeApi("public catalogue API", async (t, app, db) => {
  await t.step("GET /api/health checks the database", async () => {
    const { status, body } = await json(await app.request("/api/health"));
    assert.equal(status, 200);
    assert.deepEqual(body, { status: "ok", database: "ok" });
  });

  await t.step("GET /api/services lists the active services as { items }", async () => {
    const res = await app.request("/api/services");
    assert.equal(res.headers.get("content-type"), "application/json");
    const { status, body } = await json(res);
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((s: { slug: string }) => s.slug), DEMO_SERVICES.map((s) => s.slug));
    const hourly = body.items.find((s: { _id: string }) => s._id === DEMO_SERVICE_IDS.hourly);
    assert.equal(hourly.pricingModel, "HOURLY");
    assert.equal(typeof hourly.ratePerHour, "number");
  });

  await t.step("GET /api/services/{id}: one service, 404 for unknown or malformed ids", async () => {
    const ok = await json(await app.request(`/api/services/${DEMO_SERVICE_IDS.regular}`));
    assert.equal(ok.status, 200);
    assert.ok(ok.body.bedroomPrices.length > 0);
    for (const id of [crypto.randomUUID(), "not-an-id", "%27%20or%201%3D1"]) {
      const missing = await json(await app.request(`/api/services/${id}`));
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { error: "Service not found.", code: "SERVICE_NOT_FOUND" });
    }
  });

  await t.step("GET /api/extras?serviceId: that service's active extras in order", async () => {
    const id = DEMO_SERVICE_IDS.hourly;
    const { status, body } = await json(await app.request(`/api/extras?serviceId=${id}`));
    assert.equal(status, 200);
    const expected = DEMO_EXTRAS.filter((e) => e.serviceId === id).sort((a, b) => a.order - b.order);
    assert.deepEqual(body.items.map((e: { _id: string }) => e._id), expected.map((e) => e._id));
  });

  await t.step("GET /api/extras without serviceId is a 422 with a field error", async () => {
    const { status, body } = await json(await app.request("/api/extras"));
    assert.equal(status, 422);
    assert.equal(body.code, "VALIDATION_FAILED");
    assert.deepEqual(body.fieldErrors, { serviceId: ["serviceId is required"] });
  });

  await t.step("GET /api/questions: global only, or global plus the service's", async () => {
    const globals = await json(await app.request("/api/questions"));
    assert.ok(globals.body.items.every((q: { scope: string }) => q.scope === "GLOBAL"));
    const id = DEMO_SERVICE_IDS.moveInOut;
    const both = await json(await app.request(`/api/questions?serviceId=${id}`));
    const expected = DEMO_QUESTIONS.filter((q) => q.scope === "GLOBAL" || q.serviceId === id);
    assert.equal(both.body.items.length, expected.length);
    assert.equal((await app.request(`/api/questions?serviceId=${crypto.randomUUID()}`)).status, 404);
  });

  await t.step("GET /api/frequencies, /api/content and /api/business", async () => {
    const freqs = await json(await app.request("/api/frequencies"));
    assert.ok(freqs.body.items.some((f: { code: string; discountPercent: number }) =>
      f.code === "ONE_TIME" && f.discountPercent === 0
    ));
    const content = await json(await app.request("/api/content"));
    assert.deepEqual(content.body, BOOKING_FORM_CONTENT_DEFAULTS);
    const business = await json(await app.request("/api/business"));
    assert.equal(business.body.councils.length, 12);
  });

  await t.step("soft-deleted services vanish from every public call", async () => {
    const id = DEMO_SERVICE_IDS.airbnb;
    await db.sql`update services set deleted_at = now() where id = ${id}`;
    const list = await json(await app.request("/api/services"));
    assert.ok(!list.body.items.some((s: { _id: string }) => s._id === id));
    assert.equal((await app.request(`/api/services/${id}`)).status, 404);
    assert.equal((await app.request(`/api/extras?serviceId=${id}`)).status, 404);
  });

  await t.step("unknown API paths are a JSON 404 in the one error shape", async () => {
    for (const path of ["/api/nope", "/api/services/a/b", "/api"]) {
      const { status, body } = await json(await app.request(path));
      assert.equal(status, 404, path);
      assert.deepEqual(body, { error: "Not found.", code: "NOT_FOUND" });
    }
  });

  await t.step("every response carries a request id and security headers", async () => {
    const res = await app.request("/api/services");
    await res.body?.cancel();
    assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    // An API answer is never a document: OWASP's REST set, a policy that allows nothing.
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
    assert.match(res.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    assert.equal(res.headers.get("cross-origin-resource-policy"), "same-origin");
    assert.equal(res.headers.get("x-xss-protection"), null, "page-only headers are left off");
    // Anything else (pages, and the API reference) has the page set.
    const page = await app.request("/no-such-page");
    await page.body?.cancel();
    assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'self'/);
    assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    assert.equal(page.headers.get("cross-origin-opener-policy"), "same-origin");
  });

  await t.step("a body over the limit is refused with 413 in the error shape", async () => {
    const res = await app.request("/api/services", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(70 * 1024) }),
    });
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, "PAYLOAD_TOO_LARGE");
  });

  await t.step("GET /api/health answers 503 when the database is gone", async () => {
    const { buildApp } = await import("./app.ts");
    const broken = buildApp({
      // Only the routes under test run: the other use cases are never called.
    ...({ adminGroups: { catalog: {}, bookings: {}, settings: {}, invoices: {}, feedback: {}, reports: {}, cleaners: {} }, cardPayments: {} } as unknown as Parameters<typeof buildApp>[0]),
      checkDatabase: () => Promise.reject(new Error("connection refused")),
    });
    const original = console.error;
    console.error = () => {};
    try {
      const { status, body } = await json(await broken.request("/api/health"));
      assert.equal(status, 503);
      assert.equal(body.code, "DATABASE_UNAVAILABLE");
    } finally {
      console.error = original;
    }
  });

  await t.step("a malformed Host header is a 400 in the error shape, never a 500", async () => {
    for (const path of ["/", "/robots.txt", "/sitemap.xml", "/api/services"]) {
      const res = await app.request(path, { headers: { host: "a b" } });
      assert.equal(res.status, 400, path);
      assert.equal((await res.json()).code, "BAD_REQUEST", path);
    }
    for (const host of ["localhost:8000", "yarrashine.com.au", "127.0.0.1", "[::1]:8000"]) {
      const res = await app.request("/api/services", { headers: { host } });
      await res.body?.cancel();
      assert.equal(res.status, 200, host);
    }
  });

  await t.step("text the database cannot store (NUL, a lone surrogate) is a 422 naming the field, never a 500", async () => {
    const inquiry = {
      inquiryType: "OFFICE", firstName: "Ann\u0000", lastName: "Lee", email: "ann@example.com",
      phone: "0412 345 678", suburb: "\uD800Richmond", message: "Office clean",
    };
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(inquiry),
    });
    assert.equal(res.status, 422);
    const body = await res.json();
    assert.equal(body.code, "VALIDATION_FAILED");
    assert.deepEqual(body.fieldErrors, {
      firstName: ["Please remove the unsupported characters."],
      suburb: ["Please remove the unsupported characters."],
    });
    const query = await app.request("/api/questions?serviceId=%00");
    assert.equal(query.status, 422);
    assert.deepEqual((await query.json()).fieldErrors, { serviceId: ["Please remove the unsupported characters."] });
  });
});
