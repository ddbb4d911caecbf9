/**
 * The read cache of one API process over its database (issue 18): the real readers, kept in
 * memory, forgotten on every change.
 *
 * - PostgreSQL: LISTEN through change-feed.ts, so a write by any process (or by psql) reaches
 *   every process's cache; a reconnect forgets everything.
 * - The embedded PGlite is one process, and through pglite-socket a notification only reaches the
 *   connection whose write sent it, never a listener. There every write through this process's
 *   staff API forgets the cache directly (`invalidateAll`, see api/app.ts `afterStaffWrite`), and
 *   the age limit covers anything else (a direct SQL change is seen within `maxAgeMs`).
 */
import type { Database } from "../postgres/db.ts";
import { makeCatalogReader } from "../postgres/catalog-repository.ts";
import { makeClosedDatesStore } from "../postgres/closed-dates-repository.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { type ChangeFeed, listenForChanges } from "./change-feed.ts";
import { makeReadCache, partsReadFrom, type ReadCache } from "./read-cache.ts";

export interface DatabaseCache extends ReadCache {
  /** Whether changes by other processes are heard (PostgreSQL), or only this process's (PGlite). */
  hearsOtherProcesses: boolean;
  /** How many times the change feed has (re)started listening; each one forgot everything. */
  listens(): number;
  stop(): Promise<void>;
}

export interface DatabaseCacheOptions {
  maxAgeMs?: number;
  /** Called with each table a notification names, after the cache forgot it (tests, metrics). */
  onChange?: (table: string) => void;
}

export async function startDatabaseCache(
  db: Pick<Database, "sql" | "kind">,
  options: DatabaseCacheOptions = {},
): Promise<DatabaseCache> {
  const cache = makeReadCache({
    catalog: makeCatalogReader(db.sql),
    settings: makeSettingsStore(db.sql),
    closedDates: makeClosedDatesStore(db.sql),
  }, { maxAgeMs: options.maxAgeMs });
  let listens = 0;
  let feed: ChangeFeed | null = null;
  if (db.kind === "postgres") {
    feed = await listenForChanges(db.sql, {
      onChange: (table) => {
        for (const part of partsReadFrom(table)) cache.invalidate(part);
        options.onChange?.(table);
      },
      onListen: () => {
        listens++;
        cache.invalidateAll();
      },
    });
  }
  return {
    ...cache,
    hearsOtherProcesses: feed !== null,
    listens: () => listens,
    stop: async () => {
      await feed?.stop();
    },
  };
}
