import { Hono } from "hono";
import type { Sql } from "../../../adapters/postgres/db.ts";
import type { Clock } from "../../../core/shared/ports.ts";
import type { OperationDoc } from "../../openapi.ts";

/** What this group's use cases need, built by the composition root. */
export interface BookingsAdminContext {
  sql: Sql;
  clock: Clock;
}

/** The staff calls of this group, mounted under /api/admin behind requireAdmin. */
export function bookingsAdminRoutes(_ctx: BookingsAdminContext) {
  return new Hono();
}

export const bookingsAdminOperations: OperationDoc[] = [];
