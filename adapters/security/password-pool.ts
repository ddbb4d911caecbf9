/**
 * argon2id on a few worker threads with a bounded queue, so a flood of logins costs CPU on the
 * workers, never the event loop that serves the public site. A full queue is refused at once
 * (PasswordPoolBusyError) rather than growing without bound.
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
}

type JobInput = PasswordJob extends infer J ? J extends PasswordJob ? Omit<J, "id"> : never : never;

interface Pending {
  input: JobInput;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

export interface PasswordPool extends PasswordHasher {
  /** Jobs running plus waiting. */
  load(): number;
  close(): void;
}

export function makePasswordPool(options: PasswordPoolOptions = {}): PasswordPool {
  const size = Math.max(1, options.workers ?? 2);
  const maxQueue = options.maxQueue ?? 64;
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const queue: Pending[] = [];
  const running = new Map<number, { worker: Worker; pending: Pending }>();
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const worker = new Worker(new URL("./password-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<PasswordJobResult>) => {
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

  const start = (worker: Worker, pending: Pending) => {
    const id = nextId++;
    running.set(id, { worker, pending });
    worker.postMessage({ ...pending.input, id } as PasswordJob);
  };

  const release = (worker: Worker) => {
    const next = queue.shift();
    if (next) start(worker, next);
    else idle.push(worker);
  };

  const submit = (input: JobInput) =>
    new Promise<string | boolean>((resolve, reject) => {
      if (closed) return reject(new Error("password pool closed"));
      const pending = { input, resolve, reject };
      const worker = idle.pop() ?? (all.length < size ? spawn() : undefined);
      if (worker) return start(worker, pending);
      if (queue.length >= maxQueue) return reject(new PasswordPoolBusyError());
      queue.push(pending);
    });

  return {
    hash: async (password) => String(await submit({ op: "hash", password })),
    verify: async (hash, password) => (await submit({ op: "verify", hash, password })) === true,
    load: () => running.size + queue.length,
    close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error("password pool closed"));
      for (const worker of all.splice(0)) worker.terminate();
      idle.length = 0;
    },
  };
}
