/**
 * Per-client-address budgets (api/middleware/rate-limit.ts), counted in PostgreSQL so every API
 * process counts together, in fixed windows of the API's clock.
 *
 * Issue 18: writing the shared counter on every call made each availability check and booking pay
 * a committed write on one hot row before it did its own work. So a process counts the first
 * `localShare` of a budget in memory, answers at once, and adds its counts to the shared table
 * in the background: one statement for every bucket that changed, at most one in flight and one
 * per `flushEveryMs`. Past that share, a hit is counted in the table before it is answered (with
 * whatever this process still had to add), and the answer is the table's exact total: a budget
 * nearly spent is judged on every process's counts. What such a judgment can miss is only what
 * other processes admitted from memory in their last `flushEveryMs`, never more than a share
 * each: a client racing several processes within those milliseconds may get that many more.
 */
import type { Queryable } from "./db.ts";

export interface RateLimitStore {
  /**
   * Counts one hit for `bucket` in the fixed window of `windowSeconds` containing now, and
   * returns the count so far (across processes: exact once it passes the local share of `limit`)
   * and the seconds left in that window.
   */
  hit(bucket: string, windowSeconds: number, limit: number): Promise<{ hits: number; retryAfterSeconds: number }>;
  /** Adds what this process counted and has not yet written (at shutdown, and in tests). */
  flush(): Promise<void>;
  deleteOlderThan(seconds: number): Promise<number>;
}

export interface RateLimitStoreOptions {
  /** The share of a budget counted in memory before the table is asked (0 asks it every time). */
  localShare?: number;
  /** The background write's pace. */
  flushEveryMs?: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

interface Counter {
  bucket: string;
  /** Seconds since the epoch. */
  windowStart: number;
  windowEnd: number;
  /** The table's total as last seen (it includes everything this process wrote before). */
  known: number;
  /** Counted here, being written. */
  writing: number;
  /** Counted here, not yet written. */
  pending: number;
}

export function makeRateLimitStore(sql: Queryable, options: RateLimitStoreOptions = {}): RateLimitStore {
  const localShare = options.localShare ?? 0.25;
  const flushEveryMs = options.flushEveryMs ?? 10;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const counterFor = (bucket: string, windowSeconds: number): Counter => {
    const windowStart = Math.floor(now() / 1000 / windowSeconds) * windowSeconds;
    const key = `${windowStart}:${windowSeconds}:${bucket}`;
    let counter = counters.get(key);
    if (!counter) {
      counter = { bucket, windowStart, windowEnd: windowStart + windowSeconds, known: 0, writing: 0, pending: 0 };
      counters.set(key, counter);
    }
    return counter;
  };
  const retryAfter = (counter: Counter) => Math.max(1, Math.ceil(counter.windowEnd - now() / 1000));

  /** Writes every counter's pending hits in one statement and learns the totals. */
  const writePending = async (): Promise<void> => {
    const batch = [...counters.values()].filter((c) => c.pending > 0);
    for (const c of batch) [c.writing, c.pending] = [c.pending, 0];
    if (batch.length > 0) {
      try {
        const rows = await sql<{ bucket: string; window_start: number; hits: number }[]>`
          insert into rate_limit_counters (bucket, window_start, hits)
          select bucket, to_timestamp(window_start), hits
            from unnest(${batch.map((c) => c.bucket)}::text[], ${batch.map((c) => c.windowStart)}::float8[],
                        ${batch.map((c) => c.writing)}::int[]) as t(bucket, window_start, hits)
          on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
          returning bucket, extract(epoch from window_start)::float8 as window_start, hits`;
        const written = new Map(batch.map((c) => [`${c.windowStart}:${c.bucket}`, c]));
        for (const row of rows) {
          const counter = written.get(`${row.window_start}:${row.bucket}`);
          if (counter) counter.known = Math.max(counter.known, row.hits);
        }
        for (const c of batch) c.writing = 0;
      } catch (error) {
        // Kept for the next write; the answers already given stand.
        for (const c of batch) [c.pending, c.writing] = [c.pending + c.writing, 0];
        console.error(`[rate-limit] counts not written: ${error instanceof Error ? error.message : error}`);
      }
    }
    const nowSeconds = now() / 1000;
    for (const [key, c] of counters) {
      if (c.windowEnd <= nowSeconds && c.pending === 0 && c.writing === 0) counters.delete(key);
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    // One write at a time: a flush asked for during one follows it.
    flushing = (flushing ?? Promise.resolve()).then(writePending).finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const scheduleFlush = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => void flush(), flushEveryMs);
    // A count waiting to be written must not keep a process (or a test) alive.
    Deno.unrefTimer(timer);
  };

  return {
    async hit(bucket, windowSeconds, limit) {
      const counter = counterFor(bucket, windowSeconds);
      const estimate = counter.known + counter.writing + counter.pending + 1;
      if (estimate <= Math.floor(limit * localShare)) {
        counter.pending++;
        scheduleFlush();
        return { hits: estimate, retryAfterSeconds: retryAfter(counter) };
      }
      const delta = counter.pending + 1;
      counter.pending = 0;
      try {
        const [row] = await sql<{ hits: number }[]>`
          insert into rate_limit_counters (bucket, window_start, hits)
          values (${bucket}, to_timestamp(${counter.windowStart}), ${delta})
          on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
          returning hits`;
        counter.known = Math.max(counter.known, row.hits);
        return { hits: row.hits, retryAfterSeconds: retryAfter(counter) };
      } catch (error) {
        counter.pending += delta - 1;
        throw error;
      }
    },
    flush,
    async deleteOlderThan(seconds) {
      const rows = await sql`
        delete from rate_limit_counters
         where window_start < now() - make_interval(secs => ${seconds}) returning bucket`;
      return rows.length;
    },
  };
}
