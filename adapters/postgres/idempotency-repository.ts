import type { Queryable } from "./db.ts";

export type IdempotencyClaim =
  | { state: "claimed" }
  | { state: "in_progress" }
  | { state: "mismatch" }
  | { state: "completed"; status: number; body: unknown };

export interface IdempotencyStore {
  /** Claims (scope, key) for a request with this hash, or says what already holds it. */
  claim(scope: string, key: string, requestHash: string, ttlSeconds: number, staleSeconds: number): Promise<IdempotencyClaim>;
  complete(scope: string, key: string, status: number, body: unknown): Promise<void>;
  /** Frees the key after an unexpected failure, so the client can retry. */
  release(scope: string, key: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

interface Row {
  request_hash: string;
  state: "IN_PROGRESS" | "COMPLETED";
  response_status: number | null;
  response_body: unknown;
}

export function makeIdempotencyStore(sql: Queryable): IdempotencyStore {
  return {
    async claim(scope, key, requestHash, ttlSeconds, staleSeconds) {
      // Expired keys, and claims abandoned by a crashed request, may be taken over.
      await sql`
        delete from idempotency_keys
         where scope = ${scope} and key = ${key}
           and (expires_at <= now()
                or (state = 'IN_PROGRESS'
                    and created_at < now() - make_interval(secs => ${staleSeconds})))`;
      const inserted = await sql`
        insert into idempotency_keys (scope, key, request_hash, state, expires_at)
        values (${scope}, ${key}, ${requestHash}, 'IN_PROGRESS',
                now() + make_interval(secs => ${ttlSeconds}))
        on conflict (scope, key) do nothing
        returning key`;
      if (inserted.length) return { state: "claimed" };
      const [row] = await sql<Row[]>`
        select request_hash, state, response_status, response_body from idempotency_keys
         where scope = ${scope} and key = ${key}`;
      if (!row) return { state: "in_progress" }; // freed between the two statements: rare; retry later
      if (row.request_hash !== requestHash) return { state: "mismatch" };
      if (row.state === "IN_PROGRESS") return { state: "in_progress" };
      return { state: "completed", status: row.response_status ?? 200, body: row.response_body };
    },
    async complete(scope, key, status, body) {
      await sql`
        update idempotency_keys
           set state = 'COMPLETED', response_status = ${status},
               response_body = ${sql.json(body as never)}
         where scope = ${scope} and key = ${key}`;
    },
    async release(scope, key) {
      await sql`delete from idempotency_keys where scope = ${scope} and key = ${key} and state = 'IN_PROGRESS'`;
    },
    async deleteExpired() {
      const rows = await sql`delete from idempotency_keys where expires_at <= now() returning key`;
      return rows.length;
    },
  };
}
