import assert from "node:assert/strict";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "../postgres/test-db.ts";
import { openDatabase } from "../postgres/db.ts";
import { seedDemoData } from "../postgres/seed.ts";
import { startOutageProxy } from "../postgres/outage-proxy.ts";
import { DEMO_SERVICE_IDS } from "../postgres/demo-data.ts";
import { CACHE_CHANNEL, tableOfNotification } from "./change-feed.ts";
import { type DatabaseCache, startDatabaseCache } from "./database-cache.ts";
import { CACHED_TABLES } from "./read-cache.ts";

const postgresOnly = { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] };

/** Polls `check` until it holds; fails after `withinMs`. Returns how long it took. */
async function eventually(check: () => Promise<boolean>, withinMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!await check()) {
    if (performance.now() - started > withinMs) assert.fail(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const hourlyName = async (cache: DatabaseCache) => (await cache.catalog.getService(DEMO_SERVICE_IDS.hourly))?.name;

Deno.test("change feed: a notification names its table; another schema's is ignored", () => {
  assert.equal(tableOfNotification('{"schema":"public","table":"services"}', "public"), "services");
  assert.equal(tableOfNotification('{"schema":"t_other","table":"services"}', "public"), null);
  assert.equal(tableOfNotification("not json", "public"), "*", "an unreadable payload forgets everything");
  assert.equal(tableOfNotification('{"schema":"public"}', "public"), "*");
});

describeOnTargets("database cache: PostgreSQL tells every process of every write", async (t, db) => {
  await seedDemoData(db.sql);
  const other = await db.openAnother(2);
  const tables: string[] = [];
  // Effectively no age limit: only notifications can refresh what these caches keep.
  const cache = await startDatabaseCache(db, { maxAgeMs: 3_600_000, onChange: (table) => tables.push(table) });
  const second = await startDatabaseCache(other, { maxAgeMs: 3_600_000 });
  try {
    assert.equal(cache.hearsOtherProcesses, true);
    assert.equal(cache.listens(), 1);

    await t.step("a write by another process (pool) reaches the cache within 1 s", async () => {
      assert.equal(await hourlyName(cache), "Hourly Cleaning");
      assert.equal(await hourlyName(second), "Hourly Cleaning");
      await other.sql`update services set name = 'Hourly Clean' where id = ${DEMO_SERVICE_IDS.hourly}`;
      const ms = await eventually(async () => await hourlyName(cache) === "Hourly Clean", 1_000, "the other pool's write");
      assert.ok(ms < 1_000);
      await eventually(async () => await hourlyName(second) === "Hourly Clean", 1_000, "the writer's own cache");
    });

    await t.step("every table the cache reads from notifies, once per statement, and only on commit", async () => {
      tables.length = 0;
      await other.sql.begin(async (tx) => {
        await tx`update service_bedroom_prices set price = price where bedrooms = 1`;
        await tx`update extras set title = title`;
        await tx`update frequencies set name = name`;
        await tx`update questions set text = text`;
        await tx`update question_options set label = label`;
        await tx`insert into settings (key, value) values ('cache-test', '{}')`;
        await tx`insert into closed_dates (date, label) values ('2026-12-25', 'Christmas Day')`;
        await tx`update services set description = description`;
      });
      await other.sql.begin(async (tx) => {
        await tx`delete from closed_dates`;
        await tx`select 1 / 0`;
      }).catch(() => {});
      const all = Object.values(CACHED_TABLES).flat().sort();
      await eventually(() => Promise.resolve(new Set(tables).size === all.length), 1_000, "a notification per table");
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual([...tables].sort(), all, "one each, none from the rolled-back delete");
    });

    await t.step("a write to a table the cache does not read sends nothing", async () => {
      tables.length = 0;
      await other.sql`update rate_limit_counters set hits = hits`;
      await other.sql`select pg_notify(${CACHE_CHANNEL}, '{"schema":"t_elsewhere","table":"services"}')`;
      await other.sql`update closed_dates set label = 'Xmas'`;
      await eventually(() => Promise.resolve(tables.length > 0), 1_000, "the closed dates' notification");
      assert.deepEqual(tables, ["closed_dates"]);
    });
  } finally {
    await cache.stop();
    await second.stop();
    await other.close();
  }
}, postgresOnly);

describeOnTargets("database cache: a reconnect forgets everything (notifications may have been missed)", async (t, db) => {
  await seedDemoData(db.sql);
  const url = new URL(POSTGRES_TARGET!.url!);
  const proxy = startOutageProxy({ hostname: url.hostname, port: Number(url.port || 5432) });
  url.port = String(proxy.port);
  const viaProxy = await openDatabase({ url: url.href, schema: (db as TestDatabase).schema, max: 2 });
  const cache = await startDatabaseCache(viaProxy, { maxAgeMs: 3_600_000 });
  try {
    await t.step("a write while the listening link is down is seen once it is back", async () => {
      assert.equal(await hourlyName(cache), "Hourly Cleaning");
      proxy.refuse();
      // Written while nobody of this cache listens: its notification is lost for good.
      await db.sql`update services set name = 'Hourly (missed)' where id = ${DEMO_SERVICE_IDS.hourly}`;
      await new Promise((resolve) => setTimeout(resolve, 200));
      proxy.resume();
      await eventually(() => Promise.resolve(cache.listens() === 2), 5_000, "listening again");
      assert.equal(await hourlyName(cache), "Hourly (missed)");
    });

    await t.step("and it goes on hearing notifications after the reconnect", async () => {
      await db.sql`update services set name = 'Hourly Cleaning' where id = ${DEMO_SERVICE_IDS.hourly}`;
      await eventually(async () => await hourlyName(cache) === "Hourly Cleaning", 1_000, "the next write");
    });
  } finally {
    await cache.stop();
    await viaProxy.close();
    proxy.close();
  }
}, postgresOnly);

describeOnTargets("database cache: a write is heard from the write itself on the embedded database", async (t, db, target) => {
  await seedDemoData(db.sql);
  const tables: string[] = [];
  const cache = await startDatabaseCache(db, { maxAgeMs: 3_600_000, onChange: (table) => tables.push(table) });
  // PGlite: before the write returns. PostgreSQL: by LISTEN, within milliseconds.
  const heard = (check: () => Promise<boolean>, what: string) =>
    target.name === "pglite" ? check().then((ok) => assert.ok(ok, what)) : eventually(check, 1_000, what);
  try {
    await t.step("other processes are heard on PostgreSQL only (through pglite-socket a notification reaches only the writer)", () => {
      assert.equal(cache.hearsOtherProcesses, target.name === "postgres");
    });

    await t.step("a write through the pool shows, without a word from whoever wrote", async () => {
      assert.equal(await hourlyName(cache), "Hourly Cleaning");
      await db.sql`update services set name = 'Hourly Clean' where id = ${DEMO_SERVICE_IDS.hourly}`;
      await heard(async () => await hourlyName(cache) === "Hourly Clean", "the renamed service");
    });

    await t.step("a transaction is heard once it commits, never when it rolls back", async () => {
      assert.equal(await cache.closedDates.get("2026-12-25"), null);
      await new Promise((resolve) => setTimeout(resolve, 100));
      tables.length = 0;
      await db.sql.begin(async (tx) => {
        await tx`insert into closed_dates (date, label) values ('2026-12-25', 'Christmas Day')`;
        await tx`select 1 / 0`;
      }).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(tables.join(), "", "nothing from the rolled-back insert");
      await db.sql.begin(async (tx) => {
        await tx`insert into closed_dates (date, label) values ('2026-12-25', 'Christmas Day')`;
        assert.equal(tables.join(), "", "nothing before the commit");
      });
      await heard(() => Promise.resolve(tables.includes("closed_dates")), "the closed date");
      assert.equal((await cache.closedDates.get("2026-12-25"))?.label, "Christmas Day");
    });
  } finally {
    await cache.stop();
  }
});
