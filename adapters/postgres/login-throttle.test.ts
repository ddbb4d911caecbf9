import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeDeviceAttempts, makeLoginThrottle } from "./login-throttle.ts";

/**
 * Counts live in fixed 15-minute windows: a burst that straddles a window's edge is rightly split
 * into two counts. The tests that count a burst start clear of an edge (CI once ran one across it).
 */
async function clearOfWindowEdge(windowSeconds = 15 * 60, marginSeconds = 20): Promise<void> {
  const intoWindow = (Date.now() / 1000) % windowSeconds;
  if (intoWindow > windowSeconds - marginSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - intoWindow + 1) * 1000));
  }
}

describeOnTargets("login throttle", async (t, db) => {
  await t.step("parallel counts from two processes each get a distinct count", async () => {
    await clearOfWindowEdge();
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
    await clearOfWindowEdge();
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

  await t.step("device attempts: parallel counts from two processes are distinct; distrust is for good", async () => {
    const other = await db.openAnother(4);
    try {
      const expiresAt = new Date(Date.now() + 180 * 24 * 3600 * 1000);
      const devices = [makeDeviceAttempts(db.sql), makeDeviceAttempts(other.sql)];
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => devices[i % 2].count("nonce-burst", expiresAt)));
      assert.deepEqual(counts.map((c) => c.attempts).sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1));
      assert.ok(counts.every((c) => !c.distrusted));
      await devices[0].forgive("nonce-burst");
      assert.deepEqual(await devices[1].count("nonce-burst", expiresAt), { attempts: 40, distrusted: false }, "one taken back");
      await devices[1].distrust("nonce-burst");
      assert.deepEqual(await devices[0].count("nonce-burst", expiresAt), { attempts: 41, distrusted: true });
      assert.deepEqual(await devices[0].count("nonce-other", expiresAt), { attempts: 1, distrusted: false }, "per cookie");
    } finally {
      await other.close();
    }
  });

  await t.step("device attempts: rows of expired cookies are deleted, live ones kept", async () => {
    const devices = makeDeviceAttempts(db.sql);
    await devices.count("nonce-expired", new Date(Date.now() - 1000));
    await devices.count("nonce-live", new Date(Date.now() + 3600_000));
    await devices.deleteExpired();
    const rows = await db.sql<{ nonce: string }[]>`
      select nonce from login_device_attempts where nonce in ('nonce-expired', 'nonce-live')`;
    assert.deepEqual(rows.map((row) => row.nonce), ["nonce-live"]);
  });
});
