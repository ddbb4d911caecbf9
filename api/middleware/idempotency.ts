import type { MiddlewareHandler } from "hono";
import type { IdempotencyStore } from "../../adapters/postgres/idempotency-repository.ts";

/** Keys live a day (the issue); a claim older than this is a crashed request's, and is freed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_STALE_SECONDS = 120;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** What "the same request" means: method, path and the exact body. */
export async function requestHash(method: string, path: string, body: string): Promise<string> {
  const text = `${method} ${path}\n${body}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `Idempotency-Key` on a POST: the first response (below 500) is kept for a day and replayed to
 * a retry with the same key and body; the same key with another body is a 422, and a key whose
 * first request is still running is a 409. Without the header nothing changes.
 */
export function idempotency(store: IdempotencyStore, scope: string): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return await next();
    if (!KEY.test(key)) {
      return c.json({
        error: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
        code: "INVALID_IDEMPOTENCY_KEY",
      }, 400);
    }
    // Reading the body here leaves it readable for the handler (Hono caches it).
    const hash = await requestHash(c.req.method, c.req.path, await c.req.text());
    const claim = await store.claim(scope, key, hash, IDEMPOTENCY_TTL_SECONDS, IDEMPOTENCY_STALE_SECONDS);
    if (claim.state === "mismatch") {
      return c.json({
        error: "This Idempotency-Key was already used with a different request.",
        code: "IDEMPOTENCY_KEY_REUSED",
      }, 422);
    }
    if (claim.state === "in_progress") {
      return c.json({
        error: "A request with this Idempotency-Key is still being processed. Try again shortly.",
        code: "IDEMPOTENCY_KEY_IN_PROGRESS",
      }, 409);
    }
    if (claim.state === "completed") {
      c.header("Idempotent-Replayed", "true");
      return c.json(claim.body as object, claim.status as 200);
    }
    try {
      await next();
    } catch (error) {
      await store.release(scope, key);
      throw error;
    }
    if (c.res.status >= 500 || c.error) {
      await store.release(scope, key);
      return;
    }
    const body = await c.res.clone().json().catch(() => null);
    await store.complete(scope, key, c.res.status, body);
  };
}
