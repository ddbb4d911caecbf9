/**
 * The one loop every background job of an API process runs on (the outbox relay, the reminders,
 * the series planning, the janitor): a timer, one batch in flight at a time, a batch at once after
 * wake() or when the last one said more is waiting, one back-off while batches fail, and a stop
 * that waits for the batch in flight. A job is only its `work`: claim what is due and do it,
 * saying whether more is waiting. Claiming (FOR UPDATE SKIP LOCKED, an advisory lock) stays in the
 * job, so several processes can run the same job on one database.
 */

export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}

/** What one batch found: `more` when it stopped at its limit, so another batch runs at once. */
export interface JobBatch {
  more: boolean;
}

export interface JobRunnerOptions {
  /** Names the job in its log lines: `[outbox] batch failed: ...`. */
  name: string;
  /** The pause between batches when there was nothing more to do; start() may say otherwise. */
  intervalMs: number;
  /** One batch. Rejects when the database (or whatever it needs) cannot be reached. */
  work(): Promise<JobBatch>;
  log?: JobLog;
}

export interface JobRunner {
  /** Runs a batch at once, then every intervalMs (back to back while batches say more is waiting). */
  start(intervalMs?: number): void;
  /** Asks for a batch now (e.g. right after a transaction queued e-mails); after the one in flight if any. */
  wake(): void;
  /** Stops the loop and waits for the batch in flight. */
  stop(): Promise<void>;
}

/**
 * While batches fail (the database is gone), the pause doubles after each failure, from the
 * interval up to this, or the interval itself when that is longer: a job notices a recovery within
 * a minute, and asks a missing database at most once a minute.
 */
export const MAX_RETRY_DELAY_MS = 60_000;

/** The pause after `failures` failed batches in a row. */
export const retryDelay = (intervalMs: number, failures: number): number =>
  Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, MAX_RETRY_DELAY_MS));

export const errorText = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

export function makeJobRunner(options: JobRunnerOptions): JobRunner {
  const { name, work, log = console } = options;
  let intervalMs = options.intervalMs;
  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let runAgain = false;
  let failures = 0;

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    timer = undefined;
    if (stopped) return;
    if (inFlight) {
      runAgain = true;
      return;
    }
    inFlight = (async () => {
      try {
        const batch = await work();
        if (failures > 0) log.info(`[${name}] database reachable again after ${failures} failed batches`);
        failures = 0;
        if (batch.more) runAgain = true;
      } catch (error) {
        failures++;
        log.error(`[${name}] batch failed: ${errorText(error)} (next try in ${Math.round(retryDelay(intervalMs, failures) / 1000)} s)`);
      }
    })();
    inFlight.finally(() => {
      inFlight = undefined;
      const now = runAgain;
      runAgain = false;
      schedule(now ? 0 : failures > 0 ? retryDelay(intervalMs, failures) : intervalMs);
    });
  }

  return {
    start(everyMs = options.intervalMs) {
      if (!stopped) return;
      stopped = false;
      intervalMs = everyMs;
      failures = 0;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (inFlight) runAgain = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
