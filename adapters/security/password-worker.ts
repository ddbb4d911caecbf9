/// <reference lib="deno.worker" />
/** Runs argon2id off the API's main thread (see password-pool.ts). */
import { argon2Hasher } from "./password.ts";

export type PasswordJob =
  | { id: number; op: "hash"; password: string }
  | { id: number; op: "verify"; password: string; hash: string };

export type PasswordJobResult = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string };

self.onmessage = async (event: MessageEvent<PasswordJob>) => {
  const job = event.data;
  try {
    const value = job.op === "hash"
      ? await argon2Hasher.hash(job.password)
      : await argon2Hasher.verify(job.hash, job.password);
    self.postMessage({ id: job.id, ok: true, value } satisfies PasswordJobResult);
  } catch (error) {
    self.postMessage({ id: job.id, ok: false, message: String(error) } satisfies PasswordJobResult);
  }
};
