/**
 * Access to every staff call, table-driven from the OpenAPI document (so a call added later is
 * covered without touching this file): no, tampered or expired token, a deleted admin or an ended
 * session -> 401; an admin on a superadmin-only call -> 403; a superadmin -> neither. Issue 31: a
 * cleaner's login opens the cleaner calls and the "any signed-in account" ones (staff) only, and
 * the office's roles get 403 on the cleaner calls.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, TEST_JWT_SECRET } from "./test-app.ts";
import { NOW } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeAdminSessionStore } from "../adapters/postgres/admin-sessions-repository.ts";
import { makeJwtTokens } from "../adapters/security/jwt.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import type { RequiredRole } from "./openapi.ts";

interface Operation {
  method: string;
  path: string;
  role: Exclude<RequiredRole, "public">;
}

/** A session of a cleaner's login (issue 31), as logging in gives one. */
async function cleanerSession(db: TestDatabase, now: Date) {
  const [account] = await db.sql<{ id: string; name: string; email: string; created_at: Date }[]>`
    insert into admins (id, name, email, role, cleaner_id)
    values (${crypto.randomUUID()}, 'Test cleaner', ${`cleaner-${crypto.randomUUID().slice(0, 8)}@example.com`}, 'cleaner',
            ${DEMO_CLEANERS[0]._id})
    on conflict (cleaner_id) do update set name = excluded.name
    returning id, name, email, created_at`;
  const user = { _id: account.id, name: account.name, email: account.email, role: "cleaner" as const, cleanerId: DEMO_CLEANERS[0]._id, createdAt: account.created_at };
  const { sessionId } = await makeAdminSessionStore(db.sql).start(user._id);
  const { token } = await makeJwtTokens(TEST_JWT_SECRET, 12, () => now).issue(user, sessionId);
  return { headers: { authorization: `Bearer ${token}` } };
}

describeApi("access to every staff call", async (t, _app, db) => {
  let now = NOW;
  const app = buildTestApp(db, { clock: { now: () => now } });
  const doc = (await json(await app.request("/api/openapi.json"))).body;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op.security) operations.push({ method: method.toUpperCase(), path, role: op["x-required-role"] as Operation["role"] });
    }
  }
  assert.ok(operations.length >= 1, "the document lists the staff calls");

  const superadmin = await adminSession(db, "superadmin", undefined, NOW);
  const admin = await adminSession(db, "admin", undefined, NOW);
  const deleted = await adminSession(db, "superadmin", undefined, NOW);
  await db.sql`delete from admins where id = ${deleted.admin._id}`;
  const ended = await adminSession(db, "superadmin", undefined, NOW);
  await db.sql`delete from admin_sessions where admin_id = ${ended.admin._id}`;
  const cleaner = await cleanerSession(db, NOW);
  const [h, p, s] = superadmin.token.split(".");
  const tampered = { authorization: `Bearer ${h}.${p}x.${s}` };

  const call = (op: Operation, headers: Record<string, string>) => {
    const url = "http://localhost" + op.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
    const init: RequestInit = { method: op.method, headers: { ...headers } };
    if (!["GET", "DELETE"].includes(op.method)) {
      init.headers = { ...headers, "content-type": "application/json" };
      init.body = "{}";
    }
    return app.request(new Request(url, init));
  };

  for (const op of operations) {
    await t.step(`${op.method} ${op.path} (${op.role})`, async () => {
      // A call that ends its session (logout) gets a session of its own each time.
      const endsSession = op.path === "/api/auth/logout";
      const session = async (role: "admin" | "superadmin") =>
        endsSession ? await adminSession(db, role, undefined, NOW) : role === "admin" ? admin : superadmin;
      type Headers = Record<string, string>;
      const opens = (s: number) => s !== 401 && s !== 403 && s < 500;
      const officeCall = op.role === "admin" || op.role === "superadmin";
      const cases: [string, () => Headers | Promise<Headers>, (status: number) => boolean][] = [
        ["no token", () => ({}), (s) => s === 401],
        ["tampered token", () => tampered, (s) => s === 401],
        ["deleted admin", () => deleted.headers, (s) => s === 401],
        ["ended session", () => ended.headers, (s) => s === 401],
        ["admin", async () => (await session("admin")).headers, (s) => (op.role === "superadmin" || op.role === "cleaner" ? s === 403 : opens(s))],
        ["superadmin", async () => (await session("superadmin")).headers, (s) => (op.role === "cleaner" ? s === 403 : opens(s))],
        ["cleaner", async () => (endsSession ? await cleanerSession(db, NOW) : cleaner).headers, (s) => (officeCall ? s === 403 : opens(s))],
        // The session cookie alone opens reads; a write also needs the CSRF header.
        [
          "superadmin's cookie, no CSRF header",
          async () => ({ cookie: `staff_session=${(await session("superadmin")).token}` }),
          (s) => (op.method === "GET" && op.role !== "cleaner" ? opens(s) : s === 403),
        ],
      ];
      for (const [who, headers, expected] of cases) {
        const res = await call(op, await headers());
        await res.body?.cancel();
        assert.ok(expected(res.status), `${who}: ${res.status}`);
      }
      now = new Date(NOW.getTime() + 13 * 3_600_000);
      const expired = await call(op, (op.role === "cleaner" ? cleaner : superadmin).headers);
      await expired.body?.cancel();
      now = NOW;
      assert.equal(expired.status, 401, "expired token");
    });
  }
});
