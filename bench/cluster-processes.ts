/**
 * The processes bench/cluster.bench.ts runs: each a Deno of its own (the very binary running the
 * bench, so its pid is the process's own and /proc/<pid>/status gives its memory), with its
 * output kept (the last few KiB) to print when it fails to start or the bench fails.
 */
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** What `npm run serve` grants the API. */
export const API_PERMISSIONS = ["--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-sys"];
/**
 * How `npm run serve` starts the API (package.json): V8's old space capped at 256 MB, so garbage
 * is collected before the heap grows into the machine's memory (issue 29: a malformed sweep took
 * an uncapped process from 187 to 474 MB resident; capped, to 260 MB). Benches run it the same way.
 */
export const API_V8_FLAGS = ["--v8-flags=--max-old-space-size=256"];

export interface BenchProcess {
  name: string;
  pid: number;
  /** The last few KiB the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once it has ended. */
  exited: Promise<number>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const TAIL_BYTES = 8 * 1024;

export function spawnDeno(name: string, args: string[], env: Record<string, string>): BenchProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env,
    cwd: REPO_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let tail = "";
  const keep = (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    return stream.pipeTo(
      new WritableStream({
        write(bytes) {
          tail = (tail + decoder.decode(bytes, { stream: true })).slice(-TAIL_BYTES);
        },
      }),
    ).catch(() => {});
  };
  const drained = Promise.all([keep(child.stdout), keep(child.stderr)]);
  const exited = child.status.then(async (status) => {
    await drained;
    return status.code;
  });
  let ended = false;
  exited.then(() => (ended = true));
  return {
    name,
    pid: child.pid,
    output: () => tail,
    exited,
    async stop(graceMs = 5_000) {
      if (ended) return;
      try {
        child.kill("SIGTERM");
      } catch {
        // It ended on its own in between.
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), graceMs)));
      const outcome = await Promise.race([exited, graceOver]);
      clearTimeout(timer);
      if (outcome === "timeout") {
        try {
          child.kill("SIGKILL");
        } catch {
          // Gone already.
        }
        await exited;
      }
    },
  };
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. */
export async function waitUntilServing(server: BenchProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let exitCode: number | null = null;
  server.exited.then((code) => (exitCode = code));
  while (performance.now() < deadline) {
    if (exitCode !== null) {
      throw new Error(`${server.name} exited (code ${exitCode}) before serving:\n${server.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${server.output()}`);
}

export interface ProcessMemory {
  /** Resident set, and its anonymous (heaps, JIT code) and file-backed (the mapped binary) parts, in KiB. */
  rssKiB: number;
  anonKiB: number;
  fileKiB: number;
}

/** VmRSS, RssAnon and RssFile of a running process, from /proc/<pid>/status (Linux). */
export async function processMemory(pid: number): Promise<ProcessMemory | null> {
  let status: string;
  try {
    status = await Deno.readTextFile(`/proc/${pid}/status`);
  } catch {
    return null;
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssKiB: field("VmRSS"), anonKiB: field("RssAnon"), fileKiB: field("RssFile") };
}
