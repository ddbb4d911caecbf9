/**
 * What postgres.js lacks for a database that goes silent or away: it has no query timeout, and
 * a connection whose peer stops answering waits for TCP to give up (minutes). Its `socket` option
 * lets us open each connection ourselves, so the guard here:
 * - destroys a connection that owes a reply and hears nothing for `replyMs` (the pool opens a
 *   new one when it needs it), failing its queries with 08006, and drops the idle ones (those
 *   holding no transaction) with it;
 * - tells postgres.js of a lost connection only in a way it survives (see guardSocket); and
 *   patches/postgres+3.4.9.patch (applied by `npm ci`'s postinstall) makes postgres.js itself
 *   forget a write scheduled when a connection closes, so a connection closed with one pending
 *   never writes to null nor stays unable to send its next startup (postgres.js #1154, #1208);
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
  /** Each new connection first reads the array types (postgres.js's default). */
  fetch_types?: boolean;
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
    guardSocket(socket, replyMs, health, target.fetch_types !== false);
    return socket;
  };
}

/**
 * A socket that fails the way a refused one does: postgres.js rejects the query that asked for
 * the connection and hands the connection to the next waiting query. It fails once postgres.js
 * has flushed its startup message into it (see guardSocket), or when destroyed.
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
// Frontend messages (what postgres.js writes).
const SYNC = 0x53; // 'S': ends an extended-protocol query; the server answers ReadyForQuery
const SIMPLE_QUERY = 0x51; // 'Q': the server answers ReadyForQuery after its results
const FLUSH = 0x48; // 'H': postgres.js describes a new statement (Parse, Describe, Flush) before binding it
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43]); // Parse, Bind, Describe, Execute, Close
// Backend messages (what the server answers).
const READY_FOR_QUERY = 0x5a; // 'Z'
const PARAMETER_DESCRIPTION = 0x74; // 't': the answer to a Flush-ended describe
const ERROR_RESPONSE = 0x45; // 'E'
const IDLE = 0x49; // 'I': ReadyForQuery's status outside a transaction block
const IN_TRANSACTION = 0x54; // 'T': inside a transaction block
const FAILED_TRANSACTION = 0x45; // 'E': inside a failed transaction block

/** A lost connection that postgres.js keeps writing to is closed after this long anyway. */
const MAX_SETTLE_MS = 1_000;

/** What a lost connection answers every statement with: 08006 connection_failure (a 503, not a bug). */
const LOST_SQLSTATE = "08006";
const LOST_MESSAGE = "The database connection was lost.";

/**
 * Reads a stream of `type + int32 length` frames: `onMessage` gets the type byte and the first body
 * byte (-1 for an empty body) of each, and says where the stream stopped.
 */
function frameReader(onMessage: (type: number, firstByte: number) => void) {
  const header = new Uint8Array(5);
  let have = 0;
  let skip = 0;
  let type = 0;
  let waitingFirst = false;
  return {
    read(chunk: Uint8Array) {
      let i = 0;
      while (i < chunk.length) {
        if (skip > 0) {
          if (waitingFirst) {
            waitingFirst = false;
            onMessage(type, chunk[i]);
          }
          const n = Math.min(skip, chunk.length - i);
          skip -= n;
          i += n;
          continue;
        }
        header[have++] = chunk[i++];
        if (have === 5) {
          have = 0;
          type = header[0];
          skip = new DataView(header.buffer).getUint32(1) - 4;
          waitingFirst = skip > 0;
          if (!waitingFirst) onMessage(type, -1);
        }
      }
    },
    /** Inside a message's header (its length unknown yet). */
    inHeader: () => have > 0,
    /** The bytes still to come of the message the stream stopped in (0 between messages). */
    bodyLeft: () => (have > 0 ? 0 : skip),
  };
}

/** A backend message: type, int32 length (itself included), body. */
function backendMessage(type: number, body: Uint8Array): Uint8Array {
  const message = new Uint8Array(5 + body.length);
  message[0] = type;
  new DataView(message.buffer).setUint32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

const LOST_ERROR = (() => {
  const text = new TextEncoder();
  const field = (code: string, value: string) => [...text.encode(code), ...text.encode(value), 0];
  return backendMessage(ERROR_RESPONSE, Uint8Array.from([
    ...field("S", "ERROR"),
    ...field("V", "ERROR"),
    ...field("C", LOST_SQLSTATE),
    ...field("M", LOST_MESSAGE),
    0,
  ]));
})();

const readyForQuery = (status: number) => backendMessage(READY_FOR_QUERY, Uint8Array.of(status));

interface SocketHealth {
  /** The server answered (the first byte of a connection). */
  answered(): void;
  /** A connection closed before the server answered. */
  failed(): void;
  /** A connection owed a reply and heard nothing for replyMs. */
  silent(): void;
  /** Whether an open, watched connection owes nothing and holds no transaction right now. */
  idle(socket: net.Socket, isIdle: boolean): void;
}

/** What postgres.js is told when a connection still starting up loses its link. */
const connectionClosed = () =>
  Object.assign(new Error("The database connection closed."), { code: "CONNECTION_CLOSED" });

/**
 * Watches one connection for postgres.js: tells `health` whether the server answered and whether
 * the connection is idle, destroys it when it owes a reply and hears nothing for `replyMs` (0:
 * never), and decides how postgres.js learns that the link is gone.
 *
 * Silence: a reply is owed from each Sync or simple Query until its ReadyForQuery, from the
 * startup message until the first ReadyForQuery, and after any other write until something
 * arrives. The guard never cuts an idle connection that holds a transaction.
 *
 * Loss: postgres.js 3.4.9 breaks when told 'close' while anybody may still write through the
 * connection. Its 'close' handler nulls the connection's socket, and a later write to it (a
 * transaction's ROLLBACK, or sql.reserve()'s release(), which hands the closed connection the
 * queries waiting in the pool) throws from a setImmediate and ends the process (postgres.js #1154,
 * #1208); a reserved connection's queued statements are never failed and wait forever; and a
 * write still scheduled at 'close' is cancelled without being forgotten, so that connection never
 * writes again. So a lost connection that was ready for queries first answers as a server that
 * fails every statement would: each request in flight, and each written afterwards (without
 * reaching the network), gets an ErrorResponse (08006) and its ReadyForQuery, and postgres.js
 * unwinds through its ordinary error path: queries reject, queues drain, transactions roll back
 * and reserved connections are released while the connection is still its. 'close' follows once
 * nothing has been written for two timer turns; when a transaction held the connection and owed
 * nothing (its holder is busy elsewhere and writes next), not before the holder's next write.
 * 'close' says "no error", so that postgres.js also rejects whatever it queued meanwhile. A
 * connection still starting up (or lost in the middle of a message) gets an 'error' instead.
 *
 * With TLS (SSLRequest first) postgres.js moves the stream off this socket: such connections are
 * neither watched nor answered for, and connect_timeout and statement_timeout remain.
 */
function guardSocket(socket: net.Socket, replyMs: number, health: SocketHealth, fetchesTypes: boolean): void {
  let kind: "startup" | "tls" | "cancel" | undefined;
  let heard = false;
  let step = 0;
  let lastWrite = 0;
  let lastRead = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** ReadyForQuery messages so far: the first ends the startup; with fetch_types the second the type query. */
  let readyCount = 0;
  /** The last ReadyForQuery said a transaction is open or failed: a holder will write again. */
  let inTransaction = false;
  /** What the server owes, in the order postgres.js asked: a ReadyForQuery, or a describe's answer. */
  const owedAnswers: ("ready" | "describe")[] = [];
  /** The link is gone: this guard answers for the server until postgres.js is told 'close'. */
  let lost = false;
  let erred = false;
  let writes = 0;
  let closing = false;

  /** Protocol 3 connections only: a cancel request gets no answer and TLS leaves this socket. */
  const tracking = () => kind === "startup";
  const watching = () => tracking() && replyMs > 0;
  const owed = () => owedAnswers.length > 0 || lastWrite > lastRead;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const silent = () => {
    timer = undefined;
    if (!owed() || lost) return;
    health.idle(socket, false);
    health.silent();
    socket.destroy();
  };
  /** The clock runs while a reply is owed, from the first write owing one or the last read. */
  const update = (read: boolean) => {
    health.idle(socket, !owed() && !inTransaction && !lost && socket.readyState === "open");
    if (!watching() || !owed()) return stop();
    if (read || timer === undefined) {
      clearTimeout(timer);
      timer = setTimeout(silent, replyMs);
    }
  };

  const sent = frameReader((type) => {
    if (type === SYNC || type === SIMPLE_QUERY) owedAnswers.push("ready");
    else if (type === FLUSH) owedAnswers.push("describe");
  });
  const received = frameReader((type, status) => {
    if (type === READY_FOR_QUERY) {
      readyCount++;
      inTransaction = status === IN_TRANSACTION || status === FAILED_TRANSACTION;
      // Answers everything up to the oldest Sync (a describe that failed is answered by it too).
      const sync = owedAnswers.indexOf("ready");
      owedAnswers.splice(0, sync + 1);
    } else if ((type === PARAMETER_DESCRIPTION || type === ERROR_RESPONSE) && owedAnswers[0] === "describe") {
      owedAnswers.shift();
    }
  });

  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;

  // Answering for the lost server: what it would send, delivered after the write that asked.
  let answers: Uint8Array[] = [];
  /** Between a failed statement and the Sync that ends its batch, the server sends nothing. */
  let failedBatch = false;
  let batchOpen = false;
  const answer = (message: Uint8Array) => {
    if (answers.length === 0) queueMicrotask(deliverAnswers);
    answers.push(message);
  };
  const deliverAnswers = () => {
    const data = Buffer.concat(answers);
    answers = [];
    if (socket.listenerCount("data") > 0) emit("data", data);
  };
  const failStatement = () => {
    if (!failedBatch) answer(LOST_ERROR);
    failedBatch = true;
  };
  const endBatch = () => {
    if (batchOpen) failStatement();
    answer(readyForQuery(inTransaction ? FAILED_TRANSACTION : IDLE));
    failedBatch = batchOpen = false;
  };
  const answerLost = frameReader((type) => {
    if (EXTENDED.has(type)) batchOpen = true;
    else if (type === FLUSH) failStatement();
    else if (type === SYNC) endBatch();
    else if (type === SIMPLE_QUERY) {
      batchOpen = true;
      endBatch();
    }
  });

  /** 'close' for postgres.js once it has written nothing for two timer turns. */
  const closeWhenQuiet = (hadError = false) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    let seen = writes;
    let quietTurns = 0;
    const settle = () => {
      quietTurns = writes === seen && answers.length === 0 ? quietTurns + 1 : 0;
      seen = writes;
      if (quietTurns >= 2 || performance.now() - started > MAX_SETTLE_MS) emit("close", hadError);
      else setTimeout(settle, 1);
    };
    setTimeout(settle, 1);
  };

  const readingTypes = () => fetchesTypes && readyCount === 1 && tracking();
  /** Whether this guard answers for the lost server (see onLoss). */
  let answering = false;
  let failQueued = false;
  const failSoon = () => {
    if (failQueued) return;
    failQueued = true;
    queueMicrotask(() => {
      failQueued = false;
      if (socket.listenerCount("error") > 0) emit("error", connectionClosed());
    });
  };
  const onLoss = () => {
    if (readingTypes()) {
      // postgres.js is reading the array types for a new connection: an error would reject that
      // query, which nobody awaits (an unhandled rejection); a 'close' with hadError makes it
      // connect again for the query it was opened for, or just close.
      return closeWhenQuiet(true);
    }
    answering = readyCount > 0 && !received.inHeader();
    if (!answering) {
      // Still starting up, or cut inside a message header: its queries fail with an error.
      if (!erred) failSoon();
      return closeWhenQuiet();
    }
    // A message cut short is completed (its content no longer matters: its query fails next).
    if (received.bodyLeft() > 0) answer(new Uint8Array(received.bodyLeft()));
    // What was in flight, in order: a describe fails (postgres.js then sends its Sync), a Sync
    // gets its error and ReadyForQuery.
    const inFlight = owedAnswers.length > 0;
    for (const owedAnswer of owedAnswers.splice(0)) {
      if (owedAnswer === "describe") failStatement();
      else {
        batchOpen = true;
        endBatch();
      }
    }
    const holderWritesNext = inTransaction && !inFlight;
    if (!holderWritesNext) closeWhenQuiet();
  };

  // node:net replaces `write` after the peer's FIN (writeAfterFIN): an accessor keeps this guard
  // in front of whichever write the socket currently has.
  let send = socket.write as (...args: unknown[]) => boolean;
  const guardedWrite = (data: unknown, ...rest: unknown[]) => {
    writes++;
    if (lost) {
      if (answering && data instanceof Uint8Array) answerLost.read(data);
      else failSoon();
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      closeWhenQuiet();
      return true;
    }
    if (data instanceof Uint8Array) {
      if (kind === undefined) {
        // The first message has no type byte: a startup, an SSLRequest or a cancel request.
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        const code = data.byteLength >= 8 ? view.getInt32(4) : 0;
        kind = code === STARTUP_PROTOCOL_3 ? "startup" : code === SSL_REQUEST ? "tls" : "cancel";
        if (kind === "startup") owedAnswers.push("ready");
        sent.read(data.subarray(kind === "startup" ? view.getInt32(0) : data.byteLength));
      } else if (tracking()) {
        sent.read(data);
      }
      if (tracking()) {
        lastWrite = ++step;
        update(false);
      }
    }
    return send.call(socket, data, ...rest);
  };
  Object.defineProperty(socket, "write", {
    configurable: true,
    get: () => guardedWrite,
    set: (replacement) => {
      send = replacement;
    },
  });

  socket.on("data", (chunk: Uint8Array) => {
    if (lost) return; // this guard's own answers
    if (!heard && kind !== "cancel") health.answered();
    heard = true;
    if (!tracking()) return;
    received.read(chunk);
    lastRead = ++step;
    update(true);
  });

  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === "error") {
      // While postgres.js reads the array types, an error would reject that unawaited query.
      if (readingTypes()) return true;
      erred = true;
    }
    if (event !== "close") return emit(event, ...args);
    if (lost) return true;
    stop();
    health.idle(socket, false);
    // Refused, reset before answering, or given up by connect_timeout (a cancel request gets no answer).
    if (!heard && kind !== "cancel") health.failed();
    if (kind === "tls" || kind === "cancel") return emit(event, ...args);
    lost = true;
    onLoss();
    return true;
  }) as typeof socket.emit;
}
