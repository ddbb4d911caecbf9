import assert from "node:assert/strict";
import {
  ADMIN_ACCOUNT_MESSAGES as M,
  deletionBlocker,
  roleChangeBlocker,
  validateAdminChanges,
  validateNewAdmin,
} from "./manage-admins.ts";
import type { AdminUser } from "./types.ts";

const admin = (id: string, role: AdminUser["role"]): AdminUser => ({
  _id: id,
  name: id,
  email: `${id}@example.com`,
  role,
  createdAt: new Date("2026-01-01T00:00:00Z"),
});

const PASSWORD = "twelve chars";

Deno.test("validateNewAdmin", async (t) => {
  await t.step("trims name and email, keeps the password as typed, role admin by default", () => {
    assert.deepEqual(validateNewAdmin({ name: " Sam ", email: " sam@example.com ", password: ` ${PASSWORD}` }), {
      ok: true,
      value: { name: "Sam", email: "sam@example.com", password: ` ${PASSWORD}`, role: "admin" },
    });
  });
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["nothing", {}, { name: [M.nameRequired], email: [M.emailRequired], password: [M.passwordRequired] }],
    ["not an object", "x", { name: [M.nameRequired], email: [M.emailRequired], password: [M.passwordRequired] }],
    ["blank password", { name: "A", email: "a@b.co", password: "   " }, { password: [M.passwordRequired] }],
    ["11 characters", { name: "A", email: "a@b.co", password: "x".repeat(11) }, { password: [M.passwordTooShort] }],
    ["257 characters", { name: "A", email: "a@b.co", password: "x".repeat(257) }, { password: [M.passwordTooLong] }],
    ["one character repeated", { name: "A", email: "a@b.co", password: "a".repeat(12) }, { password: [M.passwordRepetitive] }],
    ["a pattern repeated", { name: "A", email: "a@b.co", password: "abcabcabcabc" }, { password: [M.passwordRepetitive] }],
    ["bad email", { name: "A", email: "a@b", password: PASSWORD }, { email: [M.emailInvalid] }],
    ["long name", { name: "n".repeat(101), email: "a@b.co", password: PASSWORD }, { name: [M.nameTooLong] }],
    ["unknown role", { name: "A", email: "a@b.co", password: PASSWORD, role: "owner" }, { role: [M.roleInvalid] }],
    ["wrong types", { name: 1, email: ["a@b.co"], password: 123456789012 }, { name: [M.nameRequired], email: [M.emailRequired], password: [M.passwordRequired] }],
  ];
  for (const [name, input, fieldErrors] of cases) {
    await t.step(name, () => {
      const result = validateNewAdmin(input);
      assert.equal(result.ok, false);
      if (!result.ok) {
        assert.equal(result.error.kind, "validation");
        assert.deepEqual(result.error.fieldErrors, fieldErrors);
      }
    });
  }
  await t.step("superadmin accepted", () => {
    const result = validateNewAdmin({ name: "A", email: "a@b.co", password: PASSWORD, role: "superadmin" });
    assert.ok(result.ok && result.value.role === "superadmin");
  });
});

Deno.test("validateAdminChanges", async (t) => {
  await t.step("only the fields sent; a blank password keeps the current one", () => {
    assert.deepEqual(validateAdminChanges({ password: "" }), { ok: true, value: {} });
    assert.deepEqual(validateAdminChanges({ password: null, name: " B " }), { ok: true, value: { name: "B" } });
    assert.deepEqual(validateAdminChanges({ role: "admin", password: PASSWORD }), {
      ok: true,
      value: { role: "admin", password: PASSWORD },
    });
  });
  await t.step("sent fields are checked as on create", () => {
    const result = validateAdminChanges({ name: "", email: "nope", password: "short", role: "root" });
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.deepEqual(result.error.fieldErrors, {
        name: [M.nameRequired],
        email: [M.emailInvalid],
        password: [M.passwordTooShort],
        role: [M.roleInvalid],
      });
    }
  });
});

Deno.test("roleChangeBlocker", async (t) => {
  const me = admin("me", "superadmin");
  const other = admin("other", "superadmin");
  const staff = admin("staff", "admin");
  const cases: [string, AdminUser, AdminUser["role"], number, string | null][] = [
    ["keeping one's own role", me, "superadmin", 1, null],
    ["demoting oneself", me, "admin", 3, "CANNOT_CHANGE_OWN_ROLE"],
    ["demoting another superadmin", other, "admin", 2, null],
    ["demoting the last superadmin", other, "admin", 1, "LAST_SUPERADMIN"],
    ["promoting an admin", staff, "superadmin", 1, null],
    ["an admin staying admin", staff, "admin", 1, null],
  ];
  for (const [name, target, role, count, code] of cases) {
    await t.step(name, () => assert.equal(roleChangeBlocker(me, target, role, count)?.code ?? null, code));
  }
  await t.step("the messages are the spec's", () => {
    assert.equal(roleChangeBlocker(me, me, "admin", 2)?.message, "You can’t change your own role.");
    assert.equal(roleChangeBlocker(me, other, "admin", 1)?.message, "There must always be at least one superadmin.");
    assert.equal(roleChangeBlocker(me, other, "admin", 1)?.kind, "conflict");
  });
});

Deno.test("deletionBlocker", async (t) => {
  const me = admin("me", "superadmin");
  const cases: [string, AdminUser, number, string | null][] = [
    ["oneself", me, 5, "CANNOT_DELETE_SELF"],
    ["another superadmin", admin("other", "superadmin"), 2, null],
    ["the last superadmin", admin("other", "superadmin"), 1, "LAST_SUPERADMIN"],
    ["an admin", admin("staff", "admin"), 1, null],
  ];
  for (const [name, target, count, code] of cases) {
    await t.step(name, () => assert.equal(deletionBlocker(me, target, count)?.code ?? null, code));
  }
  await t.step("the message is the spec's", () => {
    assert.equal(deletionBlocker(me, me, 2)?.message, "You can’t delete your own account.");
  });
});
