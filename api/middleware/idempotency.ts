import type { Context, MiddlewareHandler } from "hono";
import { IdempotencyClaimLost, type IdempotencyStore } from "../../adapters/postgres/idempotency-repository.ts";
import type { IdempotencyCompletion } from "../../core/shared/idempotency-completion.ts";
import { declareError } from "../../core/shared/result.ts";
import { sendError } from "../http-errors.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The Idempotency-Key this request claimed; `inTransaction`: its route stores its success with the record. */
    idempotencyClaim: { scope: string; key: string; requestHash: string; inTransaction: boolean };
  }
}

/** Keys live a day (the issue). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim still in progress after this long is a crashed request's and may be taken over. Its
 * work never committed: work that commits completes the key in the same transaction (issue 29).
 */
export const IDEMPOTENCY_STALE_SECONDS = 120;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** What "the same request" means: method, path and the exact body. */
export async function requestHash(method: string, path: string, body: string): Promise<string> {
  const text = `${method} ${path}\n${body}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What an idempotent route can answer about its key (routes list them: `errors: [..., ...IDEMPOTENCY_ERRORS]`). */
export const IDEMPOTENCY_ERRORS = {
  invalidKey: declareError("bad_request", "INVALID_IDEMPOTENCY_KEY", "Idempotency-Key must be 1 to 255 visible ASCII characters."),
  reused: declareError("validation", "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request."),
  inProgress: declareError(
    "conflict",
    "IDEMPOTENCY_KEY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed. Try again shortly.",
  ),
} as const;
const IN_PROGRESS = IDEMPOTENCY_ERRORS.inProgress;

/**
 * `Idempotency-Key` on a POST: the first response (below 500) is kept for a day and replayed to
 * a retry with the same key and body; the same key with another body is a 422, and a key whose
 * first request is still running is a 409. Without the header nothing changes.
 *
 * A route that creates a record passes completionFor(c) to its use case, and the success is kept
 * in the record's own transaction (issue 29): a crash between the two can no longer leave a
 * booking whose key says "in progress", which a retry would then book again. Refusals, which
 * create nothing, are kept here after the handler.
 */
export function idempotency(store: IdempotencyStore, scope: string): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return await next();
    if (!KEY.test(key)) {
      return sendError(c, IDEMPOTENCY_ERRORS.invalidKey);
    }
    // Reading the body here leaves it readable for the handler (Hono caches it).
    const hash = await requestHash(c.req.method, c.req.path, await c.req.text());
    const claim = await store.claim(scope, key, hash, IDEMPOTENCY_TTL_SECONDS, IDEMPOTENCY_STALE_SECONDS);
    if (claim.state === "mismatch") {
      return sendError(c, IDEMPOTENCY_ERRORS.reused);
    }
    if (claim.state === "in_progress") return sendError(c, IN_PROGRESS);
    if (claim.state === "completed") {
      c.header("Idempotent-Replayed", "true");
      return c.json(claim.body as object, claim.status as 200);
    }
    const claimed = { scope, key, requestHash: hash, inTransaction: false };
    c.set("idempotencyClaim", claimed);
    try {
      await next();
    } catch (error) {
      await store.release(scope, key, hash);
      throw error;
    }
    if (c.error instanceof IdempotencyClaimLost) return answerInProgress(c);
    if (c.res.status >= 500 || c.error) {
      await store.release(scope, key, hash);
      return;
    }
    // Already kept, in the same transaction as the record it answers for.
    if (claimed.inTransaction && c.res.status < 300) return;
    const body = await c.res.clone().json().catch(() => null);
    if (!await store.complete(scope, key, hash, c.res.status, body)) answerInProgress(c);
  };
}

/**
 * This request's claim went stale and another request with the same key took it over (after a
 * crash, or a request slower than IDEMPOTENCY_STALE_SECONDS): that one's answer is the key's, and
 * a retry gets it. Nothing this request did was kept.
 */
function answerInProgress(c: Context): void {
  c.res = undefined;
  c.res = sendError(c, IN_PROGRESS);
}

/**
 * For a route behind idempotency() that creates a record: what its use case writes in the
 * record's transaction as the key's first answer, `present(stored)` with `status` (undefined when
 * no key was sent). `present` must be what the handler answers on success.
 */
export function completionFor<T>(
  c: Context,
  status: number,
  present: (stored: T) => unknown,
): IdempotencyCompletion<T> | undefined {
  const claim = c.get("idempotencyClaim") as Context["var"]["idempotencyClaim"] | undefined;
  if (!claim) return undefined;
  claim.inTransaction = true;
  return { scope: claim.scope, key: claim.key, requestHash: claim.requestHash, answer: (stored) => ({ status, body: present(stored) }) };
}
