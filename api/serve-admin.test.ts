import assert from "node:assert/strict";
import { adminBundleServer } from "./serve-admin.ts";

const HOST = "https://yarrashine.com.au";

async function adminDist() {
  const root = await Deno.makeTempDir();
  await Deno.mkdir(`${root}/assets`, { recursive: true });
  await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>Staff area</title>");
  await Deno.writeTextFile(`${root}/assets/remoteEntry.js`, `export const get = "${"entry ".repeat(300)}";`);
  await Deno.writeTextFile(`${root}/assets/admin-app-Bwd3y232.js`, "export const AdminApp = 1;");
  await Deno.writeTextFile(`${root}/assets/admin-app-BU2BvyQJ.css`, ".staff{color:teal}");
  return root;
}

const serverOn = async () => adminBundleServer({ adminDist: await adminDist(), allowedOrigins: [HOST] });

Deno.test("serve:admin: the entry is revalidated on every visit (no-cache, ETag, 304), hashed chunks cached for good", async () => {
  const app = await serverOn();
  const entry = await app.request("/admin-app/assets/remoteEntry.js", { headers: { origin: HOST, "accept-encoding": "gzip" } });
  assert.equal(entry.status, 200);
  assert.match(entry.headers.get("content-type") ?? "", /javascript/);
  assert.equal(entry.headers.get("cache-control"), "no-cache");
  assert.equal(entry.headers.get("content-encoding"), "gzip");
  const tag = entry.headers.get("etag");
  assert.match(tag ?? "", /^W\/"[0-9a-f]+"$/);
  await entry.body?.cancel();

  const unchanged = await app.request("/admin-app/assets/remoteEntry.js", { headers: { origin: HOST, "if-none-match": tag! } });
  assert.equal(unchanged.status, 304);
  assert.equal(unchanged.headers.get("cache-control"), "no-cache");
  assert.equal(unchanged.headers.get("access-control-allow-origin"), HOST);

  for (const path of ["/admin-app/assets/admin-app-Bwd3y232.js", "/admin-app/assets/admin-app-BU2BvyQJ.css"]) {
    const chunk = await app.request(path, { headers: { origin: HOST } });
    assert.equal(chunk.status, 200, path);
    assert.equal(chunk.headers.get("cache-control"), "public, max-age=31536000, immutable", path);
    assert.equal(chunk.headers.get("etag"), null, path);
    await chunk.body?.cancel();
  }
});

Deno.test("serve:admin: CORS for the host's origin only", async () => {
  const app = await serverOn();
  const allowed = await app.request("/admin-app/assets/remoteEntry.js", { headers: { origin: HOST } });
  assert.equal(allowed.headers.get("access-control-allow-origin"), HOST);
  assert.match(allowed.headers.get("vary") ?? "", /origin/i);
  await allowed.body?.cancel();
  for (const origin of ["https://evil.example", "https://yarrashine.com.au.evil.example", "null"]) {
    const other = await app.request("/admin-app/assets/remoteEntry.js", { headers: { origin } });
    assert.equal(other.headers.get("access-control-allow-origin"), null, origin);
    await other.body?.cancel();
  }
  const preflight = await app.request("/admin-app/assets/remoteEntry.js", {
    method: "OPTIONS",
    headers: { origin: HOST, "access-control-request-method": "GET" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), HOST);
  assert.equal(preflight.headers.get("access-control-allow-methods"), "GET,HEAD");
});

Deno.test("serve:admin: the remote's files only, at the path the build expects", async () => {
  const app = await serverOn();
  for (const path of ["/", "/admin-app/", "/admin-app/index.html", "/assets/remoteEntry.js", "/admin-app/assets/nope.js", "/admin-app/assets/../index.html"]) {
    const res = await app.request(path);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
  const entry = await app.request("/admin-app/assets/remoteEntry.js");
  assert.equal(entry.headers.get("x-content-type-options"), "nosniff");
  await entry.body?.cancel();
});
