import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { DEVICE_COOKIE_LIFETIME_DAYS, makeDeviceCookies } from "./device-cookie.ts";
import { makeJwtTokens } from "./jwt.ts";

const secret = "s".repeat(48);
const email = "sam@yarrashine.com.au";
const base64url = (text: string) => btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const payloadOf = (value: string) => JSON.parse(atob(value.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));

Deno.test("device cookie: names the e-mail and a fresh nonce, and verifies for that e-mail for 180 days", async () => {
  let now = new Date("2026-11-22T00:00:00Z");
  const cookies = makeDeviceCookies(secret, { now: () => now });
  const first = await cookies.issue(email);
  const second = await cookies.issue(email);
  assert.equal(DEVICE_COOKIE_LIFETIME_DAYS, 180);
  assert.equal(first.expiresAt.toISOString(), "2027-05-21T00:00:00.000Z");
  assert.notEqual(first.nonce, second.nonce, "each login's cookie has its own nonce");
  assert.equal(payloadOf(first.value).sub, email, "the cookie names the login");
  assert.deepEqual(await cookies.verify(first.value, email), { nonce: first.nonce, expiresAt: first.expiresAt });
  now = new Date("2027-05-20T23:59:59Z");
  assert.ok(await cookies.verify(first.value, email), "a second before it expires");
  now = new Date("2027-05-21T00:00:01Z");
  assert.equal(await cookies.verify(first.value, email), null, "expired");
});

Deno.test("device cookie: another e-mail, a tampered payload or signature, another key, a session token are refused", async () => {
  const cookies = makeDeviceCookies(secret);
  const { value } = await cookies.issue(email);
  const [h, p, s] = value.split(".");
  const renamed = [h, base64url(JSON.stringify({ ...payloadOf(value), sub: "kim@yarrashine.com.au" })), s].join(".");
  const unsigned = `${base64url(JSON.stringify({ alg: "none" }))}.${p}.`;
  const otherSecret = (await makeDeviceCookies("o".repeat(48)).issue(email)).value;
  // Signed with the JWT secret itself (not the key derived from it), with the right claims.
  const withSessionKey = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(email).setJti("n")
    .setIssuer("yarra-shine").setAudience("yarra-shine-login-device").setExpirationTime("1h")
    .sign(new TextEncoder().encode(secret));
  const sessionToken = (await makeJwtTokens(secret, 12).issue(
    { _id: "a3b1c2d4-0000-4000-8000-000000000001", name: "Sam", email, role: "superadmin", createdAt: new Date() },
    "5e55e55e-0000-4000-8000-000000000001",
  )).token;
  const cases: [string, string, string][] = [
    ["another e-mail", value, "kim@yarrashine.com.au"],
    ["the e-mail in another case (the login compares lower-case)", value, email.toUpperCase()],
    ["payload renamed to another e-mail", renamed, "kim@yarrashine.com.au"],
    ["tampered signature", `${h}.${p}.${s.slice(0, -2)}AA`, email],
    ["unsigned", unsigned, email],
    ["another secret", otherSecret, email],
    ["the JWT secret used directly", withSessionKey, email],
    ["a staff session token", sessionToken, email],
    ["garbage", "not-a-cookie", email],
    ["empty", "", email],
  ];
  for (const [name, cookie, asEmail] of cases) assert.equal(await cookies.verify(cookie, asEmail), null, name);
});
