import assert from "node:assert/strict";
import { argon2Hasher } from "./password.ts";

Deno.test("argon2id: hashes verify with the right password only", async () => {
  const hash = await argon2Hasher.hash("correct horse battery staple");
  assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(await argon2Hasher.verify(hash, "correct horse battery staple"), true);
  assert.equal(await argon2Hasher.verify(hash, "Correct horse battery staple"), false);
  assert.notEqual(await argon2Hasher.hash("same"), await argon2Hasher.hash("same"), "salted");
});

Deno.test("argon2id: a malformed stored hash never verifies", async () => {
  assert.equal(await argon2Hasher.verify("not-a-hash", "anything"), false);
});
