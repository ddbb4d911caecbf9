import assert from "node:assert/strict";
import { buildApp } from "./app.ts";
import { isSiteRoute } from "./static.ts";

async function fakeBundles() {
  const root = await Deno.makeTempDir();
  await Deno.mkdir(`${root}/public/assets`, { recursive: true });
  await Deno.mkdir(`${root}/admin/assets`, { recursive: true });
  await Deno.writeTextFile(`${root}/public/index.html`, "<!doctype html><title>Home</title>");
  await Deno.writeTextFile(`${root}/public/assets/index-abc123.js`, "console.log('host')");
  await Deno.writeTextFile(`${root}/public/robots.txt`, "User-agent: *");
  await Deno.writeTextFile(`${root}/admin/assets/remoteEntry.js`, "export const get = 1;");
  return root;
}

const appOn = (root: string) =>
  buildApp({
    // Only the routes under test run: the other use cases are never called.
    ...({ adminGroups: {} } as unknown as Parameters<typeof buildApp>[0]),
    checkDatabase: () => Promise.resolve(),
    web: { publicDist: `${root}/public`, adminDist: `${root}/admin` },
  });

Deno.test("static: the site's routes (any case) get index.html with 200", async () => {
  const app = appOn(await fakeBundles());
  for (const path of ["/", "/about-us", "/SERVICES", "/services/Commercial", "/book-now", "/admin", "/admin/login"]) {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    assert.match(await res.text(), /<title>Home<\/title>/);
    assert.equal(res.headers.get("cache-control"), "no-cache");
  }
});

Deno.test("static: unknown pages get index.html (it shows 'Not found') with a 404 status", async () => {
  const app = appOn(await fakeBundles());
  for (const path of ["/nope", "/services/garden", "/about-us/team"]) {
    const res = await app.request(path);
    assert.equal(res.status, 404, path);
    assert.match(await res.text(), /<title>Home<\/title>/);
  }
});

Deno.test("static: files of both bundles, hashed assets cached for good", async () => {
  const app = appOn(await fakeBundles());
  const asset = await app.request("/assets/index-abc123.js");
  assert.equal(asset.status, 200);
  assert.equal(await asset.text(), "console.log('host')");
  assert.match(asset.headers.get("cache-control") ?? "", /immutable/);
  const remote = await app.request("/admin-app/assets/remoteEntry.js");
  assert.equal(remote.status, 200);
  assert.equal(await remote.text(), "export const get = 1;");
  assert.equal((await app.request("/robots.txt")).status, 200);
  const missing = await app.request("/admin-app/assets/nope.js");
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).code, "NOT_FOUND");
});

Deno.test("static: an unbuilt site says how to build it", async () => {
  const root = await Deno.makeTempDir();
  const app = appOn(root);
  const res = await app.request("/");
  assert.equal(res.status, 503);
  assert.match(await res.text(), /npm run build/);
});

Deno.test("static: the route table", () => {
  const cases: [string, boolean][] = [
    ["/", true], ["/about-us", true], ["/About-Us/", true], ["/faq", true], ["/contact-us", true],
    ["/services", true], ["/services/domestic", true], ["/services/commercial", true],
    ["/book-now", true], ["/admin", true], ["/admin/bookings", true],
    ["/services/other", false], ["/administrator", false], ["/faq/x", false], ["//", false],
  ];
  for (const [path, expected] of cases) assert.equal(isSiteRoute(path), expected, path);
});

Deno.test("the e-mail relay is woken only by the calls that write e-mails", async () => {
  let wakes = 0;
  const app = buildApp({
    ...({ adminGroups: {} } as unknown as Parameters<typeof buildApp>[0]),
    checkDatabase: () => Promise.resolve(),
    onOutboxWrite: () => wakes++,
    createBooking: () => Promise.resolve({ ok: true, value: { serviceNameAtBooking: "x" } as never }),
    createInquiry: () => Promise.resolve({ ok: true, value: {} as never }),
    rateLimitStore: { hit: () => Promise.resolve({ hits: 1, retryAfterSeconds: 1 }), deleteOlderThan: () => Promise.resolve(0) },
    idempotencyStore: {} as never,
  });
  const post = (path: string) =>
    app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  for (const path of ["/api/bookings", "/api/quotes", "/api/inquiries"]) {
    assert.equal((await post(path)).status, 201, path);
  }
  assert.equal(wakes, 3);
  await (await post("/api/admin/services")).body?.cancel(); // 401: no token, no e-mail
  assert.equal(wakes, 3);
});
