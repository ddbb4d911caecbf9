import type { MiddlewareHandler } from "hono";
import type { RateLimitStore } from "../../adapters/postgres/rate-limit-repository.ts";
import { clientAddress } from "./client-address.ts";
import { HTTP_ERRORS, sendError } from "../http-errors.ts";

export interface RateLimitRule {
  /** Requests sharing a name share a budget. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A per-client-address budget shared by every API process (adapters/postgres/rate-limit-repository.ts:
 * counted in memory for its first quarter, in PostgreSQL past it).
 */
export function rateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  trustProxy: number | boolean,
): MiddlewareHandler {
  return async (c, next) => {
    const bucket = `${rule.name}:${clientAddress(c, trustProxy)}`;
    const { hits, retryAfterSeconds } = await store.hit(bucket, rule.windowSeconds, rule.limit);
    c.header("RateLimit-Limit", String(rule.limit));
    c.header("RateLimit-Remaining", String(Math.max(0, rule.limit - hits)));
    if (hits > rule.limit) {
      c.header("Retry-After", String(retryAfterSeconds));
      return sendError(c, { ...HTTP_ERRORS.rateLimited, details: { retryAfterSeconds } });
    }
    await next();
  };
}
