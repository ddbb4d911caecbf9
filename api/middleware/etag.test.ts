import assert from "node:assert/strict";
import { Hono } from "hono";
import { bodyTag, noneMatch, publicEtag } from "./etag.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("etag: the tag is the body's: equal bodies, equal tags; any change, another tag", () => {
  const body = JSON.stringify({ items: [{ name: "Regular Clean", price: 179 }] });
  assert.equal(bodyTag(bytes(body)), bodyTag(bytes(body)));
  assert.match(bodyTag(bytes(body)), /^"[0-9a-f]+-[0-9a-f]{16}"$/);
  const tags = new Set<string>();
  for (const variant of [body, body.replace("179", "178"), body.replace("179", "971"), `${body} `, body.slice(1), "", "a", "b"]) {
    tags.add(bodyTag(bytes(variant)));
  }
  assert.equal(tags.size, 8);
  // A view that does not start on a 4-byte boundary reads the same bytes.
  const padded = bytes(`x${body}`).subarray(1);
  assert.equal(bodyTag(padded), bodyTag(bytes(body)));
});

Deno.test("etag: If-None-Match compares weakly, in lists, and * matches anything", () => {
  const tag = '"1f-0123456789abcdef"';
  assert.equal(noneMatch(tag, tag), true);
  assert.equal(noneMatch(`W/${tag}`, tag), true);
  assert.equal(noneMatch(`"a", ${tag} , "b"`, tag), true);
  assert.equal(noneMatch("*", tag), true);
  assert.equal(noneMatch('"a", "b"', tag), false);
  assert.equal(noneMatch(undefined, tag), false);
  assert.equal(noneMatch("", tag), false);
});

Deno.test("etag: only 200 GET answers are tagged; a route's own Cache-Control wins", async () => {
  const app = new Hono();
  app.use("*", publicEtag({ cacheControl: "public, max-age=30" }));
  app.get("/ok", (c) => c.json({ ok: true }));
  app.get("/private", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ mine: true });
  });
  app.get("/missing", (c) => c.json({ error: "Not found.", code: "NOT_FOUND" }, 404));
  app.post("/ok", (c) => c.json({ ok: true }));

  const ok = await app.request("/ok");
  assert.equal(ok.headers.get("cache-control"), "public, max-age=30");
  assert.ok(ok.headers.get("etag"));
  assert.deepEqual(await ok.json(), { ok: true });
  const own = await app.request("/private");
  assert.equal(own.headers.get("cache-control"), "no-store");
  await own.body?.cancel();
  for (const response of [await app.request("/missing"), await app.request("/ok", { method: "POST" })]) {
    assert.equal(response.headers.get("etag"), null);
    assert.equal(response.headers.get("cache-control"), null);
    await response.body?.cancel();
  }
});
