/**
 * The read cache of one API process over its database (issue 18): the real readers, kept in
 * memory, forgotten on every change.
 *
 * Both ride on the notifications of migration 012's triggers (change-feed.ts), whoever writes:
 * - PostgreSQL: LISTEN, so a write by any process (or by psql) reaches every process's cache
 *   within milliseconds of its commit; a reconnect forgets everything.
 * - The embedded PGlite is one process, and through pglite-socket a notification only reaches the
 *   connection whose write sent it, never a listener: there it is heard from the write itself,
 *   before the write returns. A change through another connection (psql on the socket) is seen
 *   within the age limit (`maxAgeMs`).
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
  db: Pick<Database, "sql" | "kind" | "onNotification">,
  options: DatabaseCacheOptions = {},
): Promise<DatabaseCache> {
  const cache = makeReadCache({
    catalog: makeCatalogReader(db.sql),
    settings: makeSettingsStore(db.sql),
    closedDates: makeClosedDatesStore(db.sql),
  }, { maxAgeMs: options.maxAgeMs });
  let listens = 0;
  const feed: ChangeFeed = await listenForChanges(db, {
    onChange: (table) => {
      for (const part of partsReadFrom(table)) cache.invalidate(part);
      options.onChange?.(table);
    },
    onListen: () => {
      listens++;
      cache.invalidateAll();
    },
  });
  return {
    ...cache,
    hearsOtherProcesses: db.kind === "postgres",
    listens: () => listens,
    stop: () => feed.stop(),
  };
}
