import assert from "node:assert/strict";
import { describeOnTargets, type TestDatabase } from "../postgres/test-db.ts";
import { seedDemoData } from "../postgres/seed.ts";
import { makeCatalogReader } from "../postgres/catalog-repository.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { makeClosedDatesStore } from "../postgres/closed-dates-repository.ts";
import { DEMO_SERVICE_IDS } from "../postgres/demo-data.ts";
import { makeReadCache, partsReadFrom, type ReadCacheSources } from "./read-cache.ts";

/** The real readers of `db`, counting the calls that reach the database. */
function countedSources(db: TestDatabase) {
  const calls: string[] = [];
  const count = <T extends object>(name: string, target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(key)}`);
          return value.apply(object, args);
        };
      },
    });
  const real: ReadCacheSources = {
    catalog: makeCatalogReader(db.sql),
    settings: makeSettingsStore(db.sql),
    closedDates: makeClosedDatesStore(db.sql),
  };
  const sources: ReadCacheSources = {
    catalog: count("catalog", real.catalog),
    settings: count("settings", real.settings),
    closedDates: count("closedDates", real.closedDates),
  };
  return { real, sources, calls };
}

const DELETED = DEMO_SERVICE_IDS.airbnb;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describeOnTargets("read cache: the same answers as the database readers", async (t, db) => {
  await seedDemoData(db.sql);
  await db.sql`update services set deleted_at = now() where id = ${DELETED}`;
  await db.sql`insert into closed_dates (date, label) values ('2026-12-25', 'Christmas Day'), ('2027-01-26', 'Australia Day')`;
  const { real, sources } = countedSources(db);
  const cache = makeReadCache(sources);

  await t.step("services, one service (any letter case), add-ons, frequencies, questions", async () => {
    assert.deepEqual(await cache.catalog.listServices(), await real.catalog.listServices());
    for (const id of [DEMO_SERVICE_IDS.regular, DEMO_SERVICE_IDS.regular.toUpperCase(), DELETED, UNKNOWN, "not-a-uuid"]) {
      assert.deepEqual(await cache.catalog.getService(id), await real.catalog.getService(id), id);
      assert.deepEqual(await cache.catalog.listExtras(id), await real.catalog.listExtras(id), id);
      assert.deepEqual(await cache.catalog.listQuestions(id), await real.catalog.listQuestions(id), id);
    }
    assert.deepEqual(await cache.catalog.listQuestions(), await real.catalog.listQuestions());
    assert.deepEqual(await cache.catalog.listFrequencies(), await real.catalog.listFrequencies());
    assert.ok((await cache.catalog.listExtras(DEMO_SERVICE_IDS.regular)).length > 0, "the demo service has add-ons");
  });

  await t.step("settings, and closed dates with and without a range", async () => {
    assert.deepEqual(await cache.settings.getScheduling(), await real.settings.getScheduling());
    assert.deepEqual(await cache.settings.getBookingFormContent(), await real.settings.getBookingFormContent());
    assert.deepEqual(await cache.settings.getBusinessProfile(), await real.settings.getBusinessProfile());
    assert.deepEqual(await cache.settings.getServiceArea(), await real.settings.getServiceArea());
    for (
      const range of [{}, { from: "2026-12-25" }, { to: "2026-12-24" }, { from: "2026-12-26", to: "2027-01-26" }, {
        from: "2027-01-27",
        to: "2027-12-31",
      }]
    ) {
      assert.deepEqual(await cache.closedDates.list(range), await real.closedDates.list(range), JSON.stringify(range));
    }
    assert.deepEqual(await cache.closedDates.get("2027-01-26"), { date: "2027-01-26", label: "Australia Day" });
    assert.equal(await cache.closedDates.get("2027-01-27"), null);
  });
});

describeOnTargets("read cache: from memory until told of a change", async (t, db) => {
  await seedDemoData(db.sql);
  const { sources, calls } = countedSources(db);
  let clock = 0;
  const cache = makeReadCache(sources, { maxAgeMs: 60_000, now: () => clock });

  await t.step("a second read asks the database nothing; concurrent first reads share one query", async () => {
    await Promise.all([cache.catalog.listServices(), cache.catalog.listServices(), cache.catalog.getService(DEMO_SERVICE_IDS.regular)]);
    await cache.catalog.listExtras(DEMO_SERVICE_IDS.regular);
    await cache.settings.getScheduling();
    await cache.closedDates.list({ from: "2026-01-01" });
    calls.length = 0;
    for (let i = 0; i < 3; i++) {
      await cache.catalog.listServices();
      await cache.catalog.getService(DEMO_SERVICE_IDS.regular);
      await cache.catalog.listExtras(DEMO_SERVICE_IDS.regular);
      await cache.settings.getScheduling();
      await cache.closedDates.list({ from: "2026-06-01", to: "2026-06-30" });
      await cache.closedDates.get("2026-06-01");
    }
    assert.deepEqual(calls, []);
  });

  await t.step("invalidating a part makes the next read of it see the database, and only that part", async () => {
    await db.sql`update services set name = 'Hourly Cleaning (renamed)' where id = ${DEMO_SERVICE_IDS.hourly}`;
    assert.equal((await cache.catalog.getService(DEMO_SERVICE_IDS.hourly))?.name, "Hourly Cleaning", "still the kept answer");
    cache.invalidate("catalogue");
    calls.length = 0;
    assert.equal((await cache.catalog.getService(DEMO_SERVICE_IDS.hourly))?.name, "Hourly Cleaning (renamed)");
    await cache.settings.getScheduling();
    assert.deepEqual(calls, ["catalog.listServices"]);
  });

  await t.step("a read under way when the change is announced is not kept", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => release = resolve);
    const slow = makeReadCache({
      ...sources,
      catalog: { ...sources.catalog, listFrequencies: async () => (await gate, await sources.catalog.listFrequencies()) },
    });
    const before = slow.catalog.listFrequencies();
    slow.invalidate("catalogue");
    release();
    await before;
    calls.length = 0;
    await slow.catalog.listFrequencies();
    assert.deepEqual(calls, ["catalog.listFrequencies"], "read again after the change");
  });

  await t.step("a failed read is not kept: the next read asks again", async () => {
    let fail = true;
    const flaky = makeReadCache({
      ...sources,
      settings: {
        ...sources.settings,
        getScheduling: () => fail ? Promise.reject(new Error("database gone")) : sources.settings.getScheduling(),
      },
    });
    await assert.rejects(flaky.settings.getScheduling(), /database gone/);
    fail = false;
    assert.equal((await flaky.settings.getScheduling()).leadDays, 4);
  });

  await t.step("nothing is served older than maxAgeMs, should a notification be lost", async () => {
    await cache.settings.getBookingFormContent();
    calls.length = 0;
    clock += 59_000;
    await cache.settings.getBookingFormContent();
    assert.deepEqual(calls, []);
    clock += 2_000;
    await cache.settings.getBookingFormContent();
    assert.deepEqual(calls, ["settings.getBookingFormContent"]);
  });

  await t.step("saves through the cache reach the database and forget the part", async () => {
    const scheduling = await cache.settings.getScheduling();
    await cache.settings.saveScheduling({ ...scheduling, leadDays: 2 });
    assert.equal((await cache.settings.getScheduling()).leadDays, 2);
    assert.equal(await cache.closedDates.get("2026-12-25"), null);
    assert.equal(await cache.closedDates.add({ date: "2026-12-25", label: "Christmas Day" }), true);
    assert.deepEqual(await cache.closedDates.get("2026-12-25"), { date: "2026-12-25", label: "Christmas Day" });
    assert.deepEqual(await cache.closedDates.remove("2026-12-25"), { date: "2026-12-25", label: "Christmas Day" });
    assert.equal(await cache.closedDates.get("2026-12-25"), null);
  });

  await t.step("kept answers are frozen: a caller cannot change what others are served", async () => {
    const services = await cache.catalog.listServices();
    assert.throws(() => (services as unknown[]).push({}), TypeError);
    assert.throws(() => {
      (services[0] as { name: string }).name = "changed";
    }, TypeError);
    const scheduling = await cache.settings.getScheduling();
    assert.throws(() => scheduling.closedWeekdays.push(1), TypeError);
  });
});

Deno.test("read cache: each table of migration 012's triggers names the parts read from it", () => {
  assert.deepEqual(partsReadFrom("services"), ["catalogue"]);
  assert.deepEqual(partsReadFrom("question_options"), ["catalogue"]);
  assert.deepEqual(partsReadFrom("settings"), ["settings"]);
  assert.deepEqual(partsReadFrom("closed_dates"), ["closedDates"]);
  assert.deepEqual(partsReadFrom("*"), ["catalogue", "settings", "closedDates"], "an unknown table forgets everything");
});
