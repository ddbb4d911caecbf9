/**
 * A TCP proxy in front of a database, for outage tests: it forwards bytes, can pause (hold every
 * byte and close nothing: a silent link), can refuse (close the listener and every connection: a
 * database that is down), and resumes on the same port. The database is reached by TCP, or by
 * the Unix socket of the embedded one.
 */
export interface OutageProxy {
  port: number;
  /** Holds every byte in both directions; sockets stay open. */
  pause(): void;
  /** Closes the listener and every connection: new connections are refused. */
  refuse(): void;
  /** Forwards again (listening again on the same port after refuse). */
  resume(): void;
  close(): void;
}

export type ProxyTarget = { hostname: string; port: number } | { path: string };

export function startOutageProxy(target: ProxyTarget): OutageProxy {
  let state: "forwarding" | "paused" | "refusing" = "forwarding";
  let listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const open = new Set<Deno.Conn>();
  let gate = Promise.withResolvers<void>();
  gate.resolve();

  const closeQuietly = (conn: Deno.Conn) => {
    open.delete(conn);
    try {
      conn.close();
    } catch {
      // Already closed by the other direction.
    }
  };

  /** Copies `from` to `to`, holding what it reads while paused. */
  async function pump(from: Deno.Conn, to: Deno.Conn, pair: Deno.Conn[]) {
    const held: Uint8Array[] = [];
    let flushing = false;
    let flushed = Promise.resolve();
    const flush = async () => {
      try {
        while (held.length > 0) {
          while (state === "paused") await gate.promise;
          if (state === "refusing") return;
          const chunk = held.shift()!;
          for (let written = 0; written < chunk.length;) written += await to.write(chunk.subarray(written));
        }
      } finally {
        flushing = false;
      }
    };
    try {
      while (true) {
        const buffer = new Uint8Array(64 * 1024);
        const read = await from.read(buffer);
        if (read === null) break;
        held.push(buffer.subarray(0, read));
        if (!flushing) {
          flushing = true;
          flushed = flush().catch(() => pair.forEach(closeQuietly));
        }
      }
      // A side that hung up while paused never has its last bytes delivered.
      if (state === "forwarding") await flushed;
    } catch {
      // A reset or closed socket ends this direction.
    } finally {
      pair.forEach(closeQuietly);
    }
  }

  async function serve(conn: Deno.Conn) {
    open.add(conn);
    try {
      while (state === "paused") await gate.promise;
      if (state === "refusing") throw new Error("refusing");
      const upstream = "path" in target
        ? await Deno.connect({ transport: "unix", path: target.path })
        : await Deno.connect(target);
      open.add(upstream);
      const pair = [conn, upstream];
      pump(conn, upstream, pair);
      pump(upstream, conn, pair);
    } catch {
      closeQuietly(conn);
    }
  }

  async function accept(current: Deno.Listener) {
    try {
      for await (const conn of current) serve(conn);
    } catch {
      // The listener was closed.
    }
  }
  accept(listener);

  const refuse = () => {
    if (state !== "refusing") listener.close();
    state = "refusing";
    gate.resolve();
    [...open].forEach(closeQuietly);
  };

  return {
    port,
    pause() {
      if (state === "refusing") throw new Error("resume() before pause()");
      if (state === "forwarding") gate = Promise.withResolvers<void>();
      state = "paused";
    },
    refuse,
    resume() {
      if (state === "refusing") {
        listener = Deno.listen({ hostname: "127.0.0.1", port });
        accept(listener);
      }
      state = "forwarding";
      gate.resolve();
    },
    close: refuse,
  };
}
