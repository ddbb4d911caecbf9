/**
 * Test databases for contract and API tests: PGlite always, PostgreSQL too when DATABASE_URL is
 * set. Each test gets a fresh schema, so tests never see each other's rows.
 */
import { type Database, openDatabase, type Sql } from "./db.ts";
import { migrate } from "./migrate.ts";

export interface TestTarget {
  name: "pglite" | "postgres";
  url?: string;
}

export const TEST_TARGETS: TestTarget[] = [
  { name: "pglite" },
  ...(Deno.env.get("DATABASE_URL")
    ? [{ name: "postgres" as const, url: Deno.env.get("DATABASE_URL") }]
    : []),
];

export const POSTGRES_TARGET: TestTarget | undefined = TEST_TARGETS.find((t) =>
  t.name === "postgres"
);

export interface TestDatabase extends Database {
  schema: string;
  /** Another pool on the same schema, like a second API process (PostgreSQL only; PGlite shares). */
  openAnother(max?: number): Promise<Database>;
}

/** Keeps the in-memory PGlite open for the whole test process (it takes ~3 s to start). */
let keeper: Promise<Database> | undefined;

/**
 * PostgreSQL: a fresh schema per test (search_path per connection).
 * PGlite: one backend session shared by every connection, so a per-connection search_path would
 * leak between pools; its tests run one at a time on a freshly recreated `public` schema instead.
 */
export async function openTestDatabase(target: TestTarget, max?: number): Promise<TestDatabase> {
  if (!target.url) {
    const shared = await (keeper ??= openDatabase({ dataDir: "memory://", max: 1 }));
    await shared.sql.unsafe("drop schema if exists public cascade; create schema public").simple();
    const db = await openDatabase({ dataDir: "memory://" });
    await migrate(db.sql);
    // The embedded database has one connection per process: "another process" is the same pool.
    const same: Database = { ...db, close: async () => {} };
    return { ...db, schema: "public", openAnother: () => Promise.resolve(same) };
  }
  const admin = await openDatabase({ url: target.url, max: 1 });
  const schema = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await admin.sql.unsafe(`create schema ${schema}`);
  const open = (poolMax?: number) => openDatabase({ url: target.url, schema, max: poolMax });
  const db = await open(max);
  await migrate(db.sql);
  return {
    ...db,
    schema,
    openAnother: open,
    close: async () => {
      await db.close();
      await admin.sql.unsafe(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** Runs `fn` once per target as steps of one Deno test. */
export function describeOnTargets(
  name: string,
  fn: (t: Deno.TestContext, db: TestDatabase, target: TestTarget) => Promise<void>,
  options: { targets?: TestTarget[] } = {},
): void {
  for (const target of options.targets ?? TEST_TARGETS) {
    Deno.test({
      name: `${name} [${target.name}]`,
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async (t) => {
        const db = await openTestDatabase(target);
        try {
          await fn(t, db, target);
        } finally {
          await db.close();
        }
      },
    });
  }
}

export type { Sql };
