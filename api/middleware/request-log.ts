/**
 * Issue 18: one JSON line per request, cheap enough to leave on.
 *
 *   {"time":"2026-11-23T01:02:03.456Z","level":"info","method":"GET","path":"/api/services","status":200,"ms":0.84,"requestId":"…"}
 *
 * A request only appends its line to a buffer; a timer writes the buffer to stdout a few
 * milliseconds later in one write, so no request waits on the terminal or a slow log pipe. If the
 * output stops taking lines, at most MAX_BUFFERED_LINES wait and the rest are counted and reported
 * as dropped, rather than growing the process without bound. The path is logged without its query
 * string (searches carry names and e-mail addresses; a link may carry a token), and with the
 * secret of a token-bearing path replaced (loggedPath). An unexpected error's stack is logged by
 * onError (api/http-errors.ts) with the same requestId; this line says only that it was a 500.
 */
import type { MiddlewareHandler } from "hono";

/**
 * Issue 29: paths whose next segment is a secret (whoever holds it may act on the record), as
 * the API (/api/manage/<token>/cancel) and the page (/manage/<token>) carry them. Customers' links
 * to come (feedback, quotes, invoices) belong here from their first day, and so does a cleaner's
 * invite (/admin/set-password/<token>, issue 31), a slash inside a prefix matching as any other. Staff paths
 * (/api/admin/quotes/<id>) carry record ids, not secrets, and are not matched.
 */
export const TOKEN_PATH_PREFIXES = ["manage", "feedback", "quotes", "invoices", "admin/set-password"] as const;

/**
 * `/manage/<token>`, `/api//Manage/<token>/cancel`, `/api/manage%2F<token>`: any case, slashes
 * doubled or encoded (a mistyped link is still a secret): the prefix is kept, the token is not.
 */
const SLASHES = "(?:/|%2f)+";
const TOKEN_PATH = new RegExp(`^(${SLASHES}(?:api${SLASHES})?(?:${TOKEN_PATH_PREFIXES.map((prefix) => prefix.split("/").join(SLASHES)).join("|")})${SLASHES})(?:(?!%2f)[^/])+`, "i");

/**
 * The path as it may be written to a log: without its query string (which may carry a token,
 * names or e-mail addresses), and with a token-bearing path's secret as `:token`. Takes a path or
 * a path with its query.
 */
export function loggedPath(path: string): string {
  const queryAt = path.search(/[?#]/);
  const bare = queryAt === -1 ? path : path.slice(0, queryAt);
  return bare.replace(TOKEN_PATH, "$1:token");
}

export const MAX_BUFFERED_LINES = 10_000;
/** How long a line may wait for the lines of the requests around it. */
export const FLUSH_AFTER_MS = 10;

export interface LineWriter {
  /** Queues one line (without its newline); never waits and never throws. */
  push(line: string): void;
  /** Resolves once every line queued so far has been written (or given up on). */
  flush(): Promise<void>;
}

/** Lines written by `write` in batches; `write` may be slow or fail without the callers noticing. */
export function makeLineWriter(
  write: (text: string) => Promise<void>,
  { maxLines = MAX_BUFFERED_LINES, flushAfterMs = FLUSH_AFTER_MS } = {},
): LineWriter {
  let buffer: string[] = [];
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const drain = () => {
    timer = undefined;
    if (buffer.length === 0 && dropped === 0) return writing;
    const lines = buffer;
    buffer = [];
    if (dropped > 0) {
      lines.push(JSON.stringify({ time: new Date().toISOString(), level: "warn", message: `request log: ${dropped} lines dropped (output too slow)` }));
      dropped = 0;
    }
    // One write at a time, in order; a failed write loses its lines, never a request.
    writing = writing.then(() => write(lines.join("\n") + "\n")).catch(() => {});
    return writing;
  };

  return {
    push(line) {
      if (buffer.length >= maxLines) {
        dropped++;
        return;
      }
      buffer.push(line);
      timer ??= setTimeout(drain, flushAfterMs);
    },
    flush() {
      clearTimeout(timer);
      return drain();
    },
  };
}

const encoder = new TextEncoder();

/** The process's stdout, written in batches (compose.ts flushes it on shutdown). */
export const stdoutLines: LineWriter = makeLineWriter(async (text) => {
  const bytes = encoder.encode(text);
  for (let written = 0; written < bytes.length;) written += await Deno.stdout.write(bytes.subarray(written));
});

/** The request-log middleware; the request id comes from hono's requestId(), which runs first. */
export function requestLog(lines: LineWriter = stdoutLines): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      lines.push(JSON.stringify({
        time: new Date().toISOString(),
        level: status >= 500 ? "error" : "info",
        method: c.req.method,
        path: loggedPath(c.req.path),
        status,
        ms: Math.round((performance.now() - started) * 100) / 100,
        requestId: c.get("requestId"),
      }));
    }
  };
}
