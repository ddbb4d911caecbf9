import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, sessionOf, type TestApp } from "./test-app.ts";
import { draft, fixedClock, FRIDAY_9AM, post } from "./test-fixtures.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { ADMIN_ACCOUNT_MESSAGES } from "../core/admin/manage-admins.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

type Headers = Record<string, string>;

const put = (path: string, body: unknown, headers: Headers = {}) =>
  new Request(`http://localhost${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const get = (path: string, headers: Headers = {}) => new Request(`http://localhost${path}`, { headers });
const del = (path: string, headers: Headers = {}) =>
  new Request(`http://localhost${path}`, { method: "DELETE", headers });

async function auditRows(db: TestDatabase, action?: string) {
  return action
    ? await db.sql<{ action: string; entity_id: string | null; before: unknown; after: unknown; admin_email: string }[]>`
        select action, entity_id, before, after, admin_email from audit_log where action = ${action} order by id`
    : await db.sql<{ action: string; entity_id: string | null; before: unknown; after: unknown; admin_email: string }[]>`
        select action, entity_id, before, after, admin_email from audit_log order by id`;
}

const login = (app: TestApp, email: string, password: string) =>
  app.request(post("/api/auth/login", { email, password }, { "x-forwarded-for": "203.0.113.9" }));

describeApi("staff settings: scheduling and slot buffer", async (t, app, db) => {
  const staff = await adminSession(db, "admin");

  await t.step("any signed-in admin reads the defaults; no token is a 401", async () => {
    const { status, body } = await json(await app.request(get("/api/admin/settings/scheduling", staff.headers)));
    assert.equal(status, 200);
    assert.deepEqual(body, SCHEDULING_DEFAULTS);
    const buffer = await json(await app.request(get("/api/admin/settings/slot-buffer", staff.headers)));
    assert.deepEqual(buffer.body, { slotBufferMin: 120 });
    assert.equal((await app.request(get("/api/admin/settings/scheduling"))).status, 401);
    assert.equal((await app.request(put("/api/admin/settings/slot-buffer", { slotBufferMin: 5 }))).status, 401);
  });

  await t.step("the slot buffer is clamped to 0-1440, and falls back to 120", async () => {
    for (const [sent, saved] of [[5000, 1440], [-3, 0], ["abc", 120], ["45", 45], [30.4, 30]] as const) {
      const { status, body } = await json(
        await app.request(put("/api/admin/settings/slot-buffer", { slotBufferMin: sent }, staff.headers)),
      );
      assert.equal(status, 200);
      assert.deepEqual(body, { slotBufferMin: saved }, `sent ${sent}`);
      const read = await json(await app.request(get("/api/admin/settings/slot-buffer", staff.headers)));
      assert.equal(read.body.slotBufferMin, saved);
    }
    const scheduling = await json(await app.request(get("/api/admin/settings/scheduling", staff.headers)));
    assert.deepEqual(scheduling.body, { ...SCHEDULING_DEFAULTS, slotBufferMin: 30 }, "the rest untouched");
  });

  await t.step("scheduling is clamped; fields left out keep their value", async () => {
    const clamp = async (sent: Record<string, unknown>) =>
      (await json(await app.request(put("/api/admin/settings/scheduling", sent, staff.headers)))).body;
    assert.equal((await clamp({ maxConcurrentPerSlot: 0 })).maxConcurrentPerSlot, 1);
    assert.equal((await clamp({ maxConcurrentPerSlot: 99 })).maxConcurrentPerSlot, 50);
    assert.equal((await clamp({ maxConcurrentPerSlot: "x" })).maxConcurrentPerSlot, 1);
    const saved = await clamp({
      slotBufferMin: 5000,
      maxConcurrentPerSlot: 3,
      enforceBuffer: false,
      leadDays: 2,
      firstSlotHour: 18,
      lastSlotHour: 7,
      closedWeekdays: [6, 0, 0, 9],
      dayEndHour: 99,
      reminderHoursBefore: 500,
      freeChangeCutoffHours: 167,
      seriesHorizonWeeks: 30,
    });
    assert.deepEqual(saved, {
      slotBufferMin: 1440,
      maxConcurrentPerSlot: 3,
      enforceBuffer: false,
      leadDays: 2,
      horizonDays: 365,
      firstSlotHour: 7,
      lastSlotHour: 18,
      closedWeekdays: [0, 6],
      dayEndHour: 24,
      reminderHoursBefore: 168,
      freeChangeCutoffHours: 167,
      // Issue 17: how far ahead a series' visits exist, 1 to 26 weeks.
      seriesHorizonWeeks: 26,
      // Issue 28: left out, so the defaults.
      availabilityMode: "SLOTS",
      teamGapMin: 30,
    });
    const partial = await clamp({ slotBufferMin: 60 });
    assert.deepEqual(partial, { ...saved, slotBufferMin: 60 });
    const read = await json(await app.request(get("/api/admin/settings/scheduling", staff.headers)));
    assert.deepEqual(read.body, partial);
  });

  await t.step("malformed bodies are 400s and change nothing", async () => {
    const before = (await auditRows(db)).length;
    assert.equal((await app.request(put("/api/admin/settings/scheduling", "{", staff.headers))).status, 400);
    assert.equal((await app.request(put("/api/admin/settings/scheduling", [1], staff.headers))).status, 400);
    assert.equal((await auditRows(db)).length, before);
  });

  await t.step("every save that changed something left an audit row with who, before and after", async () => {
    const buffers = await auditRows(db, "settings.slot_buffer");
    assert.equal(buffers.length, 5);
    assert.deepEqual(buffers[0].before, { slotBufferMin: 120 });
    assert.deepEqual(buffers[0].after, { slotBufferMin: 1440 });
    assert.equal(buffers[0].admin_email, staff.admin.email);
    const scheduling = await auditRows(db, "settings.scheduling");
    // Five saves, but the first (0, clamped to the 1 stored already) changed nothing: no row (issue 34 item 17).
    assert.equal(scheduling.length, 4);
    assert.deepEqual((scheduling.at(-1)!.after as { slotBufferMin: number }).slotBufferMin, 60);
  });

  await t.step("the reminder and free-change hours (issues 15, 28): 48 and 24 by default, clamped, kept when left out; the reminder before the cut-off", async () => {
    const save = async (sent: Record<string, unknown>) =>
      (await json(await app.request(put("/api/admin/settings/scheduling", sent, staff.headers)))).body;
    const pick = (body: { reminderHoursBefore: number; freeChangeCutoffHours: number }) =>
      [body.reminderHoursBefore, body.freeChangeCutoffHours];
    assert.deepEqual([SCHEDULING_DEFAULTS.reminderHoursBefore, SCHEDULING_DEFAULTS.freeChangeCutoffHours], [48, 24]);
    assert.deepEqual(pick(await save({ reminderHoursBefore: 48, freeChangeCutoffHours: 0 })), [48, 0]);
    assert.deepEqual(pick(await save({ reminderHoursBefore: 169, freeChangeCutoffHours: -5 })), [168, 0]);
    assert.deepEqual(pick(await save({ reminderHoursBefore: "40", freeChangeCutoffHours: 36.4 })), [40, 36]);
    assert.deepEqual(pick(await save({ reminderHoursBefore: "soon", freeChangeCutoffHours: null })), [48, 24]);
    assert.deepEqual(pick(await save({ reminderHoursBefore: 6, freeChangeCutoffHours: 2 })), [6, 2]);
    // Inside (or at) the cut-off: refused, naming the field, nothing saved.
    for (const sent of [{ reminderHoursBefore: 12, freeChangeCutoffHours: 36 }, { freeChangeCutoffHours: 6 }]) {
      const refused = await json(await app.request(put("/api/admin/settings/scheduling", sent, staff.headers)));
      assert.equal(refused.status, 422);
      assert.deepEqual(Object.keys(refused.body.fieldErrors), ["reminderHoursBefore"]);
      assert.match(refused.body.fieldErrors.reminderHoursBefore[0], /^Send the reminder more than (36|6) hours before the start/);
    }
    const kept = await save({ slotBufferMin: 60 });
    assert.deepEqual(pick(kept), [6, 2], "fields left out keep their value");
    const read = await json(await app.request(get("/api/admin/settings/scheduling", staff.headers)));
    assert.deepEqual(pick(read.body), [6, 2]);
  });

  await t.step("availability by team (issue 28): SLOTS and 30 minutes by default; the mode is kept unless SLOTS or TEAM, the travel time clamped to 0-240 in 5s", async () => {
    const save = async (sent: Record<string, unknown>) => {
      const answer = await json(await app.request(put("/api/admin/settings/scheduling", sent, staff.headers)));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return [answer.body.availabilityMode, answer.body.teamGapMin];
    };
    assert.deepEqual([SCHEDULING_DEFAULTS.availabilityMode, SCHEDULING_DEFAULTS.teamGapMin], ["SLOTS", 30]);
    const auditsBefore = (await auditRows(db, "settings.scheduling")).length;
    assert.deepEqual(await save({ availabilityMode: "TEAM", teamGapMin: 45 }), ["TEAM", 45]);
    const [row] = (await auditRows(db, "settings.scheduling")).slice(auditsBefore);
    assert.deepEqual(
      [(row.before as { availabilityMode: string }).availabilityMode, (row.after as { availabilityMode: string }).availabilityMode],
      ["SLOTS", "TEAM"],
    );
    assert.deepEqual(await save({ availabilityMode: "team", teamGapMin: 47 }), ["TEAM", 45]);
    assert.deepEqual(await save({ availabilityMode: 2, teamGapMin: 999 }), ["TEAM", 240]);
    assert.deepEqual(await save({ teamGapMin: -10 }), ["TEAM", 0]);
    assert.deepEqual(await save({ teamGapMin: "12.5" }), ["TEAM", 15]);
    assert.deepEqual(await save({ teamGapMin: "soon" }), ["TEAM", 30]);
    assert.deepEqual(await save({ slotBufferMin: 60 }), ["TEAM", 30], "left out: kept");
    assert.deepEqual(await save({ availabilityMode: "SLOTS" }), ["SLOTS", 30]);
    const read = await json(await app.request(get("/api/admin/settings/scheduling", staff.headers)));
    assert.deepEqual([read.body.availabilityMode, read.body.teamGapMin], ["SLOTS", 30]);
  });
});

describeApi("staff settings change booking behaviour at once", async (t, app, db) => {
  const staff = await adminSession(db, "admin");
  const booking = buildTestApp(db, { clock: fixedClock });
  const book = async (email: string) =>
    (await booking.request(post("/api/bookings", draft({ email, startTimeISO: FRIDAY_9AM })))).status;
  const save = async (settings: Record<string, unknown>) =>
    assert.equal((await app.request(put("/api/admin/settings/scheduling", settings, staff.headers))).status, 200);

  await t.step("defaults: one start per buffer window", async () => {
    assert.equal(await book("one@example.com"), 201);
    assert.equal(await book("two@example.com"), 409);
  });
  await t.step("a higher cap lets a second booking in, not a third", async () => {
    await save({ maxConcurrentPerSlot: 2 });
    assert.equal(await book("two@example.com"), 201);
    assert.equal(await book("three@example.com"), 409);
  });
  await t.step("with enforcement off, the same time can be booked again", async () => {
    await save({ enforceBuffer: false });
    assert.equal(await book("three@example.com"), 201);
  });
  await t.step("the booking horizon: 365 days by default, clamped, public, and enforced at once", async () => {
    const publicScheduling = async () => (await json(await booking.request(get("/api/scheduling")))).body;
    assert.equal((await publicScheduling()).horizonDays, 365);
    const clamped = await json(await app.request(put("/api/admin/settings/scheduling", { horizonDays: 1e20 }, staff.headers)));
    assert.equal(clamped.body.horizonDays, 730);
    await save({ horizonDays: 4, leadDays: 4 });
    assert.equal((await publicScheduling()).horizonDays, 4);
    // Friday 27 Nov is 5 days after the fixed clock's Sunday.
    const { status, body } = await json(
      await booking.request(post("/api/bookings", draft({ email: "far@example.com", startTimeISO: FRIDAY_9AM }))),
    );
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, { startTimeISO: ["We take bookings up to 4 days ahead. Please choose an earlier date."] });
    await save({ horizonDays: 365 });
  });
  await t.step("closing Fridays refuses Friday starts, and says so", async () => {
    await save({ closedWeekdays: [0, 5] });
    const { status, body } = await json(
      await booking.request(post("/api/bookings", draft({ email: "four@example.com", startTimeISO: FRIDAY_9AM }))),
    );
    assert.equal(status, 422);
    assert.ok(JSON.stringify(body.fieldErrors).includes("We’re closed on Sundays and Fridays"), JSON.stringify(body));
  });
});

describeApi("staff settings: booking-form content and the policy sanitiser", async (t, app, db) => {
  const staff = await adminSession(db, "admin");

  await t.step("GET /api/admin/content returns the defaults", async () => {
    const { status, body } = await json(await app.request(get("/api/admin/content", staff.headers)));
    assert.equal(status, 200);
    assert.equal(body.generalCommentLabel, "General comments");
    assert.equal(body.generalCommentPlaceholder, "Any special instructions?");
    assert.ok(body.cancellationPolicyHtml.includes("<li>"));
  });

  await t.step("the policy is sanitised on save; the public page serves the safe version", async () => {
    const dirty = `<p onclick="steal()" style="color:red">Free changes <strong>24 h</strong> before.</p>` +
      `<script>alert("x")</script>` +
      `<a href="javascript:alert(1)">bad link</a> ` +
      `<a href="data:text/html,<b>x</b>">data link</a> ` +
      `<a href="https://yarrashine.com.au/terms" target="_top" onmouseover="x()">terms</a> ` +
      `<a href="mailto:hello@yarrashine.com.au" target="_blank">mail</a> ` +
      `<img src="x" onerror="alert(1)"><div class="box"><h3>Fees</h3><ul><li>50% <em>within</em> 24 h</li></ul></div>` +
      `<style>body{display:none}</style><iframe src="https://evil.example"></iframe>`;
    const { status, body } = await json(await app.request(put("/api/admin/content", {
      generalCommentEnabled: false,
      generalCommentLabel: "  Notes for the cleaner ",
      generalCommentPlaceholder: "",
      cancellationPolicyHtml: dirty,
    }, staff.headers)));
    assert.equal(status, 200);
    const html: string = body.cancellationPolicyHtml;
    for (const banned of ["<script", "alert", "onclick", "onmouseover", "onerror", "style", "javascript:", "data:", "<img", "<iframe", "<div", 'target="_top"']) {
      assert.equal(html.toLowerCase().includes(banned), false, `${banned} removed from ${html}`);
    }
    assert.ok(html.includes("<p>Free changes <strong>24 h</strong> before.</p>"));
    assert.ok(html.includes('<a href="https://yarrashine.com.au/terms" rel="noopener noreferrer">terms</a>'));
    assert.ok(html.includes('<a href="mailto:hello@yarrashine.com.au" target="_blank" rel="noopener noreferrer">mail</a>'));
    assert.ok(html.includes("bad link") && html.includes("data link"), "link text kept");
    assert.ok(html.includes("<h3>Fees</h3><ul><li>50% <em>within</em> 24 h</li></ul>"));
    assert.equal(body.generalCommentEnabled, false);
    assert.equal(body.generalCommentLabel, "Notes for the cleaner");
    assert.equal(body.generalCommentPlaceholder, "Any special instructions?", "blank falls back");

    const publicContent = await json(await app.request(get("/api/content")));
    assert.deepEqual(publicContent.body, body);
    const adminContent = await json(await app.request(get("/api/admin/content", staff.headers)));
    assert.deepEqual(adminContent.body, body);
  });

  await t.step("fields left out keep their value", async () => {
    const before = (await json(await app.request(get("/api/admin/content", staff.headers)))).body;
    const { body } = await json(await app.request(put("/api/admin/content", { generalCommentEnabled: true }, staff.headers)));
    assert.deepEqual(body, { ...before, generalCommentEnabled: true });
  });

  await t.step("each save is audited", async () => {
    const rows = await auditRows(db, "settings.content");
    assert.equal(rows.length, 2);
    assert.equal(rows[0].entity_id, "booking_form_content");
    assert.equal((rows[0].after as { generalCommentEnabled: boolean }).generalCommentEnabled, false);
    assert.equal(JSON.stringify(rows[0].after).includes("<script"), false);
  });
});

describeApi("staff admin accounts: superadmin only, with the account rules", async (t, app, db) => {
  const root = await adminSession(db, "superadmin", "root@yarrashine.com.au");
  const staff = await adminSession(db, "admin");
  const PASSWORD = "correct horse battery";
  let created: { _id: string; email: string };

  await t.step("admins get 403 on every accounts and audit call", async () => {
    const calls = [
      get("/api/admin/admins", staff.headers),
      post("/api/admin/admins", { name: "X", email: "x@example.com", password: PASSWORD }, staff.headers),
      put(`/api/admin/admins/${root.admin._id}`, { role: "admin" }, staff.headers),
      del(`/api/admin/admins/${root.admin._id}`, staff.headers),
      get("/api/admin/audit", staff.headers),
    ];
    for (const request of calls) {
      const { status, body } = await json(await app.request(request));
      assert.equal(status, 403, `${request.method} ${request.url}`);
      assert.equal(body.code, "FORBIDDEN");
    }
    assert.equal((await app.request(get("/api/admin/admins"))).status, 401);
  });

  await t.step("create: 201, argon2id hash stored, role admin by default", async () => {
    const { status, body } = await json(await app.request(post("/api/admin/admins", {
      name: " Casey Clean ",
      email: "casey@yarrashine.com.au",
      password: PASSWORD,
    }, root.headers)));
    assert.equal(status, 201);
    assert.deepEqual(Object.keys(body).sort(), ["_id", "createdAt", "email", "name", "role"]);
    assert.equal(body.name, "Casey Clean");
    assert.equal(body.role, "admin");
    created = body;
    const [row] = await db.sql<{ password_hash: string }[]>`select password_hash from admins where id = ${body._id}`;
    assert.ok(row.password_hash.startsWith("$argon2id$"));
    assert.equal((await login(app, "casey@yarrashine.com.au", PASSWORD)).status, 200);
  });

  await t.step("create: missing or bad fields are a 422 with field errors", async () => {
    const { status, body } = await json(await app.request(post("/api/admin/admins", {
      name: " ",
      email: "not-an-email",
      password: "short",
      role: "owner",
    }, root.headers)));
    assert.equal(status, 422);
    assert.deepEqual(body.fieldErrors, {
      name: [ADMIN_ACCOUNT_MESSAGES.nameRequired],
      email: [ADMIN_ACCOUNT_MESSAGES.emailInvalid],
      password: [ADMIN_ACCOUNT_MESSAGES.passwordTooShort],
      role: [ADMIN_ACCOUNT_MESSAGES.roleInvalid],
    });
    const empty = await json(await app.request(post("/api/admin/admins", {}, root.headers)));
    assert.deepEqual(Object.keys(empty.body.fieldErrors).sort(), ["email", "name", "password"]);
    assert.equal((await app.request(post("/api/admin/admins", "{", root.headers))).status, 400);
  });

  await t.step("create: an e-mail taken in any case is a 409 EMAIL_TAKEN", async () => {
    const { status, body } = await json(await app.request(post("/api/admin/admins", {
      name: "Copy",
      email: " CASEY@YarraShine.com.au ",
      password: PASSWORD,
    }, root.headers)));
    assert.equal(status, 409);
    assert.deepEqual(body, { error: ADMIN_ACCOUNT_MESSAGES.emailTaken, code: "EMAIL_TAKEN" });
  });

  await t.step("list: every account, never a hash", async () => {
    const { status, body } = await json(await app.request(get("/api/admin/admins", root.headers)));
    assert.equal(status, 200);
    assert.equal(body.items.length, 3);
    for (const item of body.items) {
      assert.deepEqual(Object.keys(item).sort(), ["_id", "createdAt", "email", "name", "role"]);
    }
    assert.equal(JSON.stringify(body).includes("argon2"), false);
  });

  await t.step("edit without a password keeps it: login still works with the old one", async () => {
    const { status, body } = await json(await app.request(put(`/api/admin/admins/${created._id}`, {
      name: "Casey C.",
      email: "casey.c@yarrashine.com.au",
      password: "",
    }, root.headers)));
    assert.equal(status, 200);
    assert.equal(body.name, "Casey C.");
    assert.equal(body.email, "casey.c@yarrashine.com.au");
    assert.equal((await login(app, "casey.c@yarrashine.com.au", PASSWORD)).status, 200);
  });

  await t.step("edit with a password replaces it", async () => {
    assert.equal((await app.request(put(`/api/admin/admins/${created._id}`, { password: "short" }, root.headers))).status, 422);
    const newPassword = "another long passphrase";
    assert.equal((await app.request(put(`/api/admin/admins/${created._id}`, { password: newPassword }, root.headers))).status, 200);
    assert.equal((await login(app, "casey.c@yarrashine.com.au", PASSWORD)).status, 401);
    assert.equal((await login(app, "casey.c@yarrashine.com.au", newPassword)).status, 200);
  });

  await t.step("edit: another admin's e-mail is a 409; an unknown id a 404", async () => {
    const taken = await json(await app.request(put(`/api/admin/admins/${created._id}`, { email: "ROOT@yarrashine.com.au" }, root.headers)));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, "EMAIL_TAKEN");
    const unknownId = crypto.randomUUID();
    assert.equal((await app.request(put(`/api/admin/admins/${unknownId}`, { name: "X" }, root.headers))).status, 404);
    assert.equal((await app.request(put("/api/admin/admins/not-a-uuid", { name: "X" }, root.headers))).status, 404);
    assert.equal((await app.request(del(`/api/admin/admins/${unknownId}`, root.headers))).status, 404);
  });

  await t.step("a superadmin can neither delete nor demote themselves", async () => {
    const deleteSelf = await json(await app.request(del(`/api/admin/admins/${root.admin._id}`, root.headers)));
    assert.equal(deleteSelf.status, 409);
    assert.deepEqual(deleteSelf.body, { error: "You can’t delete your own account.", code: "CANNOT_DELETE_SELF" });
    const demoteSelf = await json(await app.request(put(`/api/admin/admins/${root.admin._id}`, { role: "admin" }, root.headers)));
    assert.equal(demoteSelf.status, 409);
    assert.deepEqual(demoteSelf.body, { error: "You can’t change your own role.", code: "CANNOT_CHANGE_OWN_ROLE" });
    const renameSelf = await json(await app.request(put(`/api/admin/admins/${root.admin._id}`, { name: "Root", role: "superadmin" }, root.headers)));
    assert.equal(renameSelf.status, 200, "keeping one's own role is not a change");
  });

  await t.step("a demoted superadmin's session ends at once (issue 13), a new one is an admin's; a deleted admin's 401", async () => {
    const second = await adminSession(db, "superadmin");
    assert.equal((await app.request(get("/api/admin/admins", second.headers))).status, 200);
    const demoted = await json(await app.request(put(`/api/admin/admins/${second.admin._id}`, { role: "admin" }, root.headers)));
    assert.equal(demoted.status, 200);
    assert.equal(demoted.body.role, "admin");
    assert.equal((await app.request(get("/api/admin/admins", second.headers))).status, 401);
    const again = await sessionOf(db, { ...second.admin, role: "admin" });
    assert.equal((await app.request(get("/api/admin/admins", again.headers))).status, 403);
    assert.equal((await app.request(get("/api/admin/settings/scheduling", again.headers))).status, 200);
    assert.equal((await app.request(del(`/api/admin/admins/${second.admin._id}`, root.headers))).status, 204);
    assert.equal((await app.request(get("/api/admin/me", again.headers))).status, 401);
    assert.equal((await app.request(get("/api/admin/me", second.headers))).status, 401);
    assert.equal((await app.request(get("/api/admin/settings/scheduling", second.headers))).status, 401);
  });

  await t.step("two superadmins removing each other at once: one superadmin always remains", async () => {
    const other = await adminSession(db, "superadmin");
    const [a, b] = await Promise.all([
      app.request(put(`/api/admin/admins/${other.admin._id}`, { role: "admin" }, root.headers)),
      app.request(put(`/api/admin/admins/${root.admin._id}`, { role: "admin" }, other.headers)),
    ]);
    // The loser is refused however the race falls: its session ended by its demotion (401, issue
    // 13), its role already admin (403), or the last-superadmin rule (409).
    const refused = (status: number) => [401, 403, 409].includes(status);
    assert.equal([a.status, b.status].filter((s) => s === 200).length, 1, `${a.status} ${b.status}`);
    assert.ok(refused(a.status) || refused(b.status), `${a.status} ${b.status}`);
    const third = await adminSession(db, "superadmin");
    const survivor = a.status === 200 ? root : other;
    const [c, d] = await Promise.all([
      app.request(del(`/api/admin/admins/${third.admin._id}`, survivor.headers)),
      app.request(del(`/api/admin/admins/${survivor.admin._id}`, third.headers)),
    ]);
    assert.equal([c.status, d.status].filter((s) => s === 204).length, 1, `${c.status} ${d.status}`);
    assert.ok(refused(c.status) || refused(d.status), `${c.status} ${d.status}`);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from admins where role = 'superadmin'`;
    assert.equal(n, 1);
  });
});

describeApi("staff audit log", async (t, app, db) => {
  const root = await adminSession(db, "superadmin");
  const PASSWORD = "correct horse battery";

  const { body: casey } = await json(await app.request(post("/api/admin/admins", {
    name: "Casey",
    email: "casey@yarrashine.com.au",
    password: PASSWORD,
    role: "superadmin",
  }, root.headers)));
  await app.request(put(`/api/admin/admins/${casey._id}`, { role: "admin", password: "a brand new passphrase" }, root.headers));
  await app.request(post("/api/admin/admins", { name: "Dup", email: "CASEY@yarrashine.com.au", password: PASSWORD }, root.headers));
  await app.request(del(`/api/admin/admins/${casey._id}`, root.headers));
  await app.request(put("/api/admin/settings/slot-buffer", { slotBufferMin: 90 }, root.headers));
  await app.request(put("/api/admin/settings/scheduling", { maxConcurrentPerSlot: 2 }, root.headers));
  await app.request(put("/api/admin/content", { generalCommentLabel: "Notes" }, root.headers));

  await t.step("saves that change nothing answer 200 with the record and write no row (issue 34 item 17)", async () => {
    const same: [string, unknown, Record<string, unknown>][] = [
      [`/api/admin/admins/${root.admin._id}`, { name: root.admin.name, email: root.admin.email, role: "superadmin" }, { name: root.admin.name }],
      ["/api/admin/settings/slot-buffer", { slotBufferMin: 90 }, { slotBufferMin: 90 }],
      ["/api/admin/settings/scheduling", { maxConcurrentPerSlot: 2 }, { maxConcurrentPerSlot: 2 }],
      ["/api/admin/content", { generalCommentLabel: "Notes" }, { generalCommentLabel: "Notes" }],
    ];
    for (const [path, body, answered] of same) {
      const answer = await json(await app.request(put(path, body, root.headers)));
      assert.equal(answer.status, 200, path);
      for (const [key, value] of Object.entries(answered)) assert.equal(answer.body[key], value, `${path} ${key}`);
    }
  });

  await t.step("every write has its row, newest first; failed writes have none", async () => {
    const { status, body } = await json(await app.request(get("/api/admin/audit", root.headers)));
    assert.equal(status, 200);
    assert.deepEqual(body.items.map((r: { action: string }) => r.action), [
      "settings.content",
      "settings.scheduling",
      "settings.slot_buffer",
      "admin.delete",
      "admin.update",
      "admin.create",
    ]);
    assert.equal(body.totalItems, 6);
    assert.equal(body.page, 1);
    assert.equal(body.totalPages, 1);
    const [content] = body.items;
    assert.equal(content.adminId, root.admin._id);
    assert.equal(content.adminEmail, root.admin.email);
    assert.ok(!Number.isNaN(Date.parse(content.at)));
  });

  await t.step("admin rows show before and after, never a password or its hash", async () => {
    const { body } = await json(await app.request(get(`/api/admin/audit?entity=admin&entityId=${casey._id}`, root.headers)));
    assert.equal(body.items.length, 3);
    const [deleted, updated, created] = body.items;
    assert.equal(created.before, null);
    assert.equal(created.after.email, "casey@yarrashine.com.au");
    assert.equal(updated.before.role, "superadmin");
    assert.equal(updated.after.role, "admin");
    assert.equal(updated.after.passwordChanged, true);
    assert.equal(deleted.after, null);
    assert.equal(deleted.before._id, casey._id);
    const everything = JSON.stringify(await db.sql`select * from audit_log`);
    for (const secret of ["argon2", "passwordHash", "password_hash", PASSWORD, "a brand new passphrase"]) {
      assert.equal(everything.includes(secret), false, `${secret} not in the audit log`);
    }
  });

  await t.step("limit and page: defaults, clamps and totals", async () => {
    const page2 = await json(await app.request(get("/api/admin/audit?limit=4&page=2", root.headers)));
    assert.equal(page2.body.items.length, 2);
    assert.equal(page2.body.totalPages, 2);
    assert.equal(page2.body.page, 2);
    assert.equal(page2.body.items[0].action, "admin.update");
    const huge = await json(await app.request(get("/api/admin/audit?limit=100000&page=-1", root.headers)));
    assert.equal(huge.body.items.length, 6);
    assert.equal(huge.body.page, 1);
    // Issue 13: page=1e20 made an offset the database refused (500); it reads as the last page allowed.
    for (const page of ["1e20", "9223372036854775807", "7.6e291"]) {
      const far = await json(await app.request(get(`/api/admin/audit?page=${page}`, root.headers)));
      assert.equal(far.status, 200, page);
      assert.deepEqual([far.body.items, far.body.page], [[], 100_000]);
    }
    const settings = await json(await app.request(get("/api/admin/audit?entity=settings&limit=abc", root.headers)));
    assert.equal(settings.body.totalItems, 3);
  });

  await t.step("the OpenAPI document lists the calls", async () => {
    const { body } = await json(await app.request(get("/api/openapi.json")));
    for (const path of ["/api/admin/settings/slot-buffer", "/api/admin/settings/scheduling", "/api/admin/content", "/api/admin/admins", "/api/admin/admins/{id}", "/api/admin/audit"]) {
      assert.ok(body.paths[path], path);
    }
    assert.deepEqual(body.paths["/api/admin/admins/{id}"].put.security, [{ bearerAuth: [] }]);
    assert.equal(body.paths["/api/admin/audit"].get.tags[0], "Staff: settings and accounts");
  });
});
