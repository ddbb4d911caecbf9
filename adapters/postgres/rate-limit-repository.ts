import type { Queryable } from "./db.ts";

export interface RateLimitStore {
  /**
   * Counts one hit for `bucket` in the fixed window of `windowSeconds` containing now, and
   * returns the count so far and the seconds left in that window. Shared by every process.
   */
  hit(bucket: string, windowSeconds: number): Promise<{ hits: number; retryAfterSeconds: number }>;
  deleteOlderThan(seconds: number): Promise<number>;
}

export function makeRateLimitStore(sql: Queryable): RateLimitStore {
  return {
    async hit(bucket, windowSeconds) {
      const [row] = await sql<{ hits: number; retry_after: number }[]>`
        with w as (
          select to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})
                   as window_start)
        insert into rate_limit_counters (bucket, window_start, hits)
        select ${bucket}, w.window_start, 1 from w
        on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
        returning hits,
          ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int
            as retry_after`;
      return { hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
    },
    async deleteOlderThan(seconds) {
      const rows = await sql`
        delete from rate_limit_counters
         where window_start < now() - make_interval(secs => ${seconds}) returning bucket`;
      return rows.length;
    },
  };
}
