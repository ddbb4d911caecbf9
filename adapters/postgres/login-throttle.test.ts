import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeLoginThrottle } from "./login-throttle.ts";

describeOnTargets("login throttle", async (t, db) => {
  await t.step("parallel counts from two processes each get a distinct count", async () => {
    const other = await db.openAnother(4);
    try {
      const throttles = [makeLoginThrottle(db.sql), makeLoginThrottle(other.sql)];
      const counts = await Promise.all(
        Array.from({ length: 150 }, (_, i) => throttles[i % 2].count(["pair:burst", "address:burst"])),
      );
      const pairCounts = counts.map(([pair]) => pair.count).sort((a, b) => a - b);
      assert.deepEqual(pairCounts, Array.from({ length: 150 }, (_, i) => i + 1), "no two attempts saw the same count");
      assert.ok(counts.every(([pair, address]) => pair.retryAfterSeconds >= 1 && address.count >= 1));
      assert.equal(await throttles[0].peek("address:burst"), 150);
    } finally {
      await other.close();
    }
  });

  await t.step("forgive takes attempts back, never below zero; clear forgets the key", async () => {
    const throttle = makeLoginThrottle(db.sql);
    for (let i = 0; i < 5; i++) await throttle.count(["pair:forgive"]);
    await throttle.forgive("pair:forgive", 3);
    assert.equal(await throttle.peek("pair:forgive"), 2);
    await throttle.forgive("pair:forgive", 10);
    assert.equal(await throttle.peek("pair:forgive"), 0);
    await throttle.count(["pair:forgive"]);
    await throttle.clear("pair:forgive");
    assert.equal(await throttle.peek("pair:forgive"), 0);
    assert.equal(await throttle.peek("never:seen"), 0);
  });
});
