import type { DeviceAttempts } from "../../core/admin/login.ts";
import type { LoginThrottle } from "../../core/admin/ports.ts";
import type { Queryable } from "./db.ts";

/**
 * Login attempts counted in the shared rate_limit_counters table, in fixed windows (15 minutes).
 * Counting is one upsert per key, `hits + 1 ... returning hits`: concurrent attempts, in one
 * process or many, each get a distinct count, so none can read a stale one.
 */
export function makeLoginThrottle(sql: Queryable, windowSeconds = 15 * 60): LoginThrottle {
  const windowStart = () => sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  return {
    async count(keys) {
      const rows = await sql<{ bucket: string; hits: number; retry_after: number }[]>`
        insert into rate_limit_counters (bucket, window_start, hits)
        select bucket, ${windowStart()}, 1
          from jsonb_array_elements_text(${sql.json(keys)}) with ordinality as keys(bucket, position)
         order by position
        on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
        returning bucket, hits,
          ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int
            as retry_after`;
      const byKey = new Map(rows.map((row) => [row.bucket, row]));
      return keys.map((key) => {
        const row = byKey.get(key)!;
        return { count: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
      });
    },
    async peek(key) {
      const [row] = await sql<{ hits: number }[]>`
        select hits from rate_limit_counters where bucket = ${key} and window_start = ${windowStart()}`;
      return row?.hits ?? 0;
    },
    async forgive(key, attempts) {
      await sql`
        update rate_limit_counters set hits = greatest(hits - ${attempts}::int, 0)
         where bucket = ${key} and window_start = ${windowStart()}`;
    },
    async clear(key) {
      await sql`delete from rate_limit_counters where bucket = ${key} and window_start = ${windowStart()}`;
    },
  };
}

/**
 * Issue 29: the attempts of each device cookie (OWASP's device lockout list), one row per cookie
 * that has been presented, kept until the cookie expires. Counting is one upsert, as above.
 */
export function makeDeviceAttempts(sql: Queryable): DeviceAttempts & { deleteExpired(): Promise<void> } {
  return {
    async count(nonce, expiresAt) {
      const [row] = await sql<{ attempts: number; distrusted: boolean }[]>`
        insert into login_device_attempts (nonce, attempts, expires_at) values (${nonce}, 1, ${expiresAt})
        on conflict (nonce) do update set attempts = login_device_attempts.attempts + 1
        returning attempts, distrusted`;
      return row;
    },
    async forgive(nonce) {
      await sql`update login_device_attempts set attempts = greatest(attempts - 1, 0) where nonce = ${nonce}`;
    },
    async distrust(nonce) {
      await sql`update login_device_attempts set distrusted = true where nonce = ${nonce}`;
    },
    async deleteExpired() {
      await sql`delete from login_device_attempts where expires_at < now()`;
    },
  };
}
