import { z } from "zod";
import { ErrorBodySchema } from "../../core/shared/error-codes.ts";
import { json, route, routeGroup } from "../openapi.ts";

/** Monitors read `status` and `database` on both answers. */
const state = <S extends string>(value: S) => z.object({ status: z.literal(value), database: z.literal(value) });

const health = route({
  method: "get", path: "/health", tags: ["System"], "x-required-role": "public",
  summary: "Health: 200 when the database answers",
  responses: {
    200: json(state("ok").meta({ id: "Health" }), "OK"),
    503: json(ErrorBodySchema.extend(state("error").shape).meta({ id: "HealthDown" }), "The database is not answering"),
  },
});

/** For load balancers and uptime checks: 200 only when the database answers. */
export function healthRoutes(checkDatabase: () => Promise<void>) {
  return routeGroup().openapi(health, async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await checkDatabase();
      return c.json({ status: "ok", database: "ok" } as const, 200);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: `health: ${error}` }));
      return c.json(
        { error: "The database is not answering.", code: "DATABASE_UNAVAILABLE", status: "error", database: "error" } as const,
        503,
      );
    }
  });
}
