import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { makeJwtTokens } from "./jwt.ts";

const admin = { _id: "a3b1c2d4-0000-4000-8000-000000000001", name: "Sam", email: "sam@example.com", role: "superadmin" as const, createdAt: new Date() };
const secret = "s".repeat(48);
const sessionId = "5e55e55e-0000-4000-8000-000000000001";

Deno.test("jwt: issued tokens name their session and verify until they expire", async () => {
  let now = new Date("2026-11-22T00:00:00Z");
  const tokens = makeJwtTokens(secret, 12, () => now);
  const { token, expiresAt } = await tokens.issue(admin, sessionId);
  assert.equal(expiresAt.toISOString(), "2026-11-22T12:00:00.000Z");
  assert.deepEqual(await tokens.verify(token), { adminId: admin._id, sessionId, role: "superadmin", expiresAt });
  now = new Date("2026-11-22T12:00:01Z");
  assert.equal(await tokens.verify(token), null, "expired");
});

Deno.test("jwt: tampered, foreign, unsigned and malformed tokens are refused", async () => {
  const tokens = makeJwtTokens(secret, 12);
  const { token } = await tokens.issue(admin, sessionId);
  const [h, p, s] = token.split(".");
  const forged = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
  forged.role = "superadmin";
  forged.sub = "someone-else";
  const tampered = [h, btoa(JSON.stringify(forged)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"), s].join(".");
  const otherKey = await makeJwtTokens("o".repeat(48), 12).issue(admin, sessionId);
  const unsigned = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${p}.`;
  const noExpiry = await new SignJWT({ role: "admin" }).setProtectedHeader({ alg: "HS256" }).setSubject(admin._id)
    .setIssuer("yarra-shine").setAudience("yarra-shine-admin").sign(new TextEncoder().encode(secret));
  const badRole = await new SignJWT({ role: "owner" }).setProtectedHeader({ alg: "HS256" }).setSubject(admin._id)
    .setIssuer("yarra-shine").setAudience("yarra-shine-admin").setExpirationTime("1h").sign(new TextEncoder().encode(secret));
  // Signed with the right key, but from before sessions: no sid claim.
  const noSession = await new SignJWT({ role: "admin" }).setProtectedHeader({ alg: "HS256" }).setSubject(admin._id)
    .setIssuer("yarra-shine").setAudience("yarra-shine-admin").setExpirationTime("1h").sign(new TextEncoder().encode(secret));
  for (const [name, value] of [["tampered", tampered], ["other key", otherKey.token], ["alg none", unsigned], ["no exp", noExpiry], ["unknown role", badRole], ["no session", noSession], ["garbage", "abc.def"], ["empty", ""]]) {
    assert.equal(await tokens.verify(value), null, name);
  }
});
