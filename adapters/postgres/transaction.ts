import type postgres from "postgres";
import type { InTransaction } from "../../core/shared/ports.ts";
import type { Queryable, Sql } from "./db.ts";

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super("rolled back");
  }
}

const isFailedResult = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/** PostgreSQL chose this transaction to break a deadlock (SQLSTATE 40P01): it rolled back, and may run again. */
export const isDeadlock = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "40P01";

/**
 * How often a transaction broken to end a deadlock runs again. Every reservation takes its locks in
 * one order (capacity days, then cleaners), but a transaction that reserves several visits (a
 * regular clean's planning) takes a later day after an earlier visit's cleaners; PostgreSQL then
 * ends the rare cycle by rolling one back, and it runs again on fresh locks.
 */
export const DEADLOCK_ATTEMPTS = 3;

/** What runs once a transaction has committed, with the pool it ran on. */
export type AfterCommit = (sql: Sql) => void;

/** The open transactions of runInTransaction, each with what it asked to run after its commit. */
const openTransactions = new WeakMap<Queryable, { sql: Sql; hooks: Set<AfterCommit> }>();

/**
 * Runs `hook` once `sql`'s transaction has committed (never when it rolls back); a hook asked for
 * twice in one transaction runs once. Outside a transaction (a statement on the pool) the write has
 * committed already, so it runs now. For what must not happen before the commit: waking a
 * process that would look for the rows before they are visible.
 */
export function afterCommit(sql: Queryable, hook: AfterCommit): void {
  const open = openTransactions.get(sql);
  if (open) open.hooks.add(hook);
  else if (typeof (sql as Partial<Sql>).begin === "function") hook(sql as Sql);
  else throw new Error("afterCommit: a transaction not opened by runInTransaction (its commit can't be seen)");
}

function runHooks(sql: Sql, hooks: Set<AfterCommit>): void {
  for (const hook of hooks) {
    try {
      hook(sql);
    } catch (error) {
      // The transaction has committed: its caller gets its result whatever a listener does.
      console.error(`after-commit hook failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/**
 * The one transaction rule of every repository: `work` commits when it returns a value whose
 * `ok` is not false; it rolls back when it returns `{ ok: false }` (that failure is returned, not
 * thrown) and when it throws (the error is rethrown), so nothing partial is ever stored. A
 * transaction PostgreSQL broke to end a deadlock runs again from the start (DEADLOCK_ATTEMPTS).
 * What the work asked to run after the commit (afterCommit) runs once it has committed.
 */
export async function runInTransaction<T>(
  sql: Sql,
  work: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    const hooks = new Set<AfterCommit>();
    try {
      const committed = await sql.begin(async (tx) => {
        openTransactions.set(tx, { sql, hooks });
        const value = await work(tx);
        if (isFailedResult(value)) throw new Rollback(value);
        return value;
      }) as T;
      runHooks(sql, hooks);
      return committed;
    } catch (error) {
      if (error instanceof Rollback) return error.value as T;
      if (isDeadlock(error) && attempt < DEADLOCK_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** A port's transaction: `work` gets the ports `portsOf` builds on it, under runInTransaction's rule. */
export function transactionOver<Tx>(
  sql: Sql,
  portsOf: (tx: postgres.TransactionSql) => Tx,
): InTransaction<Tx> {
  return (work) => runInTransaction(sql, (tx) => work(portsOf(tx)));
}

/** A unique index refused the write (optionally: that index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint_name?: unknown } | null;
  return e?.code === "23505" && (constraint === undefined || e.constraint_name === constraint);
}

/**
 * The exclusion constraint of migration 018 refused a write: a cleaner would hold two overlapping
 * place-holding jobs. Returns the cleaner named in PostgreSQL's detail (`Key (cleaner_id, …)=(id,
 * …) conflicts with existing key …`), or null for any other error.
 */
export function cleanerOverlapOf(error: unknown): { cleanerId: string | null } | null {
  const e = error as { code?: unknown; constraint_name?: unknown; detail?: unknown } | null;
  if (e?.code !== "23P01" || e.constraint_name !== "booking_cleaners_no_overlap") return null;
  const id = /\)=\(([0-9a-f-]{36}),/i.exec(typeof e.detail === "string" ? e.detail : "");
  return { cleanerId: id ? id[1] : null };
}
