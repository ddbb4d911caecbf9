/**
 * Cleaners' logins (issue 31) through the API on PGlite and PostgreSQL: staff give a cleaner a login
 * with a password or an invite (a one-time set-password link, 72 hours), the refusals, the cleaner
 * logging in, who they are, logging out; deactivating the cleaner ends the session and refuses the
 * login; the admins list and the admins calls never show or change a cleaner's login.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { NOW, post } from "./test-fixtures.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { PASSWORD_MESSAGES } from "../core/admin/password-rules.ts";
import { CLEANER_ACCOUNT_MESSAGES } from "../core/admin/cleaner-account-form.ts";
import { LOGIN_MESSAGES } from "../core/admin/login.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";

type Headers = Record<string, string>;

const PRIYA = DEMO_CLEANERS.find((c) => c.name === "Priya Sharma")!._id;
const TOM = DEMO_CLEANERS.find((c) => c.name === "Tom Nguyen")!._id;
/** Strong enough for the admin policy (zxcvbn 3+), naming nothing of the business. */
const GOOD_PASSWORD = "violet canyon drifts 58";
const OTHER_GOOD_PASSWORD = "orbit mango lantern 91";
const HOUR = 3_600_000;

const request = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The invite e-mails to `to`, newest last, with the token of each one's set-password link. */
async function invites(db: TestDatabase, to: string) {
  const rows = await db.sql<{ subject: string; text_body: string; related_id: string }[]>`
    select subject, text_body, related_id from email_outbox where kind = 'cleaner-invite' and to_address = ${to} order by created_at, id`;
  return rows.map((row) => ({ ...row, token: /\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(row.text_body)?.[1] ?? "" }));
}

const auditRows = async (db: TestDatabase, action: string, entityId: string) => [
  ...await db.sql<{ admin_id: string; admin_email: string; before: unknown; after: unknown }[]>`
    select admin_id, admin_email, before, after from audit_log where action = ${action} and entity_id = ${entityId} order by id`,
];

let ip = 0;
/** A login from an address of its own, so no test meets the login throttle. */
const login = (app: TestApp, email: string, password: string) =>
  app.request(post("/api/auth/login", { email, password }, { "x-forwarded-for": `198.51.100.${++ip % 250}` }));

describeApi("cleaners' logins: given, used, refused", async (t, _app, db) => {
  let now = NOW;
  const app = buildTestApp(db, { clock: { now: () => now }, mailSiteUrl: "https://yarrashine.test" });
  const office = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, headers: Headers = office.headers) =>
    await json(await app.request(request(method, path, body, headers)));

  await t.step("no login yet: GET answers account null; an unknown cleaner 404", async () => {
    assert.deepEqual(await call("GET", `/api/admin/cleaners/${PRIYA}/account`), { status: 200, body: { account: null } });
    const unknown = await call("GET", `/api/admin/cleaners/${crypto.randomUUID()}/account`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, "CLEANER_NOT_FOUND");
  });

  await t.step("a password the admin policy refuses: the same 422 words as an admin account's", async () => {
    for (const password of ["password1234", "short1!", "aaaaaaaaaaaaaaaa"]) {
      const cleaner = await call("POST", `/api/admin/cleaners/${PRIYA}/account`, { email: "priya@example.com", password });
      const superadmin = await adminSession(db, "superadmin", undefined, NOW);
      const admin = await call("POST", "/api/admin/admins", { name: "X", email: "x@example.com", password }, superadmin.headers);
      assert.equal(cleaner.status, 422, password);
      assert.deepEqual(cleaner.body.fieldErrors, admin.body.fieldErrors, password);
    }
    const common = await call("POST", `/api/admin/cleaners/${PRIYA}/account`, { email: "priya@example.com", password: "password1234" });
    assert.deepEqual(common.body.fieldErrors, { password: [PASSWORD_MESSAGES.common] });
    const email = await call("POST", `/api/admin/cleaners/${PRIYA}/account`, { email: "not an e-mail", password: GOOD_PASSWORD });
    assert.equal(email.status, 422);
    assert.ok(email.body.fieldErrors.email);
    assert.deepEqual(await call("GET", `/api/admin/cleaners/${PRIYA}/account`), { status: 200, body: { account: null } }, "nothing stored");
  });

  let priyaToken = "";
  await t.step("with a password: 201, no invite, audited; the cleaner logs in as role cleaner", async () => {
    const { status, body } = await call("POST", `/api/admin/cleaners/${PRIYA}/account`, { email: " Priya@Example.com ", password: GOOD_PASSWORD });
    assert.equal(status, 201, JSON.stringify(body));
    assert.deepEqual(body, { account: { email: "Priya@Example.com", createdAt: NOW.toISOString(), invitedAt: null, lastLoginAt: null } });
    assert.deepEqual(await invites(db, "Priya@Example.com"), []);
    const [row] = await auditRows(db, "cleaner.account_create", PRIYA);
    assert.equal(row.admin_email, office.admin.email);
    assert.deepEqual(row.after, { email: "Priya@Example.com", invited: false });

    const res = await json(await login(app, "priya@example.com", GOOD_PASSWORD));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.user.role, "cleaner");
    assert.equal(res.body.user.cleanerId, PRIYA);
    assert.equal(res.body.user.name, "Priya Sharma");
    priyaToken = res.body.token;
    const read = await call("GET", `/api/admin/cleaners/${PRIYA}/account`);
    assert.ok(read.body.account.lastLoginAt, "the login is remembered");
  });

  const priya = () => ({ authorization: `Bearer ${priyaToken}` });

  await t.step("GET /api/auth/me answers the cleaner's role and cleanerId; the staff API answers 403", async () => {
    const me = await call("GET", "/api/auth/me", undefined, priya());
    assert.equal(me.status, 200);
    assert.deepEqual({ ...me.body, _id: "", createdAt: "" }, {
      _id: "",
      name: "Priya Sharma",
      email: "Priya@Example.com",
      role: "cleaner",
      cleanerId: PRIYA,
      createdAt: "",
    });
    for (const path of ["/api/admin/me", "/api/admin/bookings", `/api/admin/cleaners/${PRIYA}/account`]) {
      const refused = await call("GET", path, undefined, priya());
      assert.equal(refused.status, 403, path);
      assert.equal(refused.body.code, "FORBIDDEN");
    }
    const office = await call("GET", "/api/auth/me");
    assert.equal(office.body.role, "admin");
    assert.equal(office.body.cleanerId, null);
  });

  await t.step("409s: the cleaner has a login; any account has the e-mail; an inactive cleaner; 404 an unknown one", async () => {
    const again = await call("POST", `/api/admin/cleaners/${PRIYA}/account`, { email: "other@example.com", password: GOOD_PASSWORD });
    assert.deepEqual([again.status, again.body.code, again.body.error], [409, "CLEANER_HAS_ACCOUNT", CLEANER_ACCOUNT_MESSAGES.hasAccount]);
    const taken = await call("POST", `/api/admin/cleaners/${TOM}/account`, { email: "PRIYA@example.com" });
    assert.deepEqual([taken.status, taken.body.code], [409, "EMAIL_TAKEN"]);
    const staffEmail = await call("POST", `/api/admin/cleaners/${TOM}/account`, { email: office.admin.email.toUpperCase() });
    assert.deepEqual([staffEmail.status, staffEmail.body.code], [409, "EMAIL_TAKEN"], "an office account's e-mail");
    const superadmin = await adminSession(db, "superadmin", undefined, NOW);
    const adminWithCleanerEmail = await call("POST", "/api/admin/admins", { name: "P", email: "priya@example.com", password: GOOD_PASSWORD }, superadmin.headers);
    assert.deepEqual([adminWithCleanerEmail.status, adminWithCleanerEmail.body.code], [409, "EMAIL_TAKEN"], "an admin may not take a cleaner's e-mail");
    const gone = (await call("POST", "/api/admin/cleaners", { name: "Gone Soon" })).body._id;
    await call("DELETE", `/api/admin/cleaners/${gone}`);
    const inactive = await call("POST", `/api/admin/cleaners/${gone}/account`, { email: "gone@example.com", password: GOOD_PASSWORD });
    assert.deepEqual([inactive.status, inactive.body.code], [409, "CLEANER_INACTIVE"]);
    const unknown = await call("POST", `/api/admin/cleaners/${crypto.randomUUID()}/account`, { email: "x@example.com" });
    assert.deepEqual([unknown.status, unknown.body.code], [404, "CLEANER_NOT_FOUND"]);
    assert.equal((await invites(db, "gone@example.com")).length + (await invites(db, "x@example.com")).length, 0, "no invite for a refusal");
  });

  await t.step("the admins list never shows a cleaner's login; the admins calls cannot change it or give the role", async () => {
    const superadmin = await adminSession(db, "superadmin", undefined, NOW);
    const list = await call("GET", "/api/admin/admins", undefined, superadmin.headers);
    assert.equal(list.status, 200);
    assert.ok(!list.body.items.some((a: { email: string; role: string }) => a.role === "cleaner" || a.email === "Priya@Example.com"));
    const me = await call("GET", "/api/auth/me", undefined, priya());
    const edit = await call("PUT", `/api/admin/admins/${me.body._id}`, { role: "admin" }, superadmin.headers);
    assert.deepEqual([edit.status, edit.body.code], [404, "ADMIN_NOT_FOUND"]);
    const remove = await call("DELETE", `/api/admin/admins/${me.body._id}`, undefined, superadmin.headers);
    assert.deepEqual([remove.status, remove.body.code], [404, "ADMIN_NOT_FOUND"]);
    const toCleaner = await call("PUT", `/api/admin/admins/${office.admin._id}`, { role: "cleaner" }, superadmin.headers);
    assert.equal(toCleaner.status, 422);
    const newCleaner = await call("POST", "/api/admin/admins", { name: "C", email: "c@example.com", password: GOOD_PASSWORD, role: "cleaner" }, superadmin.headers);
    assert.equal(newCleaner.status, 422);
    assert.equal((await call("GET", "/api/auth/me", undefined, priya())).body.role, "cleaner", "still a cleaner");
  });

  await t.step("deactivating the cleaner ends the session (the next call 401) and refuses the login until reactivated", async () => {
    const deactivated = await call("DELETE", `/api/admin/cleaners/${PRIYA}`);
    assert.equal(deactivated.status, 200);
    assert.equal((await call("GET", "/api/auth/me", undefined, priya())).status, 401);
    const [{ n }] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from admin_sessions s join admins a on a.id = s.admin_id where a.cleaner_id = ${PRIYA}`;
    assert.equal(n, 0, "the sessions are gone, not only refused");
    const refused = await json(await login(app, "priya@example.com", GOOD_PASSWORD));
    assert.deepEqual([refused.status, refused.body.code, refused.body.error], [401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.invalid], "as a wrong password");
    assert.equal((await call("PATCH", `/api/admin/cleaners/${PRIYA}`, { active: true })).status, 200);
    const back = await json(await login(app, "priya@example.com", GOOD_PASSWORD));
    assert.equal(back.status, 200);
    priyaToken = back.body.token;
  });

  await t.step("a PATCH that deactivates ends the sessions too", async () => {
    assert.equal((await call("PATCH", `/api/admin/cleaners/${PRIYA}`, { active: false })).status, 200);
    assert.equal((await call("GET", "/api/auth/me", undefined, priya())).status, 401);
    assert.equal((await call("PATCH", `/api/admin/cleaners/${PRIYA}`, { active: true })).status, 200);
    priyaToken = (await json(await login(app, "priya@example.com", GOOD_PASSWORD))).body.token;
  });

  await t.step("logout ends the cleaner's session", async () => {
    const out = await app.request(request("POST", "/api/auth/logout", undefined, priya()));
    assert.equal(out.status, 204);
    assert.equal((await call("GET", "/api/auth/me", undefined, priya())).status, 401);
    priyaToken = (await json(await login(app, "priya@example.com", GOOD_PASSWORD))).body.token;
  });

  await t.step("DELETE the login: 204, its session ends, the login is refused, audited; a second DELETE 404", async () => {
    const removed = await app.request(request("DELETE", `/api/admin/cleaners/${PRIYA}/account`, undefined, office.headers));
    assert.equal(removed.status, 204);
    assert.equal((await call("GET", "/api/auth/me", undefined, priya())).status, 401);
    assert.equal((await login(app, "priya@example.com", GOOD_PASSWORD)).status, 401);
    assert.deepEqual(await call("GET", `/api/admin/cleaners/${PRIYA}/account`), { status: 200, body: { account: null } });
    const [row] = await auditRows(db, "cleaner.account_remove", PRIYA);
    assert.deepEqual(row.before, { email: "Priya@Example.com", invited: false });
    const again = await call("DELETE", `/api/admin/cleaners/${PRIYA}/account`);
    assert.deepEqual([again.status, again.body.code], [404, "CLEANER_ACCOUNT_NOT_FOUND"]);
  });

  await t.step("an invite: the e-mail's one-time link sets the password once; the cleaner then logs in", async () => {
    now = new Date(NOW.getTime() + HOUR);
    const { status, body } = await call("POST", `/api/admin/cleaners/${TOM}/account`, { email: "tom@example.com" });
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal(body.account.invitedAt, now.toISOString());
    const [invite] = await invites(db, "tom@example.com");
    assert.equal(invite.subject, `Set up your ${DEMO_BUSINESS_PROFILE.brandName} login`);
    assert.match(invite.text_body, /Hi Tom,/);
    assert.match(invite.text_body, /https:\/\/yarrashine\.test\/admin\/set-password\/[A-Za-z0-9_-]{43}/);
    assert.equal(invite.related_id, TOM);
    assert.ok(invite.token);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from password_set_tokens where token_hash = ${invite.token}`;
    assert.equal(n, 0, "the token itself is never stored");
    assert.deepEqual((await auditRows(db, "cleaner.account_create", TOM))[0].after, { email: "tom@example.com", invited: true });

    assert.equal((await login(app, "tom@example.com", "anything at all 12")).status, 401, "no password yet: nothing opens it");
    const weak = await call("POST", "/api/auth/set-password", { token: invite.token, password: "password1234" }, {});
    assert.deepEqual([weak.status, weak.body.fieldErrors], [422, { password: [PASSWORD_MESSAGES.common] }]);
    const named = await call("POST", "/api/auth/set-password", { token: invite.token, password: "tom@example.com rocks 7" }, {});
    assert.deepEqual([named.status, named.body.fieldErrors], [422, { password: [PASSWORD_MESSAGES.personal] }], "the login's e-mail is its own word");
    const set = await call("POST", "/api/auth/set-password", { token: invite.token, password: GOOD_PASSWORD }, {});
    assert.deepEqual(set, { status: 200, body: { email: "tom@example.com" } });
    const twice = await call("POST", "/api/auth/set-password", { token: invite.token, password: OTHER_GOOD_PASSWORD }, {});
    assert.deepEqual([twice.status, twice.body.code, twice.body.error], [404, "SET_PASSWORD_LINK_INVALID", CLEANER_ACCOUNT_MESSAGES.linkInvalid]);
    assert.equal((await login(app, "tom@example.com", OTHER_GOOD_PASSWORD)).status, 401, "the second use changed nothing");
    const tom = await json(await login(app, "tom@example.com", GOOD_PASSWORD));
    assert.deepEqual([tom.status, tom.body.user.role, tom.body.user.cleanerId], [200, "cleaner", TOM]);
    const [row] = await auditRows(db, "cleaner.account_password_set", TOM);
    assert.equal(row.admin_email, "tom@example.com", "the cleaner set it");
    assert.deepEqual(row.after, { passwordSet: true });
  });

  await t.step("an invite link works for 72 hours; unknown or malformed links get the same 404", async () => {
    const mia = (await call("POST", "/api/admin/cleaners", { name: "Mia Chen" })).body._id;
    now = new Date(NOW.getTime() + 2 * HOUR);
    assert.equal((await call("POST", `/api/admin/cleaners/${mia}/account`, { email: "mia@example.com", password: GOOD_PASSWORD, sendInvite: true })).status, 201);
    const [invite] = await invites(db, "mia@example.com");
    assert.ok(invite.token, "a password and sendInvite: the link goes too");
    now = new Date(NOW.getTime() + 2 * HOUR + 72 * HOUR);
    const expired = await call("POST", "/api/auth/set-password", { token: invite.token, password: OTHER_GOOD_PASSWORD }, {});
    assert.deepEqual([expired.status, expired.body.code], [404, "SET_PASSWORD_LINK_INVALID"], "72 hours on: expired");
    now = new Date(NOW.getTime() + 2 * HOUR + 72 * HOUR - 60_000);
    for (const token of ["A".repeat(43), "not-a-token", ""]) {
      const unknown = await call("POST", "/api/auth/set-password", { token, password: OTHER_GOOD_PASSWORD }, {});
      assert.deepEqual([unknown.status, unknown.body.code], [404, "SET_PASSWORD_LINK_INVALID"], token);
    }
    assert.equal((await login(app, "mia@example.com", GOOD_PASSWORD)).status, 200, "the password given still works");
    const lastMinute = await call("POST", "/api/auth/set-password", { token: invite.token, password: OTHER_GOOD_PASSWORD }, {});
    assert.equal(lastMinute.status, 200, "a minute before the 72 hours end it still works");
    assert.equal((await login(app, "mia@example.com", OTHER_GOOD_PASSWORD)).status, 200);
    assert.equal((await login(app, "mia@example.com", GOOD_PASSWORD)).status, 401, "the old password is gone");
  });

  await t.step("removing a login kills its unused link", async () => {
    now = NOW;
    const zoe = (await call("POST", "/api/admin/cleaners", { name: "Zoe Park" })).body._id;
    assert.equal((await call("POST", `/api/admin/cleaners/${zoe}/account`, { email: "zoe@example.com" })).status, 201);
    const [invite] = await invites(db, "zoe@example.com");
    assert.equal((await app.request(request("DELETE", `/api/admin/cleaners/${zoe}/account`, undefined, office.headers))).status, 204);
    const dead = await call("POST", "/api/auth/set-password", { token: invite.token, password: GOOD_PASSWORD }, {});
    assert.deepEqual([dead.status, dead.body.code], [404, "SET_PASSWORD_LINK_INVALID"]);
  });
});

describeApi("cleaners' logins: races and the table's own rules", async (t, app, db) => {
  const office = await adminSession(db, "admin");
  const other = await db.openAnother();
  const second = buildTestApp(other);
  try {
    await races(t, app, second, db, office.headers);
  } finally {
    await other.close();
  }
});

async function races(t: Deno.TestContext, app: TestApp, second: TestApp, db: TestDatabase, officeHeaders: Headers) {
  const give = (on: TestApp, cleanerId: string, email: string) =>
    on.request(request("POST", `/api/admin/cleaners/${cleanerId}/account`, { email, password: GOOD_PASSWORD }, officeHeaders));

  await t.step("two processes give one cleaner a login at once: one 201, one 409 CLEANER_HAS_ACCOUNT", async () => {
    const answers = await Promise.all([give(app, PRIYA, "p1@example.com"), give(second, PRIYA, "p2@example.com")]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
    assert.ok(bodies.some((body) => body.code === "CLEANER_HAS_ACCOUNT"));
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from admins where cleaner_id = ${PRIYA}`;
    assert.equal(n, 1);
  });

  await t.step("two cleaners given one e-mail at once: one 201, one 409 EMAIL_TAKEN", async () => {
    const sofia = DEMO_CLEANERS.find((c) => c.name === "Sofia Russo")!._id;
    const answers = await Promise.all([give(app, TOM, "shared@example.com"), give(second, sofia, "SHARED@example.com")]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
    assert.ok(bodies.some((body) => body.code === "EMAIL_TAKEN"));
  });

  await t.step("the table refuses a cleaner login without its cleaner, an office account with one, and staff without a password", async () => {
    const insert = (role: string, cleanerId: string | null, hash: string | null) =>
      db.sql`insert into admins (id, name, email, role, cleaner_id, password_hash)
             values (${crypto.randomUUID()}, 'X', ${`${crypto.randomUUID()}@example.com`}, ${role}, ${cleanerId}, ${hash})`;
    const liam = DEMO_CLEANERS.find((c) => c.name === "Liam O’Connor")!._id;
    await assert.rejects(insert("cleaner", null, "x"), /check/i);
    await assert.rejects(insert("admin", liam, "x"), /check/i);
    await assert.rejects(insert("admin", null, null), /check/i);
    await assert.rejects(insert("owner", null, "x"), /check/i);
    await insert("cleaner", liam, null);
  });
}
