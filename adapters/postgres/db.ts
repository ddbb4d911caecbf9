import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { makeGuardedConnector, type SocketFactory } from "./connection-guard.ts";

export { isDatabaseUnavailable } from "./connection-guard.ts";

export type Sql = postgres.Sql;
/** A connection or a transaction: repositories accept either. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

export interface Database {
  sql: Sql;
  kind: "pglite" | "postgres";
  /** The embedded server's Unix socket (PGlite only): `psql -h <its directory>` as this account. */
  socketPath?: string;
  /**
   * PGlite only: every notification (NOTIFY) that a commit through any pool of this embedded
   * database brought back. PGlite is one backend, so a notification comes back on the connection
   * whose commit sent it (once something LISTENs), never to another connection's LISTEN.
   */
  onNotification?(listener: NotificationListener): () => void;
  close(): Promise<void>;
}

export type NotificationListener = (channel: string, payload: string) => void;

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's data directory, or "memory://" for a throw-away database. */
  dataDir?: string;
  /** search_path for every connection (tests isolate themselves in a schema). */
  schema?: string;
  /** Pool size. */
  max?: number;
  /** REQUEST_TIMEOUTS unless said otherwise (migrations use MIGRATION_TIMEOUTS). */
  timeouts?: DatabaseTimeouts;
}

/** How long the database may take, on the server and on the wire (0: no limit of ours). */
export interface DatabaseTimeouts {
  /** PostgreSQL cancels a statement running longer (statement_timeout, lock waits included). */
  statementMs: number;
  /** PostgreSQL ends a session idle inside a transaction this long, so a vanished client's locks go. */
  idleInTransactionMs: number;
  /** Opening a connection (TCP, startup, authentication) longer than this fails. */
  connectMs: number;
  /** A connection owing a reply that hears nothing this long is destroyed (see connection-guard.ts). */
  replyMs: number;
}

/**
 * For serving requests: a statement gets 5 s on the server; a silent link is given up after 7 s,
 * so a call that needs the database answers (503 at worst) within 10 s.
 */
export const REQUEST_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5_000,
  idleInTransactionMs: 30_000,
  connectMs: 3_000,
  replyMs: 7_000,
};

/** For migrations: they wait for another process's lock and may run long DDL. */
export const MIGRATION_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 0,
  idleInTransactionMs: 0,
  connectMs: 10_000,
  replyMs: 0,
};

/** postgres.js reads `socket` (documented in its README) and `onnotify` but its types omit them. */
type PoolOptions = postgres.Options<Record<string, never>> & { socket: SocketFactory; onnotify?: NotificationListener };

const baseOptions = (options: DatabaseOptions): PoolOptions => {
  const timeouts = options.timeouts ?? REQUEST_TIMEOUTS;
  return {
    max: options.max ?? 10,
    idle_timeout: 20,
    connect_timeout: timeouts.connectMs / 1000,
    // The guard spaces real attempts while the database is failing; postgres.js's own backoff
    // grows to 20 s and would hold the first requests after a recovery.
    backoff: () => 0,
    onnotice: () => {},
    socket: makeGuardedConnector(timeouts.replyMs),
    // Startup parameters: PostgreSQL applies them to every connection (postgres.js leaves out
    // zeros, so 0 keeps the server's setting); PGlite ignores them.
    connection: {
      ...(options.schema ? { search_path: options.schema } : {}),
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    },
  };
};

/**
 * Opens PostgreSQL through postgres.js. The embedded PGlite is reached the same way, through a
 * socket server on a Unix socket of its own (see openEmbedded), so every repository has one SQL
 * code path.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, baseOptions(options));
    return { sql, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await openEmbedded(options.dataDir ?? "memory://");
  const timeouts = options.timeouts ?? REQUEST_TIMEOUTS;
  const sql = postgres({
    // PGlite answers from this process: a silent connection means it is busy, not gone, and
    // cutting one mid-transaction can leave its single shared session stuck in that transaction.
    ...baseOptions({ ...options, timeouts: { ...timeouts, replyMs: 0 } }),
    path: embedded.path,
    user: "postgres",
    database: "postgres",
    // PGlite is one backend, and pglite-socket interleaves the extended-protocol messages of
    // concurrent connections ("portal does not exist"): one connection, queued by postgres.js.
    max: 1,
    onnotify: embedded.notify,
  } as PoolOptions);
  return {
    sql,
    kind: "pglite",
    socketPath: embedded.path,
    onNotification: embedded.onNotification,
    close: async () => {
      await sql.end({ timeout: 5 });
      await embedded.release();
    },
  };
}

interface Embedded {
  /** The Unix socket the embedded server listens on. */
  path: string;
  /** Hands a notification a pool heard to every listener of this embedded database. */
  notify: NotificationListener;
  onNotification(listener: NotificationListener): () => void;
  release(): Promise<void>;
}

/** One PGlite (and socket server) per data dir per process, shared by every caller. */
const embeddedByDir = new Map<
  string,
  Promise<Omit<Embedded, "notify" | "onNotification"> & { users: number; listeners: Set<NotificationListener>; stop(): Promise<void> }>
>();

/** The file name PostgreSQL gives its socket (psql -h <dir> finds it). */
const SOCKET_NAME = ".s.PGSQL.5432";
/** sun_path holds 108 bytes with its terminating zero. */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Where the embedded server listens: pglite-socket has no authentication, so it gets no TCP port
 * (any local user could reach one) but a Unix socket (0600) in a directory of its own (0700) beside
 * the data dir, which only this account can enter. A throw-away database (memory://), or a data
 * dir whose socket path would be too long for a Unix socket, gets a private temporary directory,
 * removed on stop.
 */
async function socketDirectory(dataDir: string): Promise<{ dir: string; temporary: boolean }> {
  const beside = `${dataDir.replace(/\/+$/, "")}-socket`;
  const usable = !dataDir.includes("://") &&
    new TextEncoder().encode(`${beside}/${SOCKET_NAME}`).length <= MAX_SOCKET_PATH_BYTES;
  if (!usable) {
    const dir = await Deno.makeTempDir({ prefix: "yarra-pglite-" });
    await Deno.chmod(dir, 0o700);
    return { dir, temporary: true };
  }
  await Deno.mkdir(beside, { recursive: true, mode: 0o700 });
  // An existing directory keeps its mode through mkdir, and the umask may have narrowed nothing.
  await Deno.chmod(beside, 0o700);
  return { dir: beside, temporary: false };
}

async function openEmbedded(dataDir: string): Promise<Embedded> {
  let entry = embeddedByDir.get(dataDir);
  if (!entry) {
    entry = (async () => {
      // PGlite creates only the last folder of the path.
      if (!dataDir.includes("://")) await Deno.mkdir(dataDir, { recursive: true });
      const socket = await socketDirectory(dataDir);
      const path = `${socket.dir}/${SOCKET_NAME}`;
      const removeSocket = () =>
        socket.temporary
          ? Deno.remove(socket.dir, { recursive: true })
          : Deno.remove(path).catch((error) => {
            if (!(error instanceof Deno.errors.NotFound)) throw error;
          });
      // A process that was killed leaves its socket file behind, and listening on it would fail.
      if (!socket.temporary) await removeSocket();
      let db: PGlite | undefined;
      try {
        // btree_gist: migration 018's exclusion constraint (a cleaner on one job at a time).
        db = await PGlite.create(dataDir, { extensions: { btree_gist } });
        // The default of one connection would make every other pool connection wait 60 s.
        const server = new PGLiteSocketServer({ db, path, maxConnections: 64 });
        await server.start();
        await Deno.chmod(path, 0o600);
        const opened = db;
        return {
          path,
          users: 0,
          listeners: new Set<NotificationListener>(),
          release: async () => {},
          stop: async () => {
            await server.stop();
            await opened.close();
            await removeSocket();
          },
        };
      } catch (error) {
        await db?.close();
        await removeSocket().catch(() => {});
        throw error;
      }
    })();
    embeddedByDir.set(dataDir, entry);
    // A failed start is not kept: the next caller tries again.
    const starting = entry;
    starting.catch(() => embeddedByDir.get(dataDir) === starting && embeddedByDir.delete(dataDir));
  }
  const shared = await entry;
  shared.users++;
  let released = false;
  return {
    path: shared.path,
    notify: (channel, payload) => shared.listeners.forEach((listener) => listener(channel, payload)),
    onNotification: (listener) => {
      shared.listeners.add(listener);
      return () => shared.listeners.delete(listener);
    },
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
