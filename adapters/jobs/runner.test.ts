/** The one job runner, on jobs made of promises the tests settle. */
import assert from "node:assert/strict";
import { type JobBatch, type JobLog, makeJobRunner, MAX_RETRY_DELAY_MS, retryDelay } from "./runner.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memoryLog(): JobLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(`info ${m}`), error: (m) => lines.push(`error ${m}`) };
}

async function until(condition: () => boolean, what: string, withinMs = 2_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(5);
  }
}

/** A job whose batches wait until the test lets each one finish. */
function heldJob() {
  let batches = 0;
  const waiting: ((batch: JobBatch) => void)[] = [];
  return {
    batches: () => batches,
    inFlight: () => waiting.length,
    finish(batch: JobBatch = { more: false }) {
      waiting.shift()?.(batch);
    },
    work: () => {
      batches++;
      return new Promise<JobBatch>((resolve) => waiting.push(resolve));
    },
  };
}

Deno.test("retry delay: doubling from the interval, capped at a minute, or the interval when that is longer", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 10].map((failures) => retryDelay(2_000, failures)), [
    4_000,
    8_000,
    16_000,
    32_000,
    MAX_RETRY_DELAY_MS,
    MAX_RETRY_DELAY_MS,
    MAX_RETRY_DELAY_MS,
  ]);
  assert.equal(retryDelay(5 * 60_000, 3), 5 * 60_000, "a job that runs every 5 minutes retries every 5 minutes");
  assert.equal(retryDelay(10, 0), 10);
});

Deno.test("start runs a batch at once, then one each interval; more waiting runs the next at once", async () => {
  const job = heldJob();
  const runner = makeJobRunner({ name: "test", intervalMs: 60_000, work: job.work, log: memoryLog() });
  runner.start();
  await until(() => job.inFlight() === 1, "the first batch");
  job.finish({ more: true });
  await until(() => job.batches() === 2, "the batch after a full one");
  job.finish({ more: false });
  await sleep(50);
  assert.equal(job.batches(), 2, "then it waits for the interval");
  runner.start(); // started already: nothing happens
  await sleep(20);
  assert.equal(job.batches(), 2);
  await runner.stop();
});

Deno.test("wake() runs a batch now; during a batch, one more right after it, never two at once", async () => {
  const job = heldJob();
  const runner = makeJobRunner({ name: "test", intervalMs: 60_000, work: job.work, log: memoryLog() });
  runner.wake(); // not started: nothing
  await sleep(20);
  assert.equal(job.batches(), 0);
  runner.start();
  await until(() => job.inFlight() === 1, "the first batch");
  job.finish();
  await sleep(20);
  runner.wake();
  await until(() => job.batches() === 2, "the woken batch");
  runner.wake();
  runner.wake();
  await sleep(20);
  assert.equal(job.inFlight(), 1, "one batch at a time");
  job.finish();
  await until(() => job.batches() === 3, "one batch for the wake-ups during the last");
  job.finish();
  await sleep(30);
  assert.equal(job.batches(), 3);
  await runner.stop();
});

Deno.test("stop() waits for the batch in flight, and nothing runs after it", async () => {
  const job = heldJob();
  const runner = makeJobRunner({ name: "test", intervalMs: 5, work: job.work, log: memoryLog() });
  runner.start();
  await until(() => job.inFlight() === 1, "the first batch");
  let stopped = false;
  const stopping = runner.stop().then(() => (stopped = true));
  await sleep(20);
  assert.equal(stopped, false, "still waiting for the batch");
  job.finish({ more: true });
  await stopping;
  runner.wake();
  await sleep(30);
  assert.equal(job.batches(), 1);
});

Deno.test("failing batches are logged and retried, further apart each time; a recovery is logged", async () => {
  const log = memoryLog();
  let down = true;
  let tries = 0;
  const runner = makeJobRunner({
    name: "test",
    intervalMs: 10,
    log,
    work: () => {
      tries++;
      return down ? Promise.reject(new Error("connection refused")) : Promise.resolve({ more: false });
    },
  });
  runner.start();
  await sleep(400);
  // 10, 20, 40, 80, 160 ms apart: a handful of tries, not one every 10 ms.
  assert.ok(tries >= 3 && tries <= 7, `${tries} tries in 400 ms`);
  assert.match(log.lines[0], /^error \[test\] batch failed: Error: connection refused \(next try in \d+ s\)$/);
  down = false;
  await until(() => log.lines.some((l) => l.startsWith("info [test] database reachable again after")), "the recovery");
  const before = tries;
  await sleep(200);
  await runner.stop();
  assert.ok(tries - before >= 5, `back to every 10 ms: ${tries - before} in 200 ms`);
});
