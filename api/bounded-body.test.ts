/**
 * Issue 29, item 2: bounded work per request. A JSON body nested deeper than MAX_JSON_DEPTH is a
 * 400 and one over MAX_BODY_BYTES a 413, in the one error body, before any guard counts the call,
 * before the login throttle and argon2, and before anything parses or walks the body.
 */
import assert from "node:assert/strict";
import { argon2Hasher } from "../adapters/security/password.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { LOGIN_LIMITS } from "../core/admin/login.ts";
import { MAX_BODY_BYTES } from "./app.ts";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./middleware/input-guards.ts";
import { buildTestApp, countingHasher, describeApi } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";

const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
/** The reproduction, at any depth: a login with one more field nested inside it. */
const deepLogin = (depth: number) => `{"email":"a@b.co","password":"x","p":${arrays(depth)}}`;

Deno.test("json depth: brackets count only outside strings, escapes included; the body object is level 1", () => {
  assert.equal(jsonNestsDeeperThan(arrays(32), 32), false);
  assert.equal(jsonNestsDeeperThan(arrays(33), 32), true);
  assert.equal(jsonNestsDeeperThan(`{"a":${arrays(31)}}`, 32), false);
  assert.equal(jsonNestsDeeperThan(`{"a":${arrays(32)}}`, 32), true);
  // Siblings do not add up: depth is how deep, not how many.
  assert.equal(jsonNestsDeeperThan(`[${Array(1_000).fill(arrays(30)).join(",")}]`, 32), false);
  // Brackets in text, behind escaped quotes and backslashes, are text.
  assert.equal(jsonNestsDeeperThan(JSON.stringify({ notes: "[".repeat(100) + '\\"{{{' + "{".repeat(100) }), 32), false);
  assert.equal(jsonNestsDeeperThan(JSON.stringify({ a: "\\", b: arrays(40) }), 32), false, "a string of brackets");
  assert.equal(jsonNestsDeeperThan(`{"a":"\\\\",${'"b":'}${arrays(40)}}`, 32), true, "after a string ending in a backslash");
  // Unclosed nesting counts as it opens.
  assert.equal(jsonNestsDeeperThan("[".repeat(33), 32), true);
  assert.equal(jsonNestsDeeperThan("", 32), false);
});

describeApi("bounded work per request: too deep is 400, too large 413, before any throttle or hashing", async (t, _app, db) => {
  const hasher = countingHasher();
  const app = buildTestApp(db, { clock: fixedClock, hasher });
  const password = "a long bounded passphrase 29";
  await makeAdminStore(db.sql).insert({ name: "Bounded", email: "kim@yarrashine.com.au", role: "admin", passwordHash: await argon2Hasher.hash(password) });
  const address = { "x-forwarded-for": "203.0.113.29" };

  await t.step("the issue's login reproduction (6,000 deep) is a 400 in the one error body, never a 500", async () => {
    // 30,000 deep is 60 KB: still under the size limit, so it is the depth that is refused.
    for (const depth of [MAX_JSON_DEPTH, 6_000, 30_000]) {
      const response = await app.request(post("/api/auth/login", deepLogin(depth), address));
      assert.equal(response.status, 400, `depth ${depth}`);
      assert.deepEqual(await response.json(), {
        error: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
        code: "BAD_REQUEST",
      });
    }
    // At the limit the body is read: the login's own answer (the extra field is ignored).
    const atLimit = await app.request(post("/api/auth/login", deepLogin(MAX_JSON_DEPTH - 1), address));
    assert.equal(atLimit.status, 401);
    await atLimit.body?.cancel();
  });

  await t.step("deep bodies cost the login nothing: no argon2, no attempt counted against the address or the e-mail", async () => {
    const before = hasher.verified();
    for (let i = 0; i < LOGIN_LIMITS.perAddress * 2; i++) {
      const body = `{"email":"kim@yarrashine.com.au","password":"wrong","p":${arrays(6_000)}}`;
      const response = await app.request(post("/api/auth/login", body, address));
      assert.equal(response.status, 400);
      await response.body?.cancel();
    }
    assert.equal(hasher.verified(), before, "argon2 never ran for a deep body");
    const login = await app.request(post("/api/auth/login", { email: "kim@yarrashine.com.au", password }, address));
    assert.equal(login.status, 200, "neither the address nor the e-mail was throttled by the deep bodies");
    await login.body?.cancel();
  });

  await t.step("every route that takes a body refuses a deep one with 400, and a large one with 413 (declared or streamed)", async () => {
    const paths = ["/api/availability/check", "/api/bookings", "/api/quotes", "/api/inquiries", "/api/admin/services", "/api/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/cancel"];
    const large = JSON.stringify({ ...draft(), notes: "x".repeat(MAX_BODY_BYTES) });
    for (const path of paths) {
      const deep = await app.request(post(path, `{"p":${arrays(6_000)}}`));
      assert.equal(deep.status, 400, path);
      assert.equal((await deep.json()).code, "BAD_REQUEST", path);
      const declared = await app.request(post(path, large, { "content-length": String(large.length) }));
      assert.equal(declared.status, 413, path);
      assert.deepEqual(await declared.json(), { error: "The request body is too large.", code: "PAYLOAD_TOO_LARGE" }, path);
      const bytes = new TextEncoder().encode(large);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024));
          controller.close();
        },
      });
      const streamed = await app.request(new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: stream }));
      assert.equal(streamed.status, 413, path);
      assert.equal((await streamed.json()).code, "PAYLOAD_TOO_LARGE", path);
    }
  });

  await t.step("a body at the limits still reaches its route: 32 levels and just under the size", async () => {
    const check = { startTimeISO: "2026-11-27T09:00:00+11:00", durationHours: 3 };
    const plain = await app.request(post("/api/availability/check", check));
    const nested = await app.request(post("/api/availability/check", { ...check, p: JSON.parse(arrays(MAX_JSON_DEPTH - 1)) }));
    assert.equal(nested.status, plain.status, "the route's own answer, as without the nested field");
    assert.deepEqual(await nested.json(), await plain.json());
    const big = JSON.stringify({ ...draft(), notes: "x".repeat(MAX_BODY_BYTES - 2_000) });
    const booking = await app.request(post("/api/bookings", big));
    assert.notEqual(booking.status, 413);
    assert.ok(booking.status < 500);
    await booking.body?.cancel();
  });
});
