import assert from "node:assert/strict";
import { buildApp } from "./app.ts";
import { gunzipSync } from "node:zlib";
import { PUBLIC_PAGES } from "./seo-files.ts";
import { isSiteRoute, prerenderedFile, staticRoutes, withAdminRemote } from "./static.ts";

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

/** A build with prerendered pages (web-public/scripts/prerender.mjs) and precompressed assets. */
async function prerenderedBundles() {
  const root = await fakeBundles();
  await Deno.mkdir(`${root}/public/prerendered/services`, { recursive: true });
  const page = (title: string) =>
    `<!doctype html><title>${title}</title><link rel="canonical" href="__SITE_ORIGIN__/x" />` +
    `<div id="root"><h1>${title}</h1>${"<p>Sparkling.</p>".repeat(200)}</div>`;
  await Deno.writeTextFile(`${root}/public/prerendered/index.html`, page("Home page"));
  await Deno.writeTextFile(`${root}/public/prerendered/about-us.html`, page("About page"));
  await Deno.writeTextFile(`${root}/public/prerendered/services/commercial.html`, page("Commercial page"));
  await Deno.writeFile(`${root}/public/assets/index-abc123.js.br`, new Uint8Array([1, 2, 3]));
  return root;
}

const appOn = (root: string) =>
  buildApp({
    // Only the routes under test run: the other use cases are never called.
    ...({ adminGroups: { catalog: {}, bookings: {}, settings: {}, invoices: {}, feedback: {}, reports: {}, cleaners: {} }, cardPayments: {} } as unknown as Parameters<typeof buildApp>[0]),
    checkDatabase: () => Promise.resolve(),
    web: { publicDist: `${root}/public`, adminDist: `${root}/admin`, siteUrl: "http://shop.test" },
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

Deno.test("static: a manage-my-booking link gets the shell with 200, kept by no cache and sent in no Referer", async () => {
  const app = appOn(await fakeBundles());
  const res = await app.request(`/manage/${"Ab-_9".repeat(8)}xyz`);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<title>Home<\/title>/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  assert.equal(res.headers.get("x-robots-tag"), "noindex");
  // Elsewhere the site's own policy stands.
  assert.equal((await app.request("/about-us")).headers.get("referrer-policy"), "strict-origin-when-cross-origin");
});

Deno.test("static: a feedback link gets the shell with 200, kept by no cache and sent in no Referer", async () => {
  const app = appOn(await prerenderedBundles());
  for (const path of [`/feedback/${"Ab-_9".repeat(8)}xyz`, "/feedback/AbC-_1/"]) {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    assert.match(await res.text(), /<title>Home<\/title>/, path);
    assert.equal(res.headers.get("cache-control"), "no-store", path);
    assert.equal(res.headers.get("referrer-policy"), "no-referrer", path);
    assert.equal(res.headers.get("x-robots-tag"), "noindex", path);
  }
  // Never prerendered, and no other path under /feedback is a page.
  assert.equal(prerenderedFile("/feedback/AbC-_1"), null);
  for (const path of ["/feedback", "/feedback/a/b", "/feedback/a.b"]) {
    assert.equal(isSiteRoute(path), false, path);
    assert.equal((await app.request(path)).status, 404, path);
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
    ["/manage/AbC-_1", true], ["/manage/AbC-_1/", true], ["/manage", false], ["/manage/a/b", false], ["/manage/a.b", false],
  ];
  for (const [path, expected] of cases) assert.equal(isSiteRoute(path), expected, path);
});

Deno.test("static: a public page gets its prerendered HTML (any case), with the site's origin", async () => {
  const app = appOn(await prerenderedBundles());
  const cases: [string, string][] = [
    ["/", "Home page"],
    ["/about-us", "About page"],
    ["/About-Us/", "About page"],
    ["/SERVICES/commercial", "Commercial page"],
  ];
  for (const [path, title] of cases) {
    const res = await app.request(`http://shop.test${path}`);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    const html = await res.text();
    assert.match(html, new RegExp(`<h1>${title}</h1>`), path);
    assert.match(html, /<link rel="canonical" href="http:\/\/shop.test\/x" \/>/);
    assert.doesNotMatch(html, /__SITE_ORIGIN__/);
  }
  // Pages without a prerendered file, and the staff area, get the SPA shell.
  for (const path of ["/faq", "/book-now", "/admin/login"]) {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    assert.match(await res.text(), /<title>Home<\/title>/);
  }
  // Unknown paths, and the prerender folder itself, stay 404 with the shell.
  for (const path of ["/nope", "/prerendered/about-us.html", "/about-us/team"]) {
    const res = await app.request(path);
    assert.equal(res.status, 404, path);
    assert.match(await res.text(), /<title>Home<\/title>/);
  }
});

Deno.test("static: the prerendered file of each path", () => {
  const cases: [string, string | null][] = [
    ["/", "prerendered/index.html"],
    ["/about-us", "prerendered/about-us.html"],
    ["/About-Us/", "prerendered/about-us.html"],
    ["/services/Domestic", "prerendered/services/domestic.html"],
    ["/book-now", "prerendered/book-now.html"],
    ["/admin", null],
    ["/admin/bookings", null],
    ["/nope", null],
    ["/../etc/passwd", null],
    ["/manage/AbC-_1", null],
  ];
  for (const [path, expected] of cases) assert.equal(prerenderedFile(path), expected, path);
});

Deno.test("static: HTML is compressed, hashed assets come precompressed", async () => {
  const app = appOn(await prerenderedBundles());
  const page = await app.request("/about-us", { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(page.headers.get("content-encoding"), "gzip");
  assert.match(page.headers.get("vary") ?? "", /accept-encoding/i);
  const html = new TextDecoder().decode(gunzipSync(new Uint8Array(await page.arrayBuffer())));
  assert.match(html, /<h1>About page<\/h1>/);

  const brotli = await app.request("/assets/index-abc123.js", { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(brotli.headers.get("content-encoding"), "br");
  assert.match(brotli.headers.get("content-type") ?? "", /javascript/);
  assert.match(brotli.headers.get("cache-control") ?? "", /immutable/);
  assert.deepEqual([...new Uint8Array(await brotli.arrayBuffer())], [1, 2, 3]);

  const plain = await app.request("/assets/index-abc123.js");
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.equal(await plain.text(), "console.log('host')");
});

Deno.test("static: robots.txt and sitemap.xml use the site's origin", async () => {
  const app = appOn(await fakeBundles());
  const robots = await app.request("http://shop.test/robots.txt");
  assert.equal(robots.status, 200);
  assert.match(robots.headers.get("content-type") ?? "", /^text\/plain/);
  const rules = await robots.text();
  assert.match(rules, /^User-agent: \*$/m);
  assert.match(rules, /^Disallow: \/admin$/m);
  assert.match(rules, /^Disallow: \/api\/$/m);
  assert.match(rules, /^Sitemap: http:\/\/shop.test\/sitemap.xml$/m);

  const sitemap = await app.request("http://shop.test/sitemap.xml");
  assert.equal(sitemap.status, 200);
  assert.match(sitemap.headers.get("content-type") ?? "", /^application\/xml/);
  const xml = await sitemap.text();
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs, PUBLIC_PAGES.map((path) => `http://shop.test${path}`));
  assert.equal(locs.length, 10);
});

Deno.test("static: the configured site URL is used whatever Host the request names", async () => {
  const root = await prerenderedBundles();
  const app = staticRoutes({
    publicDist: `${root}/public`,
    adminDist: `${root}/admin`,
    adminPath: "/admin-app",
    siteUrl: "https://yarrashine.com.au/",
  });
  assert.match(await (await app.request("http://10.0.0.5:8000/robots.txt")).text(), /Sitemap: https:\/\/yarrashine.com.au\/sitemap.xml/);
  const xml = await (await app.request("http://10.0.0.5:8000/sitemap.xml")).text();
  assert.match(xml, /<loc>https:\/\/yarrashine.com.au\/about-us<\/loc>/);
  assert.match(await (await app.request("http://10.0.0.5:8000/about-us")).text(), /href="https:\/\/yarrashine.com.au\/x"/);
  const spoofed = await app.request("http://localhost/about-us", { headers: { host: "evil.example" } });
  assert.doesNotMatch(await spoofed.text(), /evil\.example/);
});

/** A build like the real one: an index.html with a head, the admin remote's entry and a hashed chunk. */
async function bundlesWithRemote() {
  const root = await fakeBundles();
  await Deno.writeTextFile(`${root}/public/index.html`, "<!doctype html><html><head><title>Shell</title></head><body></body></html>");
  await Deno.mkdir(`${root}/public/prerendered`, { recursive: true });
  await Deno.writeTextFile(`${root}/public/prerendered/index.html`, "<!doctype html><html><head><title>Home page</title></head></html>");
  await Deno.writeTextFile(`${root}/admin/assets/remoteEntry.js`, `export const get = "${"entry ".repeat(300)}";`);
  await Deno.writeTextFile(`${root}/admin/assets/admin-app-Bwd3y232.js`, "export const AdminApp = 1;");
  return root;
}

const REMOTE = "https://staff.example.com/admin-app/assets/remoteEntry.js";
const appWithRemote = (root: string, adminRemoteUrl?: string) =>
  buildApp({
    ...({ adminGroups: { catalog: {}, bookings: {}, settings: {}, invoices: {}, feedback: {}, reports: {}, cleaners: {} }, cardPayments: {} } as unknown as Parameters<typeof buildApp>[0]),
    checkDatabase: () => Promise.resolve(),
    web: { publicDist: `${root}/public`, adminDist: `${root}/admin`, siteUrl: "http://shop.test", adminRemoteUrl },
  });

Deno.test("static: the remote's entry is revalidated on every visit (no-cache, ETag), its chunks cached for good", async () => {
  const app = appWithRemote(await bundlesWithRemote());
  const entry = await app.request("/admin-app/assets/remoteEntry.js", { headers: { "accept-encoding": "gzip" } });
  assert.equal(entry.status, 200);
  assert.equal(entry.headers.get("cache-control"), "no-cache");
  const tag = entry.headers.get("etag");
  assert.match(tag ?? "", /^W\/"[0-9a-f]+"$/);
  assert.equal(entry.headers.get("content-encoding"), "gzip");
  await entry.body?.cancel();
  const again = await app.request("/admin-app/assets/remoteEntry.js", { headers: { "if-none-match": tag! } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("cache-control"), "no-cache");
  const chunk = await app.request("/admin-app/assets/admin-app-Bwd3y232.js");
  assert.equal(chunk.headers.get("cache-control"), "public, max-age=31536000, immutable");
  await chunk.body?.cancel();
});

Deno.test("static: with ADMIN_REMOTE_URL every page names the remote's entry, and /admin-app/ is not served here", async () => {
  const root = await bundlesWithRemote();
  const app = appWithRemote(root, REMOTE);
  const tag = `<meta name="admin-remote-entry" content="${REMOTE}"></head>`;
  for (const path of ["/", "/index.html", "/admin", "/admin/bookings", "/faq", "/nope"]) {
    const html = await (await app.request(path)).text();
    assert.ok(html.includes(tag), path);
  }
  const entry = await app.request("/admin-app/assets/remoteEntry.js");
  assert.equal(entry.status, 404);
  assert.equal((await entry.json()).code, "NOT_FOUND");

  // Unset: the pages are as built, and the remote is served here.
  const local = appWithRemote(root);
  assert.doesNotMatch(await (await local.request("/admin")).text(), /admin-remote-entry/);
  assert.equal((await local.request("/admin-app/assets/remoteEntry.js")).status, 200);
});

Deno.test("static: the remote's URL is written as an HTML attribute, escaped", () => {
  assert.equal(
    withAdminRemote("<head></head>", 'https://x.test/a"b&c<d'),
    '<head><meta name="admin-remote-entry" content="https://x.test/a&quot;b&amp;c&lt;d"></head>',
  );
  assert.equal(withAdminRemote("<head></head>", undefined), "<head></head>");
});

/** The CSP's directives by name. */
const cspOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]),
  );

Deno.test("CSP: unset, the page allows its own origin only; set, exactly the remote's origin for its files", async () => {
  const root = await bundlesWithRemote();
  const before = cspOf(await appWithRemote(root).request("/admin"));
  assert.deepEqual(before["script-src"], ["'self'"]);
  assert.deepEqual(before["style-src"], ["'self'", "'unsafe-inline'"]);
  assert.deepEqual(before["img-src"], ["'self'", "data:", "https:"]);
  assert.deepEqual(before["font-src"], ["'self'"]);
  assert.deepEqual(before["connect-src"], ["'self'"]);

  const after = cspOf(await appWithRemote(root, "http://127.0.0.1:8001/admin-app/assets/remoteEntry.js").request("/admin"));
  const origin = "http://127.0.0.1:8001";
  assert.deepEqual(after["script-src"], ["'self'", origin]);
  assert.deepEqual(after["style-src"], ["'self'", "'unsafe-inline'", origin]);
  assert.deepEqual(after["img-src"], ["'self'", "data:", "https:", origin]);
  assert.deepEqual(after["font-src"], ["'self'", origin]);
  assert.deepEqual(after["connect-src"], ["'self'", origin]);
  // Everything else is as it was.
  for (const directive of Object.keys(before)) {
    if (!["script-src", "style-src", "img-src", "font-src", "connect-src"].includes(directive)) {
      assert.deepEqual(after[directive], before[directive], directive);
    }
  }
  assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort());
});
