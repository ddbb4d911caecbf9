import assert from "node:assert/strict";
import { makePasswordPool, PasswordPoolBusyError } from "./password-pool.ts";

Deno.test("password pool: hashes and verifies on workers, like the in-thread hasher", async () => {
  const pool = makePasswordPool({ workers: 2 });
  try {
    const hash = await pool.hash("correct horse battery staple");
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await pool.verify(hash, "correct horse battery staple"), true);
    assert.equal(await pool.verify(hash, "wrong"), false);
    assert.equal(await pool.verify("not-a-hash", "anything"), false);
  } finally {
    pool.close();
  }
});

Deno.test("password pool: the event loop stays free while workers hash", async () => {
  const pool = makePasswordPool({ workers: 2, maxQueue: 16 });
  try {
    const hashes = Array.from({ length: 6 }, () => pool.hash("x"));
    // While six hashes run, timers on the main thread still fire on time.
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      lags.push(performance.now() - t0 - 10);
    }
    await Promise.all(hashes);
    assert.ok(Math.max(...lags) < 100, `timer lag ${lags.map((l) => l.toFixed(0)).join(", ")} ms`);
  } finally {
    pool.close();
  }
});

Deno.test("password pool: a full queue refuses at once instead of growing", async () => {
  const pool = makePasswordPool({ workers: 1, maxQueue: 2 });
  try {
    const accepted = [pool.hash("a"), pool.hash("b"), pool.hash("c")]; // 1 running + 2 queued
    await assert.rejects(pool.hash("d"), PasswordPoolBusyError);
    assert.equal(pool.load(), 3);
    await Promise.all(accepted);
    assert.equal(pool.load(), 0);
  } finally {
    pool.close();
  }
});

Deno.test("password pool: the trusted lane has its own bound and goes before the shared queue", async () => {
  const pool = makePasswordPool({ workers: 1, maxQueue: 2, maxTrustedQueue: 1 });
  try {
    const hash = await pool.hash("right");
    const finished: string[] = [];
    const track = (name: string, job: Promise<unknown>) => job.then(() => finished.push(name));
    // One running and two waiting fill the shared queue: the next shared job is refused...
    const shared = ["a", "b", "c"].map((name) => track(name, pool.verify(hash, "wrong")));
    await assert.rejects(pool.verify(hash, "wrong"), PasswordPoolBusyError);
    // ...a trusted one is taken, and refused only once its own queue is full.
    const trusted = track("trusted", pool.trusted.verify(hash, "right"));
    await assert.rejects(pool.trusted.verify(hash, "right"), PasswordPoolBusyError);
    assert.equal(pool.load(), 4);
    await Promise.all([...shared, trusted]);
    assert.deepEqual(finished, ["a", "trusted", "b", "c"], "the trusted job waited only for the one running");
    assert.equal(await pool.trusted.verify(hash, "right"), true);
    assert.equal(pool.load(), 0);
  } finally {
    pool.close();
  }
});
