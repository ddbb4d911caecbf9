/** Issue 31: who may log in, and when a set-password link still opens (the SQL is tested through the API). */
import assert from "node:assert/strict";
import { mayLogIn } from "./login.ts";
import { setPasswordLinkOpen } from "./cleaner-accounts.ts";
import type { StaffWithHash } from "./types.ts";

const account = (over: Partial<StaffWithHash>): StaffWithHash => ({
  _id: "4b0c1a52-0000-4000-8000-000000000001",
  name: "Sam",
  email: "sam@example.com",
  role: "admin",
  cleanerId: null,
  createdAt: new Date("2026-11-01T00:00:00Z"),
  passwordHash: "$argon2id$x",
  cleanerActive: null,
  ...over,
});

Deno.test("mayLogIn: the office always; a cleaner only with a password and an active cleaner", () => {
  const cases: [string, Partial<StaffWithHash>, boolean][] = [
    ["an admin", {}, true],
    ["a superadmin", { role: "superadmin" }, true],
    ["a cleaner, active", { role: "cleaner", cleanerId: "c1", cleanerActive: true }, true],
    ["a cleaner, deactivated", { role: "cleaner", cleanerId: "c1", cleanerActive: false }, false],
    ["a cleaner whose cleaner is unknown", { role: "cleaner", cleanerId: "c1", cleanerActive: null }, false],
    ["an invited cleaner who set no password", { role: "cleaner", cleanerId: "c1", cleanerActive: true, passwordHash: null }, false],
  ];
  for (const [name, over, expected] of cases) assert.equal(mayLogIn(account(over)), expected, name);
});

Deno.test("setPasswordLinkOpen: unused and before its expiry, to the millisecond", () => {
  const expiresAt = new Date("2026-11-25T00:00:00Z");
  assert.equal(setPasswordLinkOpen({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1)), true);
  assert.equal(setPasswordLinkOpen({ expiresAt, usedAt: null }, expiresAt), false);
  assert.equal(setPasswordLinkOpen({ expiresAt, usedAt: new Date("2026-11-24T00:00:00Z") }, new Date("2026-11-24T01:00:00Z")), false);
});
