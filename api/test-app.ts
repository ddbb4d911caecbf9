/** Builds the same graph as compose.ts on a fresh test database, for app.request() tests. */
import { buildApp } from "./app.ts";
import { describeOnTargets, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeCatalogReader } from "../adapters/postgres/catalog-repository.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";

export type TestApp = ReturnType<typeof buildApp>;

export function buildTestApp(db: TestDatabase, web?: { publicDist: string; adminDist: string }): TestApp {
  return buildApp({
    catalog: makeCatalogReader(db.sql),
    settings: makeSettingsStore(db.sql),
    checkDatabase: async () => {
      await db.sql`select 1`;
    },
    web,
  });
}

/** One Deno test per database target, with the demo data seeded. */
export function describeApi(
  name: string,
  fn: (t: Deno.TestContext, app: TestApp, db: TestDatabase) => Promise<void>,
): void {
  describeOnTargets(name, async (t, db) => {
    await seedDemoData(db.sql);
    await fn(t, buildTestApp(db), db);
  });
}

export const json = async (response: Response) => ({ status: response.status, body: await response.json() });
