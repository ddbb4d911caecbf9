import { z } from "zod";
import { ErrorBodySchema } from "../../core/shared/error-codes.ts";
import { DATABASE_RETRY_AFTER_SECONDS, errorBody, HTTP_ERRORS } from "../http-errors.ts";
import { json, route, routeGroup } from "../openapi.ts";

/** Monitors read `status` and `database` on both answers. */
const state = <S extends string>(value: S) => z.object({ status: z.literal(value), database: z.literal(value) });

const health = route({
  method: "get", path: "/health", tags: ["System"], "x-required-role": "public",
  summary: "Health: 200 when the database answers within 1.5 s, else 503 (always within 2 s)",
  responses: {
    200: json(state("ok").meta({ id: "Health" }), "OK"),
    503: json(ErrorBodySchema.extend(state("error").shape).meta({ id: "HealthDown" }), "The database is not answering"),
  },
});

/** The probe's own words for the database's 503 (every other call says HTTP_ERRORS.databaseUnavailable's). */
const DATABASE_NOT_ANSWERING = { ...HTTP_ERRORS.databaseUnavailable, message: "The database is not answering." };

/** Monitors give up after a few seconds: the check answers within 2 s whatever the database does. */
const HEALTH_CHECK_BUDGET_MS = 1_500;

/** `check`, or a rejection once the budget is spent (the check itself is left to its own timeouts). */
function withinBudget(check: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_CHECK_BUDGET_MS} ms`)),
      HEALTH_CHECK_BUDGET_MS,
    );
    Promise.resolve().then(check).then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** For load balancers and uptime checks: 200 only when the database answers in time. */
export function healthRoutes(checkDatabase: () => Promise<void>) {
  return routeGroup().openapi(health, async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await withinBudget(checkDatabase);
      return c.json({ status: "ok", database: "ok" } as const, 200);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: `health: ${error}` }));
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ ...errorBody(DATABASE_NOT_ANSWERING), status: "error", database: "error" } as const, 503);
    }
  });
}
