import type { LoginThrottle } from "../../core/admin/ports.ts";
import type { Queryable } from "./db.ts";

/** Failed logins counted in the shared rate_limit_counters table, 15-minute windows. */
export function makeLoginThrottle(sql: Queryable, windowSeconds = 15 * 60): LoginThrottle {
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  return {
    async failures(keys) {
      const [row] = await sql<{ count: number; retry_after: number }[]>`
        select coalesce(max(hits), 0)::int as count,
               ceil(extract(epoch from (${windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int
                 as retry_after
          from rate_limit_counters
         where bucket in ${sql(keys)} and window_start = ${windowStart}`;
      return { count: row.count, retryAfterSeconds: Math.max(1, row.retry_after) };
    },
    async recordFailure(keys) {
      for (const bucket of keys) {
        await sql`
          insert into rate_limit_counters (bucket, window_start, hits)
          values (${bucket}, ${windowStart}, 1)
          on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1`;
      }
    },
  };
}
