import assert from "node:assert/strict";
import { adminSession, awayFromWindowEdge, buildTestApp, countingHasher, describeApi, json, type TestApp } from "./test-app.ts";
import { post } from "./test-fixtures.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { argon2Hasher } from "../adapters/security/password.ts";
import { LOGIN_LIMITS } from "../core/admin/login.ts";
import { PASSWORD_MESSAGES } from "../core/admin/password-policy.ts";
import { PasswordHasherBusyError } from "../core/admin/ports.ts";
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

/** The cookies a response sets, by name: value and attributes as sent. */
function setCookies(res: Response): Map<string, { value: string; attributes: string[] }> {
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), { value: decodeURIComponent(pair.slice(at + 1)), attributes });
  }
  return cookies;
}

/** A browser's session after logging in: the Cookie header it sends and the CSRF value it reads. */
async function browserLogin(app: TestApp, email: string, ip: string) {
  const res = await app.request(post("/api/auth/login", { email, password: PASSWORD }, { "x-forwarded-for": ip }));
  assert.equal(res.status, 200);
  const body = await res.json();
  const cookies = setCookies(res);
  const session = cookies.get("staff_session")!.value;
  const csrf = cookies.get("staff_csrf")!.value;
  return { token: body.token as string, csrf, cookie: `staff_session=${session}; staff_csrf=${csrf}` };
}

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
  const login = (email: string, password: string, ip = "203.0.113.1", on: TestApp = app) =>
    on.request(post("/api/auth/login", { email, password }, { "x-forwarded-for": ip }));
  /** A fresh window for a step that counts attempts. */
  const freshCounts = async () => {
    await awayFromWindowEdge(15 * 60, 15);
    await db.sql`delete from rate_limit_counters`;
    delays.length = 0;
  };

  await t.step("a good login returns a token and the user; the token opens /api/admin", async () => {
    const { status, body } = await json(await login("  SAM@yarrashine.com.au ", PASSWORD));
    assert.equal(status, 200);
    // Issue 31: cleanerId names a cleaner's login's cleaner; null for the office.
    assert.deepEqual(body.user, { _id: sam._id, name: sam.name, email: sam.email, role: "superadmin", cleanerId: null });
    assert.equal(body.expiresAt, "2026-11-22T12:00:00.000Z", "12 h by default");
    const me = await json(await app.request("/api/admin/me", bearer(body.token)));
    assert.equal(me.status, 200);
    assert.equal(me.body.email, sam.email);
  });

  await t.step("the login also sets an httpOnly, SameSite=Strict session cookie and a readable CSRF cookie", async () => {
    const res = await login(sam.email, PASSWORD, "203.0.113.2");
    const cookies = setCookies(res);
    await res.body?.cancel();
    const session = cookies.get("staff_session")!;
    const csrf = cookies.get("staff_csrf")!;
    assert.ok(session.value.split(".").length === 3, "the session cookie carries the token");
    for (const attribute of ["HttpOnly", "SameSite=Strict", "Path=/api"]) assert.ok(session.attributes.includes(attribute), attribute);
    assert.ok(csrf.value.length >= 32);
    assert.ok(csrf.attributes.includes("SameSite=Strict") && csrf.attributes.includes("Path=/"));
    assert.ok(!csrf.attributes.includes("HttpOnly"), "the staff pages read the CSRF cookie");
    assert.ok(![...session.attributes, ...csrf.attributes].includes("Secure"), "plain http: not Secure");
    const https = await app.request(
      post("/api/auth/login", { email: sam.email, password: PASSWORD }, { "x-forwarded-for": "203.0.113.2", "x-forwarded-proto": "https" }),
    );
    await https.body?.cancel();
    for (const [, cookie] of setCookies(https)) assert.ok(cookie.attributes.includes("Secure"), "served over https: Secure");
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

  await t.step("150 parallel logins for one e-mail from one address verify at most 10 passwords", async () => {
    await freshCounts();
    const hasher = countingHasher();
    const counted = buildTestApp(db, { clock: { now: () => now }, hasher });
    // The right password in the middle of the burst, as an attacker's list would have it.
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => login(sam.email, i === 75 ? PASSWORD : `guess-${i}`, "203.0.113.50", counted)),
    );
    const statuses: Record<number, number> = {};
    for (const res of answers) {
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 429) {
        assert.match(res.headers.get("retry-after") ?? "", /^\d+$/, "every 429 says when to retry");
        assert.equal((await res.json()).code, "LOGIN_LOCKED");
      } else await res.body?.cancel();
    }
    assert.ok(hasher.verified() <= LOGIN_LIMITS.perPair, `verified ${hasher.verified()}: ${JSON.stringify(statuses)}`);
    assert.equal(statuses[429], 150 - hasher.verified(), JSON.stringify(statuses));
  });

  await t.step("ten bad logins from one address don't lock the owner out from another", async () => {
    await freshCounts();
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) {
      const res = await login(sam.email, "wrong", "192.0.2.66");
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const stranger = await login(sam.email, "wrong", "192.0.2.66");
    assert.equal(stranger.status, 429, "the stranger's own address is refused");
    assert.match(stranger.headers.get("retry-after") ?? "", /^\d+$/);
    await stranger.body?.cancel();
    delays.length = 0;
    const owner = await login(sam.email, PASSWORD, "198.51.100.20");
    assert.equal(owner.status, 200, "the owner, elsewhere, still logs in");
    await owner.body?.cancel();
    assert.deepEqual(delays, [LOGIN_LIMITS.maxDelayMs], "slowed, not locked");
  });

  await t.step("an e-mail's failures from any address slow its logins, never refuse them", async () => {
    await freshCounts();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      // A different address each time: only the e-mail's own counter sees them all.
      const res = await login(sam.email, "wrong", `192.0.2.${i + 1}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, Array(15).fill(401));
    assert.deepEqual(delays, [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4000, 4000, 4000, 4000], "slower with each failure past 3");
    const right = await login(sam.email, PASSWORD, "192.0.2.200");
    assert.equal(right.status, 200);
    await right.body?.cancel();
    delays.length = 0;
    const after = await login(sam.email, PASSWORD, "192.0.2.201");
    await after.body?.cancel();
    assert.deepEqual(delays, [], "a successful login clears the e-mail's failures");
  });

  await t.step("a successful login forgives its pair's attempts", async () => {
    await freshCounts();
    for (let i = 0; i < LOGIN_LIMITS.perPair - 1; i++) await (await login(sam.email, "wrong", "192.0.2.77")).body?.cancel();
    const right = await login(sam.email, PASSWORD, "192.0.2.77");
    assert.equal(right.status, 200);
    await right.body?.cancel();
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) {
      const res = await login(sam.email, "wrong", "192.0.2.77");
      assert.equal(res.status, 401, `attempt ${i + 1} after the success`);
      await res.body?.cancel();
    }
  });

  await t.step("one address has a ceiling across e-mails; other addresses are unaffected", async () => {
    await freshCounts();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const res = await login(`guess${i}@example.com`, "wrong", "203.0.113.99");
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    const res = await login(sam.email, PASSWORD, "203.0.113.99");
    assert.equal(res.status, 429);
    assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
    await res.body?.cancel();
    const elsewhere = await login(sam.email, PASSWORD, "203.0.113.100");
    assert.equal(elsewhere.status, 200, "other addresses are not locked out");
    await elsewhere.body?.cancel();
  });

  await t.step("a full hashing queue answers 503 SERVICE_BUSY with Retry-After, and costs no attempt", async () => {
    await freshCounts();
    const busy = buildTestApp(db, {
      hasher: {
        hash: () => Promise.reject(new PasswordHasherBusyError()),
        verify: () => Promise.reject(new PasswordHasherBusyError()),
      },
    });
    for (let i = 0; i < LOGIN_LIMITS.perPair + 2; i++) {
      const res = await login(sam.email, PASSWORD, "203.0.113.60", busy);
      assert.equal(res.status, 503);
      assert.equal(res.headers.get("retry-after"), String(LOGIN_LIMITS.busyRetryAfterSeconds));
      assert.deepEqual(await res.json(), { error: "The server is busy. Please try again in a moment.", code: "SERVICE_BUSY", details: { retryAfterSeconds: 1 } });
    }
    const res = await login(sam.email, PASSWORD, "203.0.113.60");
    assert.equal(res.status, 200, "refused attempts did not use up the budget");
    await res.body?.cancel();
  });
});

describeApi("staff sessions end on the server", async (t, app, db) => {
  const ip = "198.51.100.30";
  const root = await adminSession(db, "superadmin");
  const me = (init: RequestInit) => app.request("/api/admin/me", init);
  const changeAdmin = (id: string, body: unknown, headers: Record<string, string> = root.headers) =>
    app.request(new Request(`http://localhost/api/admin/admins/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }));
  const logout = (headers: Record<string, string>) => app.request(post("/api/auth/logout", undefined, headers));

  await t.step("logout with a bearer token: that token answers 401 at once, other sessions live on", async () => {
    const ann = await createAdmin(db, "ann@yarrashine.com.au");
    const first = await browserLogin(app, ann.email, ip);
    const second = await browserLogin(app, ann.email, ip);
    const res = await logout({ authorization: `Bearer ${first.token}` });
    assert.equal(res.status, 204);
    assert.equal((await me(bearer(first.token))).status, 401);
    assert.equal((await me({ headers: { cookie: first.cookie } })).status, 401, "its cookie too");
    assert.equal((await me(bearer(second.token))).status, 200);
    assert.equal((await logout({ authorization: `Bearer ${first.token}` })).status, 401, "already ended");
  });

  await t.step("logout with the cookie clears the cookies and ends the session", async () => {
    const bea = await createAdmin(db, "bea@yarrashine.com.au");
    const session = await browserLogin(app, bea.email, ip);
    assert.equal((await me({ headers: { cookie: session.cookie } })).status, 200, "the cookie alone authenticates");
    const res = await logout({ cookie: session.cookie, "x-csrf-token": session.csrf, "sec-fetch-site": "same-origin" });
    assert.equal(res.status, 204);
    const cleared = setCookies(res);
    assert.equal(cleared.get("staff_session")?.value, "");
    assert.ok(cleared.get("staff_session")?.attributes.includes("Max-Age=0"));
    assert.equal(cleared.get("staff_csrf")?.value, "");
    const after = await me({ headers: { cookie: session.cookie } });
    assert.equal(after.status, 401);
    assert.equal(setCookies(after).get("staff_session")?.value, "", "a dead cookie is dropped");
    assert.equal((await me(bearer(session.token))).status, 401);
  });

  await t.step("a password change ends the admin's sessions at once", async () => {
    const cal = await createAdmin(db, "cal@yarrashine.com.au");
    const session = await browserLogin(app, cal.email, ip);
    const res = await changeAdmin(cal._id, { password: "a brand new passphrase" });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    assert.equal((await me(bearer(session.token))).status, 401);
    assert.equal((await me({ headers: { cookie: session.cookie } })).status, 401);
  });

  await t.step("changing your own password keeps this session and ends the others", async () => {
    const dee = await createAdmin(db, "dee@yarrashine.com.au", "superadmin");
    const here = await browserLogin(app, dee.email, ip);
    const elsewhere = await browserLogin(app, dee.email, ip);
    const res = await changeAdmin(dee._id, { password: "a brand new passphrase" }, { authorization: `Bearer ${here.token}` });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    assert.equal((await me(bearer(here.token))).status, 200, "the session that made the change");
    assert.equal((await me(bearer(elsewhere.token))).status, 401, "every other session");
  });

  await t.step("a role change ends the admin's sessions at once; a name change does not", async () => {
    const eve = await createAdmin(db, "eve@yarrashine.com.au");
    const session = await browserLogin(app, eve.email, ip);
    const renamed = await changeAdmin(eve._id, { name: "Eve Adams" });
    await renamed.body?.cancel();
    assert.equal((await me(bearer(session.token))).status, 200);
    const promoted = await changeAdmin(eve._id, { role: "superadmin" });
    assert.equal(promoted.status, 200);
    await promoted.body?.cancel();
    assert.equal((await me(bearer(session.token))).status, 401);
  });
});

describeApi("cookie-carried writes need the CSRF token", async (t, app, db) => {
  const fay = await createAdmin(db, "fay@yarrashine.com.au");
  const session = await browserLogin(app, fay.email, "198.51.100.40");
  const write = (headers: Record<string, string>) =>
    app.request(new Request("http://localhost/api/admin/settings/slot-buffer", {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ slotBufferMin: 90 }),
    }));
  const cases: [string, Record<string, string>, number, string?][] = [
    ["cookie without the header", { cookie: session.cookie }, 403, "CSRF_REJECTED"],
    ["cookie with a wrong header", { cookie: session.cookie, "x-csrf-token": "x".repeat(session.csrf.length) }, 403, "CSRF_REJECTED"],
    ["cookie, header, but from another site", { cookie: session.cookie, "x-csrf-token": session.csrf, "sec-fetch-site": "cross-site" }, 403, "CSRF_REJECTED"],
    ["cookie, header, a foreign Origin (older browsers)", { cookie: session.cookie, "x-csrf-token": session.csrf, origin: "https://evil.example" }, 403, "CSRF_REJECTED"],
    ["cookie and header from the staff area", { cookie: session.cookie, "x-csrf-token": session.csrf, "sec-fetch-site": "same-origin" }, 200],
    ["cookie and header, same Origin", { cookie: session.cookie, "x-csrf-token": session.csrf, origin: "http://localhost" }, 200],
    ["bearer token without any CSRF header", { authorization: `Bearer ${session.token}` }, 200],
    ["a bad bearer token wins over a good cookie", { authorization: "Bearer nope", cookie: session.cookie, "x-csrf-token": session.csrf }, 401],
  ];
  for (const [name, headers, status, code] of cases) {
    await t.step(name, async () => {
      const res = await write(headers);
      assert.equal(res.status, status);
      const body = await res.json();
      if (code) assert.equal(body.code, code);
    });
  }
  await t.step("reads need no CSRF token", async () => {
    const res = await app.request("/api/admin/me", { headers: { cookie: session.cookie } });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  });
});

describeApi("admin passwords: 12+ characters, not repetitive, not common", async (t, app, db) => {
  const root = await adminSession(db, "superadmin");
  const create = (password: string) =>
    app.request(post("/api/admin/admins", { name: "Gus", email: `gus-${crypto.randomUUID().slice(0, 6)}@example.com`, password }, root.headers));
  const cases: [string, string][] = [
    ["aaaaaaaaaaaa", PASSWORD_MESSAGES.repetitive],
    ["abcabcabcabc", PASSWORD_MESSAGES.repetitive],
    ["Passw0rd!Passw0rd!", PASSWORD_MESSAGES.repetitive],
    ["password1234", PASSWORD_MESSAGES.common],
    ["PASSWORD1234", PASSWORD_MESSAGES.common],
    ["qwerty123456", PASSWORD_MESSAGES.common],
    ["Password2026!", PASSWORD_MESSAGES.common],
    ["short", PASSWORD_MESSAGES.tooShort],
  ];
  for (const [password, message] of cases) {
    await t.step(`${password}: 422 on the password field`, async () => {
      const { status, body } = await json(await create(password));
      assert.equal(status, 422);
      assert.equal(body.code, "VALIDATION_FAILED");
      assert.deepEqual(body.fieldErrors, { password: [message] });
    });
  }
  await t.step("the same rules on an edit", async () => {
    const { body: gus } = await json(await create("Gus-Password-2026"));
    const res = await app.request(new Request(`http://localhost/api/admin/admins/${gus._id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...root.headers },
      body: JSON.stringify({ password: "iloveyou1234" }),
    }));
    const { status, body } = await json(res);
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, { password: [PASSWORD_MESSAGES.common] });
  });
  await t.step("a passphrase passes", async () => {
    const res = await create(PASSWORD);
    assert.equal(res.status, 201);
    await res.body?.cancel();
  });
  // Issue 29: the published demo password, the business, its site, the account's own e-mail.
  const refused: [string, string, string][] = [
    ["ShineDemo-2024!", "gus-demo@example.com", PASSWORD_MESSAGES.demo],
    ["YarraShine2024!", "gus-brand@example.com", PASSWORD_MESSAGES.personal],
    ["yarrashine.com.au", "gus-site@example.com", PASSWORD_MESSAGES.personal],
    ["gus.gardener@example.com", "gus.gardener@example.com", PASSWORD_MESSAGES.personal],
    ["Gus.Gardener-2026", "gus.gardener@example.com", PASSWORD_MESSAGES.personal],
    ["1qaz2wsx3edc4", "gus-guess@example.com", PASSWORD_MESSAGES.guessable],
  ];
  for (const [password, email, message] of refused) {
    await t.step(`${password} for ${email}: 422 saying why`, async () => {
      const res = await app.request(post("/api/admin/admins", { name: "Gus", email, password }, root.headers));
      const { status, body } = await json(res);
      assert.equal(status, 422);
      assert.deepEqual(body.fieldErrors, { password: [message] });
    });
  }
  await t.step("an edit judges the password with the account's stored e-mail", async () => {
    const { body: gus } = await json(
      await app.request(post("/api/admin/admins", { name: "Gus", email: "gus.digger@example.com", password: PASSWORD }, root.headers)),
    );
    const res = await app.request(new Request(`http://localhost/api/admin/admins/${gus._id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...root.headers },
      body: JSON.stringify({ password: "GusDigger-Rocks-2026" }),
    }));
    const { status, body } = await json(res);
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, { password: [PASSWORD_MESSAGES.personal] });
  });
});

describeApi("staff calls in the OpenAPI document", async (t, app) => {
  await t.step("login and logout are documented and admin calls carry the bearer scheme", async () => {
    const { body } = await json(await app.request("/api/openapi.json"));
    assert.ok(body.paths["/api/auth/login"].post.responses["503"]);
    assert.ok(body.paths["/api/auth/logout"].post.responses["204"]);
    assert.deepEqual(body.paths["/api/admin/me"].get.security, [{ bearerAuth: [] }]);
    assert.equal(body.components.securitySchemes.bearerAuth.scheme, "bearer");
  });
});
