import type { Sql } from "./db.ts";
import { runInTransaction } from "./transaction.ts";

/** A constant key: every API process starting at once waits here, then finds the work done. */
const MIGRATION_LOCK_KEY = 727_311_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Numbered files `NNN_name.sql` beside this module, in order. */
export async function loadMigrations(
  dir = new URL("./migrations/", import.meta.url),
): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const match = /^(\d{3})_([\w-]+)\.sql$/.exec(entry.name);
    if (!entry.isFile || !match) continue;
    migrations.push({
      version: Number(match[1]),
      name: match[2],
      sql: await Deno.readTextFile(new URL(entry.name, dir)),
    });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several processes
 * can start together and a failing migration leaves the schema as it was.
 * Returns the versions applied.
 */
export async function migrate(sql: Sql, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? await loadMigrations();
  return await runInTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`;
    const done = new Set(
      (await tx<{ version: number }[]>`select version from schema_migrations`).map((r) =>
        r.version
      ),
    );
    const applied: number[] = [];
    for (const migration of all) {
      if (done.has(migration.version)) continue;
      // Simple protocol: a migration file holds many statements.
      await tx.unsafe(migration.sql).simple();
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      applied.push(migration.version);
    }
    return applied;
  });
}
