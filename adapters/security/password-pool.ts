/**
 * argon2id on a few worker threads with a bounded queue, so a flood of logins costs CPU on the
 * workers, never the event loop that serves the public site. A full queue is refused at once
 * (PasswordPoolBusyError) rather than growing without bound.
 *
 * Issue 29: `trusted` is a second way in to the same workers, for logins from a device that logged
 * in before: its own bounded queue, served before the shared one, so a flood that fills the shared
 * queue delays a trusted login by at most the jobs already running.
 */
import { type PasswordHasher, PasswordHasherBusyError } from "../../core/admin/ports.ts";
import type { PasswordJob, PasswordJobResult } from "./password-worker.ts";

/** Core's busy error, so the login and account use cases answer 503 without knowing the pool. */
export class PasswordPoolBusyError extends PasswordHasherBusyError {}

export interface PasswordPoolOptions {
  /** Worker threads; argon2id is CPU-bound, so more than the cores buys nothing. */
  workers?: number;
  /** Jobs that may wait for a worker before new ones are refused. */
  maxQueue?: number;
  /** Trusted jobs that may wait, in their own queue (see `trusted`). */
  maxTrustedQueue?: number;
  /** Starts a worker; tests pass one that answers when they say. */
  spawnWorker?: () => PasswordWorker;
}

/** What the pool needs of a worker thread (a Deno Worker running password-worker.ts). */
export interface PasswordWorker {
  onmessage: ((event: MessageEvent<PasswordJobResult>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(job: PasswordJob): void;
  terminate(): void;
}

const startPasswordWorker = (): PasswordWorker =>
  new Worker(new URL("./password-worker.ts", import.meta.url), { type: "module" });

type JobInput = PasswordJob extends infer J ? J extends PasswordJob ? Omit<J, "id"> : never : never;

interface Pending {
  input: JobInput;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

export interface PasswordPool extends PasswordHasher {
  /** The same workers through the reserved lane: waits before any shared job, refused only when its own queue is full. */
  trusted: PasswordHasher;
  /** Jobs running plus waiting, in both lanes. */
  load(): number;
  close(): void;
}

export function makePasswordPool(options: PasswordPoolOptions = {}): PasswordPool {
  const size = Math.max(1, options.workers ?? 2);
  const spawnWorker = options.spawnWorker ?? startPasswordWorker;
  const idle: PasswordWorker[] = [];
  const all: PasswordWorker[] = [];
  const lanes = {
    trusted: { queue: [] as Pending[], max: options.maxTrustedQueue ?? 16 },
    shared: { queue: [] as Pending[], max: options.maxQueue ?? 64 },
  };
  const running = new Map<number, { worker: PasswordWorker; pending: Pending }>();
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const worker = spawnWorker();
    worker.onmessage = (event) => {
      const result = event.data;
      const job = running.get(result.id);
      if (!job) return;
      running.delete(result.id);
      if (result.ok) job.pending.resolve(result.value);
      else job.pending.reject(new Error(result.message));
      release(worker);
    };
    worker.onerror = (event) => {
      // A crashed worker fails its job and is replaced, so the pool keeps its size.
      event.preventDefault();
      for (const [id, job] of running) {
        if (job.worker !== worker) continue;
        running.delete(id);
        job.pending.reject(new Error(`password worker failed: ${event.message}`));
      }
      worker.terminate();
      all.splice(all.indexOf(worker), 1);
      if (!closed) release(spawn());
    };
    all.push(worker);
    return worker;
  };

  const start = (worker: PasswordWorker, pending: Pending) => {
    const id = nextId++;
    running.set(id, { worker, pending });
    worker.postMessage({ ...pending.input, id } as PasswordJob);
  };

  const release = (worker: PasswordWorker) => {
    const next = lanes.trusted.queue.shift() ?? lanes.shared.queue.shift();
    if (next) start(worker, next);
    else idle.push(worker);
  };

  const submit = (lane: keyof typeof lanes, input: JobInput) =>
    new Promise<string | boolean>((resolve, reject) => {
      if (closed) return reject(new Error("password pool closed"));
      const pending = { input, resolve, reject };
      const worker = idle.pop() ?? (all.length < size ? spawn() : undefined);
      if (worker) return start(worker, pending);
      const { queue, max } = lanes[lane];
      if (queue.length >= max) return reject(new PasswordPoolBusyError());
      queue.push(pending);
    });

  const through = (lane: keyof typeof lanes): PasswordHasher => ({
    hash: async (password) => String(await submit(lane, { op: "hash", password })),
    verify: async (hash, password) => (await submit(lane, { op: "verify", hash, password })) === true,
  });

  return {
    ...through("shared"),
    trusted: through("trusted"),
    load: () => running.size + lanes.trusted.queue.length + lanes.shared.queue.length,
    close() {
      closed = true;
      const waiting = [...lanes.trusted.queue.splice(0), ...lanes.shared.queue.splice(0)];
      for (const pending of waiting) pending.reject(new Error("password pool closed"));
      for (const worker of all.splice(0)) worker.terminate();
      idle.length = 0;
    },
  };
}
