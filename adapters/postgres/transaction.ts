import type postgres from "postgres";
import type { Sql } from "./db.ts";

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super("rolled back");
  }
}

const isFailedResult = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/**
 * Runs `work` in one transaction. It commits when `work` returns a value whose `ok` is not
 * false, and rolls back when it throws or returns `{ ok: false }`, so an expected failure never
 * leaves a partial record either. The failed result is returned, not thrown.
 */
export async function runInTransaction<T>(
  sql: Sql,
  work: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  try {
    return await sql.begin(async (tx) => {
      const value = await work(tx);
      if (isFailedResult(value)) throw new Rollback(value);
      return value;
    }) as T;
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

/** A unique index refused the write (optionally: that index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint_name?: unknown } | null;
  return e?.code === "23505" && (constraint === undefined || e.constraint_name === constraint);
}
