import assert from "node:assert/strict";
import { hashManageToken, INVOICE_LINK_DAYS, invoiceLinkValid, MANAGE_TOKEN_PATTERN, manageTokenValid, manageUrl, newManageToken } from "./token.ts";

Deno.test("a manage token has 256 random bits, is URL-safe, and only its hash is given to store", () => {
  const a = newManageToken();
  const b = newManageToken();
  assert.match(a.token, MANAGE_TOKEN_PATTERN);
  assert.notEqual(a.token, b.token);
  assert.match(a.hash, /^[0-9a-f]{64}$/);
  assert.equal(a.hash, hashManageToken(a.token));
  assert.ok(!a.hash.includes(a.token));
  const allOnes = newManageToken((bytes) => bytes.fill(255));
  assert.equal(allOnes.token, "_".repeat(42) + "8");
});

Deno.test("the hash is SHA-256 in lower-case hex, as the tokens already stored were hashed", () => {
  // FIPS 180-2's test vector, and a token-shaped one worked out with WebCrypto (the earlier hasher).
  assert.equal(hashManageToken("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(hashManageToken("_".repeat(42) + "8"), "225f7e75329dd45aa354975d73987319309393af3a4c6733bc13601a4f1b8796");
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

Deno.test("a link gives the invoice until 90 days after the job, long after it stops opening the booking", () => {
  const booking = { endTime: new Date("2026-12-01T03:00:00Z") };
  const after = (days: number) => new Date(booking.endTime.getTime() + days * 86_400_000);
  assert.equal(manageTokenValid(booking, after(0.01)), false);
  assert.equal(invoiceLinkValid(booking, after(1)), true);
  assert.equal(invoiceLinkValid(booking, after(INVOICE_LINK_DAYS - 0.001)), true);
  assert.equal(invoiceLinkValid(booking, after(INVOICE_LINK_DAYS)), false);
});
