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

/**
 * The hash of a random value nobody knows, verified when a login names an unknown e-mail, so an
 * unknown e-mail costs the same time as a wrong password (no account enumeration by timing).
 */
export const DECOY_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$vYKIkMTdsKSqqi1hL9MfQw$hnf4MB5R8ybtq4042jN1x3AsTCb/wfR+WzqtP92DHjo";
