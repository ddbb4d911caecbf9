/**
 * Issue 18: what tells every API process that a cached table changed. The triggers of migration
 * 012 notify `cache_changed` with {"schema", "table"} when a write commits; each process listens
 * on one connection of its own (postgres.js `sql.listen`) and forgets what it kept of that table.
 *
 * Notifications sent while the listening connection is down are lost for good. postgres.js
 * reconnects and listens again by itself, and calls `onListen` each time it has: the cache is then
 * forgotten whole, since anything may have changed meanwhile.
 *
 * The embedded PGlite is one backend: the LISTEN makes it send notifications, but each comes back
 * on the connection whose commit sent it, before that commit's answer (db.ts `onNotification`).
 * So there the same notifications are heard from the writes themselves, in this process, before
 * the write returns.
 */
import type { Database } from "../postgres/db.ts";

/** The channel migration 012's triggers notify. */
export const CACHE_CHANNEL = "cache_changed";

export interface ChangeHandlers {
  /** A table of this schema changed (committed). "*": something did, the payload did not say what. */
  onChange(table: string): void;
  /** Listening (again): notifications may have been missed before this. */
  onListen(): void;
}

export interface ChangeFeed {
  /** The schema whose changes are heard (a database may hold several, e.g. the tests'). */
  schema: string;
  stop(): Promise<void>;
}

/** The table a notification names, "*" when it names none, or null when it is another schema's. */
export function tableOfNotification(payload: string, schema: string): string | null {
  try {
    const parsed = JSON.parse(payload) as { schema?: unknown; table?: unknown };
    if (typeof parsed.schema === "string" && parsed.schema !== schema) return null;
    return typeof parsed.table === "string" ? parsed.table : "*";
  } catch {
    return "*";
  }
}

/** Listens until `stop()`; resolves once the first LISTEN has been answered. */
export async function listenForChanges(
  db: Pick<Database, "sql" | "onNotification">,
  handlers: ChangeHandlers,
): Promise<ChangeFeed> {
  const { sql } = db;
  // The schema unqualified table names resolve to on this pool (search_path), i.e. the triggers'.
  const [{ schema }] = await sql<{ schema: string }[]>`select current_schema() as schema`;
  const heard = (payload: string) => {
    const table = tableOfNotification(payload, schema);
    if (table !== null) handlers.onChange(table);
  };
  const subscription = await sql.listen(CACHE_CHANNEL, heard, () => handlers.onListen());
  const fromWrites = db.onNotification?.((channel, payload) => {
    if (channel === CACHE_CHANNEL) heard(payload);
  });
  return {
    schema,
    stop: async () => {
      fromWrites?.();
      // The pool's end() closes the connection anyway; a database that is gone is no error here.
      await subscription.unlisten().catch(() => {});
    },
  };
}
