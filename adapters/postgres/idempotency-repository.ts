import type { IdempotencyCompletion } from "../../core/shared/idempotency-completion.ts";
import type { Queryable } from "./db.ts";

export type IdempotencyClaim =
  | { state: "claimed" }
  | { state: "in_progress" }
  | { state: "mismatch" }
  | { state: "completed"; status: number; body: unknown };

export interface IdempotencyStore {
  /** Claims (scope, key) for a request with this hash, or says what already holds it. */
  claim(scope: string, key: string, requestHash: string, ttlSeconds: number, staleSeconds: number): Promise<IdempotencyClaim>;
  /**
   * Keeps the answer of a request that created nothing (a refusal; a created record's answer is
   * kept by its own transaction: completeInTransaction). False when this request's claim no longer
   * holds the key (another request with the key took it over), and nothing is kept.
   */
  complete(scope: string, key: string, requestHash: string, status: number, body: unknown): Promise<boolean>;
  /** Frees the key this request claimed after an unexpected failure, so the client can retry. */
  release(scope: string, key: string, requestHash: string): Promise<void>;
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
    async complete(scope, key, requestHash, status, body) {
      const kept = await sql`
        update idempotency_keys
           set state = 'COMPLETED', response_status = ${status},
               response_body = ${sql.json(body as never)}
         where scope = ${scope} and key = ${key} and request_hash = ${requestHash} and state = 'IN_PROGRESS'
        returning key`;
      return kept.length === 1;
    },
    async release(scope, key, requestHash) {
      // Only this request's own claim: one that took the key over after it went stale is not ours to free.
      await sql`
        delete from idempotency_keys
         where scope = ${scope} and key = ${key} and request_hash = ${requestHash} and state = 'IN_PROGRESS'`;
    },
    async deleteExpired() {
      const rows = await sql`delete from idempotency_keys where expires_at <= now() returning key`;
      return rows.length;
    },
  };
}

/**
 * The key's claim no longer belongs to this request (it went stale and another request with the
 * same key took it over, or finished it): the record being written is rolled back.
 */
export class IdempotencyClaimLost extends Error {
  constructor(readonly scope: string, readonly key: string) {
    super(`the claim on idempotency key ${scope}/${key} was lost before its answer was written`);
  }
}

/**
 * Inside the transaction that creates the record (issue 29): the key's first answer, so the record
 * and the answer commit together and a crash leaves both or neither. Written only while the claim
 * of this same request still holds the key; otherwise IdempotencyClaimLost, and the record rolls
 * back: two requests with one key never both commit, even after a stale claim was taken over.
 */
export async function completeInTransaction<T>(tx: Queryable, completion: IdempotencyCompletion<T>, stored: T): Promise<void> {
  const { status, body } = completion.answer(stored);
  const written = await tx`
    update idempotency_keys
       set state = 'COMPLETED', response_status = ${status},
           -- the body as the answer sends it (dates as ISO text), so a replay is the same bytes' worth
           response_body = ${tx.json(JSON.parse(JSON.stringify(body)))}
     where scope = ${completion.scope} and key = ${completion.key}
       and request_hash = ${completion.requestHash} and state = 'IN_PROGRESS'
    returning key`;
  if (written.length === 0) throw new IdempotencyClaimLost(completion.scope, completion.key);
}
