import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeRateLimitStore } from "./rate-limit-repository.ts";

/** The table's count of a bucket in the window starting at `windowStart` (seconds). */
const stored = async (sql: Parameters<typeof makeRateLimitStore>[0], bucket: string, windowStart: number) => {
  const [row] = await sql<{ hits: number }[]>`
    select hits from rate_limit_counters where bucket = ${bucket} and window_start = to_timestamp(${windowStart})`;
  return row?.hits ?? 0;
};

describeOnTargets("rate-limit store: counted in memory for a share of the budget, shared through the table", async (t, db) => {
  // A fixed clock in the middle of a 60-second window.
  const windowStart = Math.floor(Date.UTC(2030, 0, 1) / 1000 / 60) * 60;
  let nowMs = (windowStart + 30) * 1000;
  const now = () => nowMs;

  await t.step("below the local share: answered from memory, written by flush in one go", async () => {
    const store = makeRateLimitStore(db.sql, { now, localShare: 0.5, flushEveryMs: 60_000 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await store.hit("check:203.0.113.1", 60, 8));
    assert.deepEqual(answers.map((a) => a.hits), [1, 2, 3, 4]);
    assert.deepEqual(answers.map((a) => a.retryAfterSeconds), [30, 30, 30, 30]);
    assert.equal(await stored(db.sql, "check:203.0.113.1", windowStart), 0, "nothing written yet");
    await store.flush();
    assert.equal(await stored(db.sql, "check:203.0.113.1", windowStart), 4);
  });

  await t.step("past the share, each hit is counted in the table first: two processes' counts add up exactly", async () => {
    const one = makeRateLimitStore(db.sql, { now, localShare: 0.25, flushEveryMs: 60_000 });
    const two = makeRateLimitStore(db.sql, { now, localShare: 0.25, flushEveryMs: 60_000 });
    const bucket = "submit:198.51.100.7";
    const hits = [];
    // Limit 8: the first 2 of each process are local; from then on every answer is the table's.
    for (const store of [one, two, one, two, one, two, one, two, one]) hits.push((await store.hit(bucket, 60, 8)).hits);
    // The third hit of `one` writes its two local hits with it (3); `two`'s third adds its own three (6).
    assert.deepEqual(hits, [1, 1, 2, 2, 3, 6, 7, 8, 9]);
    assert.equal(await stored(db.sql, bucket, windowStart), 9);
    await one.flush();
    await two.flush();
    assert.equal(await stored(db.sql, bucket, windowStart), 9, "nothing counted twice");
  });

  await t.step("localShare 0: every hit goes to the table (the exact mode)", async () => {
    const store = makeRateLimitStore(db.sql, { now, localShare: 0 });
    assert.equal((await store.hit("exact:192.0.2.9", 60, 1000)).hits, 1);
    assert.equal(await stored(db.sql, "exact:192.0.2.9", windowStart), 1);
  });

  await t.step("a new window starts from nothing; the old one's pending counts are still written", async () => {
    const store = makeRateLimitStore(db.sql, { now, localShare: 0.5, flushEveryMs: 60_000 });
    await store.hit("edge:192.0.2.1", 60, 100);
    nowMs = (windowStart + 61) * 1000;
    const next = await store.hit("edge:192.0.2.1", 60, 100);
    assert.equal(next.hits, 1);
    assert.equal(next.retryAfterSeconds, 59);
    await store.flush();
    assert.equal(await stored(db.sql, "edge:192.0.2.1", windowStart), 1);
    assert.equal(await stored(db.sql, "edge:192.0.2.1", windowStart + 60), 1);
  });

  await t.step("the background write happens without being asked", async () => {
    const store = makeRateLimitStore(db.sql, { now, localShare: 0.5, flushEveryMs: 5 });
    await store.hit("timer:192.0.2.2", 60, 100);
    const deadline = Date.now() + 2_000;
    while (await stored(db.sql, "timer:192.0.2.2", windowStart + 60) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(await stored(db.sql, "timer:192.0.2.2", windowStart + 60), 1);
  });
});
