/**
 * What postgres.js lacks for a database that goes silent or away: it has no query timeout, and
 * a connection whose peer stops answering waits for TCP to give up (minutes). Its `socket` option
 * lets us open each connection ourselves, so the guard here:
 * - destroys a connection that owes a reply and hears nothing for `replyMs` (the pool opens a
 *   new one when it needs it), failing its queries with CONNECTION_CLOSED, and drops the idle
 *   ones with it;
 * - after a failed or silent connection, makes one real attempt per RETRY_MS and fails the
 *   others at once, so requests queued in the pool answer fast while the database is gone and
 *   the first request after it returns finds it.
 */
import { EventEmitter } from "node:events";
import net from "node:net";

/** Between two real connection attempts while the database is failing. */
export const RETRY_MS = 250;

/** The database did not answer in time, or is known to be unreachable. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

/** Error codes that mean "the database is not there right now", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  "DATABASE_UNAVAILABLE",
  // postgres.js
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // sockets and name lookup
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: statement timeout or cancel, too many connections
  "57014",
  "53300",
]);

/** True for a connection, timeout or shutdown failure (also when it is the `cause` of another error). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; depth < 4 && typeof e === "object" && e !== null; depth++) {
    const code = String((e as { code?: unknown }).code ?? "");
    // 08xxx connection exceptions; 57P01-57P05 shutdowns, "starting up", idle-session ends.
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || code.startsWith("57P")) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The part of postgres.js's parsed options a socket factory reads. */
interface ConnectTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/** Opens one socket per postgres.js connection attempt: postgres.js's `socket` option. */
export type SocketFactory = (target: ConnectTarget) => net.Socket | EventEmitter;

export function makeGuardedConnector(replyMs: number): SocketFactory {
  let failing = false;
  let lastAttemptAt = -Infinity;
  /** Open connections owing nothing: dropped when another one finds the link silent. */
  const idle = new Set<net.Socket>();
  const health: SocketHealth = {
    answered: () => {
      failing = false;
    },
    failed: () => {
      failing = true;
    },
    silent: () => {
      failing = true;
      // The link is suspect: the next queries reconnect (or fail at once) instead of each
      // waiting out the silence on a connection of its own.
      for (const socket of idle) socket.destroy();
      idle.clear();
    },
    idle: (socket, isIdle) => void (isIdle ? idle.add(socket) : idle.delete(socket)),
  };
  return (target) => {
    const now = performance.now();
    if (failing && now - lastAttemptAt < RETRY_MS) {
      return refusedSocket(new DatabaseUnavailableError("The database is unreachable; retrying shortly."));
    }
    lastAttemptAt = now;
    const socket = target.path
      ? net.connect(target.path)
      : net.connect({ host: target.host[0], port: target.port[0] });
    // postgres.js names the peer in its errors from these.
    Object.assign(socket, { host: target.path || target.host[0], port: target.port[0] });
    guardSocket(socket, replyMs, health);
    settleBeforeClose(socket);
    return socket;
  };
}

/**
 * Two postgres.js 3.4.9 hazards when a socket closes: 'close' nulls its socket and then rejects
 * the pending queries, so a transaction rolling back in reaction writes to null from a
 * setImmediate and crashes the process (postgres.js #1154); and a write still scheduled at 'close'
 * is cancelled without being forgotten, so that connection never writes again (its next startup
 * is never sent, every attempt ends in CONNECT_TIMEOUT). So pending
 * queries first learn of the loss from an 'error', and 'close' is passed on once postgres.js has
 * flushed what it wrote in reaction (two timer turns without a write); it says "no error" so
 * that postgres.js also rejects whatever it queued meanwhile.
 */
function settleBeforeClose(socket: net.Socket): void {
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let writes = 0;
  let erred = false;
  socket.write = ((...args: unknown[]) => {
    writes++;
    return write(...args);
  }) as typeof socket.write;
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === "error") erred = true;
    if (event !== "close") return emit(event, ...args);
    if (!erred && socket.listenerCount("error") > 0) {
      emit("error", Object.assign(new Error("The database connection closed."), { code: "CONNECTION_CLOSED" }));
    }
    let seen = writes;
    let quietTurns = 0;
    let turns = 0;
    const settle = () => {
      quietTurns = writes === seen ? quietTurns + 1 : 0;
      seen = writes;
      if (quietTurns >= 2 || ++turns >= MAX_SETTLE_TURNS) emit("close", false);
      else setTimeout(settle, 1);
    };
    setTimeout(settle, 1);
    return true;
  }) as typeof socket.emit;
}

/** A socket still written to after this many turns is closed anyway. */
const MAX_SETTLE_TURNS = 50;

/**
 * A socket that fails the way a refused one does: postgres.js rejects the query that asked for
 * the connection and hands the connection to the next waiting query. It fails once postgres.js
 * has flushed its startup message into it (see settleBeforeClose), or when destroyed.
 */
function refusedSocket(error: Error): EventEmitter {
  const socket = new EventEmitter();
  let failed = false;
  const fail = () => {
    if (failed) return;
    failed = true;
    setTimeout(() => {
      if (socket.listenerCount("error") > 0) socket.emit("error", error);
      socket.emit("close", true);
    }, 0);
  };
  return Object.assign(socket, {
    readyState: "closed",
    write: () => {
      fail();
      return true;
    },
    end: fail,
    destroy: fail,
    setKeepAlive: () => {},
  });
}

const STARTUP_PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const SYNC = 0x53; // 'S': ends an extended-protocol query; the server answers ReadyForQuery
const SIMPLE_QUERY = 0x51; // 'Q': the server answers ReadyForQuery after its results
const READY_FOR_QUERY = 0x5a; // 'Z'

/** Calls `onType` with the type byte of each message in a stream of `type + int32 length` frames. */
function frameReader(onType: (type: number) => void) {
  const header = new Uint8Array(5);
  let have = 0;
  let skip = 0;
  return (chunk: Uint8Array) => {
    let i = 0;
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      header[have++] = chunk[i++];
      if (have === 5) {
        have = 0;
        onType(header[0]);
        skip = new DataView(header.buffer).getUint32(1) - 4;
      }
    }
  };
}

interface SocketHealth {
  /** The server answered (the first byte of a connection). */
  answered(): void;
  /** A connection closed before the server answered. */
  failed(): void;
  /** A connection owed a reply and heard nothing for replyMs. */
  silent(): void;
  /** Whether an open, watched connection owes nothing right now. */
  idle(socket: net.Socket, isIdle: boolean): void;
}

/**
 * Tells `health` whether the server answered and whether the socket is idle, and destroys it
 * when it owes a reply and hears nothing for `replyMs` (0: never). A reply is owed from each Sync
 * or simple Query until its ReadyForQuery, from the startup message until the first
 * ReadyForQuery, and after any other write until something arrives. Only plain connections are
 * watched for silence: with TLS (SSLRequest first) postgres.js moves the stream off this socket,
 * and connect_timeout and statement_timeout remain.
 */
function guardSocket(socket: net.Socket, replyMs: number, health: SocketHealth): void {
  let kind: "startup" | "tls" | "cancel" | undefined;
  let heard = false;
  let expected = 0;
  let received = 0;
  let step = 0;
  let lastWrite = 0;
  let lastRead = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const watching = () => kind === "startup" && replyMs > 0;
  const owed = () => expected > received || lastWrite > lastRead;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const silent = () => {
    timer = undefined;
    if (!owed()) return;
    health.idle(socket, false);
    health.silent();
    socket.destroy();
  };
  /** The clock runs while a reply is owed, from the first write owing one or the last read. */
  const update = (read: boolean) => {
    health.idle(socket, !owed() && socket.readyState === "open");
    if (!owed()) return stop();
    if (read || timer === undefined) {
      clearTimeout(timer);
      timer = setTimeout(silent, replyMs);
    }
  };

  const countSent = frameReader((type) => {
    if (type === SYNC || type === SIMPLE_QUERY) expected++;
  });
  const countReceived = frameReader((type) => {
    if (type === READY_FOR_QUERY) received++;
  });

  const write = socket.write.bind(socket) as (data: unknown, ...rest: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) => {
    if (data instanceof Uint8Array) {
      if (kind === undefined) {
        // The first message has no type byte: a startup, an SSLRequest or a cancel request.
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        const code = data.byteLength >= 8 ? view.getInt32(4) : 0;
        kind = code === STARTUP_PROTOCOL_3 ? "startup" : code === SSL_REQUEST ? "tls" : "cancel";
        if (kind === "startup") expected++;
        countSent(data.subarray(kind === "startup" ? view.getInt32(0) : data.byteLength));
      } else if (watching()) {
        countSent(data);
      }
      if (watching()) {
        lastWrite = ++step;
        update(false);
      }
    }
    return write(data, ...rest);
  }) as typeof socket.write;
  socket.on("data", (chunk: Uint8Array) => {
    if (!heard && kind !== "cancel") health.answered();
    heard = true;
    if (!watching()) return;
    countReceived(chunk);
    lastRead = ++step;
    update(true);
  });
  socket.once("close", () => {
    stop();
    health.idle(socket, false);
    // Refused, reset before answering, or given up by connect_timeout (a cancel request gets no answer).
    if (!heard && kind !== "cancel") health.failed();
  });
}
