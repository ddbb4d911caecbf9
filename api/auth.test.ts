import assert from "node:assert/strict";
import { awayFromWindowEdge, buildTestApp, describeApi, json } from "./test-app.ts";
import { post } from "./test-fixtures.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { argon2Hasher } from "../adapters/security/password.ts";
import { LOGIN_LIMITS } from "../core/admin/login.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

const PASSWORD = "correct horse battery";

async function createAdmin(db: TestDatabase, email: string, role: "admin" | "superadmin" = "admin") {
  return await makeAdminStore(db.sql).insert({
    name: email.split("@")[0],
    email,
    role,
    passwordHash: await argon2Hasher.hash(PASSWORD),
  });
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describeApi("POST /api/auth/login and the admin guard", async (t, _app, db) => {
  let now = new Date("2026-11-22T00:00:00Z");
  const delays: number[] = [];
  const app = buildTestApp(db, {
    clock: { now: () => now },
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  });
  const sam = await createAdmin(db, "sam@yarrashine.com.au", "superadmin");
  const login = (email: string, password: string, ip = "203.0.113.1") =>
    app.request(post("/api/auth/login", { email, password }, { "x-forwarded-for": ip }));

  await t.step("a good login returns a token and the user; the token opens /api/admin", async () => {
    const { status, body } = await json(await login("  SAM@yarrashine.com.au ", PASSWORD));
    assert.equal(status, 200);
    assert.deepEqual(body.user, { _id: sam._id, name: sam.name, email: sam.email, role: "superadmin" });
    assert.equal(body.expiresAt, "2026-11-22T12:00:00.000Z", "12 h by default");
    const me = await json(await app.request("/api/admin/me", bearer(body.token)));
    assert.equal(me.status, 200);
    assert.equal(me.body.email, sam.email);
  });

  await t.step("an unknown e-mail and a wrong password get the same 401", async () => {
    const unknown = await json(await login("nobody@example.com", PASSWORD));
    const wrong = await json(await login(sam.email, "not the password"));
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.body, wrong.body);
    assert.deepEqual(wrong.body, { error: "Invalid email or password.", code: "INVALID_CREDENTIALS" });
  });

  await t.step("missing fields are a 422; non-JSON a 400", async () => {
    const { status, body } = await json(await app.request(post("/api/auth/login", { email: "" })));
    assert.equal(status, 422);
    assert.deepEqual(Object.keys(body.fieldErrors).sort(), ["email", "password"]);
    assert.equal((await app.request(post("/api/auth/login", "{"))).status, 400);
  });

  await t.step("the guard: no, malformed, tampered, foreign or expired tokens are 401", async () => {
    const { body } = await json(await login(sam.email, PASSWORD, "198.51.100.7"));
    const token: string = body.token;
    const [h, p, s] = token.split(".");
    const cases: [string, RequestInit][] = [
      ["no header", {}],
      ["not bearer", { headers: { authorization: `Basic ${btoa("a:b")}` } }],
      ["garbage", bearer("not-a-token")],
      ["tampered payload", bearer(`${h}.${p.slice(0, -2)}AA.${s}`)],
      ["tampered signature", bearer(`${h}.${p}.${s.slice(0, -2)}AA`)],
    ];
    for (const [name, init] of cases) {
      const res = await app.request("/api/admin/me", init);
      assert.equal(res.status, 401, name);
      assert.equal((await res.json()).code, "UNAUTHENTICATED", name);
    }
    now = new Date("2026-11-22T12:00:01Z");
    assert.equal((await app.request("/api/admin/me", bearer(token))).status, 401, "expired");
    now = new Date("2026-11-22T00:00:00Z");
  });

  await t.step("a deleted admin's token stops working at once", async () => {
    const kim = await createAdmin(db, "kim@yarrashine.com.au");
    const { body } = await json(await login(kim.email, PASSWORD, "198.51.100.8"));
    assert.equal((await app.request("/api/admin/me", bearer(body.token))).status, 200);
    await db.sql`delete from admins where id = ${kim._id}`;
    assert.equal((await app.request("/api/admin/me", bearer(body.token))).status, 401);
  });

  await t.step("repeated failures for one e-mail are slowed, then refused with 429", async () => {
    await awayFromWindowEdge(15 * 60, 15);
    await db.sql`delete from rate_limit_counters`;
    delays.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.refuseAt + 1; i++) {
      // A different address each time: the e-mail's own counter does the work.
      const res = await login(sam.email, "wrong", `192.0.2.${i + 1}`);
      statuses.push(res.status);
      if (res.status === 429) {
        assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
        assert.equal((await res.json()).code, "LOGIN_LOCKED");
      } else await res.body?.cancel();
    }
    assert.deepEqual(statuses, [...Array(LOGIN_LIMITS.refuseAt).fill(401), 429]);
    assert.deepEqual(delays, [500, 1000, 1500, 2000, 2500, 3000, 3500], "slower with each failure past 3");
    const right = await login(sam.email, PASSWORD, "192.0.2.200");
    assert.equal(right.status, 429, "even the right password waits out the lock");
    await right.body?.cancel();
  });

  await t.step("repeated failures from one address are refused whatever the e-mail", async () => {
    await db.sql`delete from rate_limit_counters`;
    await awayFromWindowEdge(15 * 60, 15);
    for (let i = 0; i < LOGIN_LIMITS.refuseAt; i++) {
      const res = await login(`guess${i}@example.com`, "wrong", "203.0.113.99");
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const res = await login(sam.email, PASSWORD, "203.0.113.99");
    assert.equal(res.status, 429);
    await res.body?.cancel();
    const elsewhere = await login(sam.email, PASSWORD, "203.0.113.100");
    assert.equal(elsewhere.status, 200, "other addresses are not locked out");
    await elsewhere.body?.cancel();
  });
});

describeApi("staff calls in the OpenAPI document", async (t, app) => {
  await t.step("login is documented and admin calls carry the bearer scheme", async () => {
    const { body } = await json(await app.request("/api/openapi.json"));
    assert.ok(body.paths["/api/auth/login"].post);
    assert.deepEqual(body.paths["/api/admin/me"].get.security, [{ bearerAuth: [] }]);
    assert.equal(body.components.securitySchemes.bearerAuth.scheme, "bearer");
  });
});
