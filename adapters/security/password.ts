import { argon2id, argon2Verify } from "hash-wasm";
import type { PasswordHasher } from "../../core/admin/ports.ts";

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 };

export const argon2Hasher: PasswordHasher = {
  hash: (password) =>
    argon2id({
      password,
      salt: crypto.getRandomValues(new Uint8Array(16)),
      ...ARGON2_PARAMS,
      outputType: "encoded",
    }),
  async verify(hash, password) {
    try {
      return await argon2Verify({ password, hash });
    } catch {
      // A malformed stored hash verifies nothing rather than crashing a login.
      return false;
    }
  },
};
