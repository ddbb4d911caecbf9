import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type Sql = postgres.Sql;
/** A connection or a transaction: repositories accept either. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

export interface Database {
  sql: Sql;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's data directory, or "memory://" for a throw-away database. */
  dataDir?: string;
  /** search_path for every connection (tests isolate themselves in a schema). */
  schema?: string;
  /** Pool size. */
  max?: number;
}

const baseOptions = (options: DatabaseOptions): postgres.Options<Record<string, never>> => ({
  max: options.max ?? 10,
  idle_timeout: 20,
  connect_timeout: 10,
  onnotice: () => {},
  connection: options.schema ? { search_path: options.schema } : undefined,
});

/**
 * Opens PostgreSQL through postgres.js. The embedded PGlite is reached the same way, through a
 * socket server on the loopback, so every repository has one SQL code path.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, baseOptions(options));
    return { sql, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await openEmbedded(options.dataDir ?? "memory://");
  const sql = postgres({
    ...baseOptions(options),
    host: embedded.host,
    port: embedded.port,
    user: "postgres",
    database: "postgres",
    // PGlite is one backend, and pglite-socket interleaves the extended-protocol messages of
    // concurrent connections ("portal does not exist"): one connection, queued by postgres.js.
    max: 1,
  });
  return {
    sql,
    kind: "pglite",
    close: async () => {
      await sql.end({ timeout: 5 });
      await embedded.release();
    },
  };
}

interface Embedded {
  host: string;
  port: number;
  release(): Promise<void>;
}

/** One PGlite (and socket server) per data dir per process, shared by every caller. */
const embeddedByDir = new Map<
  string,
  Promise<Embedded & { users: number; stop(): Promise<void> }>
>();

async function openEmbedded(dataDir: string): Promise<Embedded> {
  let entry = embeddedByDir.get(dataDir);
  if (!entry) {
    entry = (async () => {
      // PGlite creates only the last folder of the path.
      if (!dataDir.includes("://")) await Deno.mkdir(dataDir, { recursive: true });
      const db = await PGlite.create(dataDir);
      // The default of one connection would make every other pool connection wait 60 s.
      const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 64 });
      await server.start();
      const [host, port] = server.getServerConn().split(":");
      return {
        host,
        port: Number(port),
        users: 0,
        release: async () => {},
        stop: async () => {
          await server.stop();
          await db.close();
        },
      };
    })();
    embeddedByDir.set(dataDir, entry);
  }
  const shared = await entry;
  shared.users++;
  let released = false;
  return {
    host: shared.host,
    port: shared.port,
    release: async () => {
      if (released) return;
      released = true;
      shared.users--;
      if (shared.users === 0) {
        embeddedByDir.delete(dataDir);
        await shared.stop();
      }
    },
  };
}
