import assert from "node:assert/strict";
import { hashManageToken, MANAGE_TOKEN_PATTERN, manageTokenValid, manageUrl, newManageToken } from "./manage-token.ts";

Deno.test("a manage token has 256 random bits, is URL-safe, and only its hash is given to store", async () => {
  const a = await newManageToken();
  const b = await newManageToken();
  assert.match(a.token, MANAGE_TOKEN_PATTERN);
  assert.notEqual(a.token, b.token);
  assert.match(a.hash, /^[0-9a-f]{64}$/);
  assert.equal(a.hash, await hashManageToken(a.token));
  assert.ok(!a.hash.includes(a.token));
  const allOnes = await newManageToken((bytes) => bytes.fill(255));
  assert.equal(allOnes.token, "_".repeat(42) + "8");
});

Deno.test("the link is SITE_URL/manage/<token>, and there is none without a site URL", () => {
  assert.equal(manageUrl("https://yarrashine.com.au/", "abc"), "https://yarrashine.com.au/manage/abc");
  assert.equal(manageUrl("http://localhost:8000", "abc"), "http://localhost:8000/manage/abc");
  assert.equal(manageUrl(undefined, "abc"), undefined);
});

Deno.test("a token opens its booking until the job is over", () => {
  const endTime = new Date("2026-12-01T03:00:00Z");
  assert.ok(manageTokenValid({ endTime }, new Date("2026-12-01T02:59:59Z")));
  assert.ok(!manageTokenValid({ endTime }, endTime));
});
