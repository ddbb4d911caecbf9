import assert from "node:assert/strict";
import type { TestDatabase } from "./test-db.ts";
import { makeCatalogReader } from "./catalog-repository.ts";
import { seedDemoData } from "./seed.ts";
import { DEMO_EXTRAS, DEMO_QUESTIONS, DEMO_SERVICE_IDS, DEMO_SERVICES } from "./demo-data.ts";

export async function catalogContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  const catalog = makeCatalogReader(db.sql);
  assert.equal(await seedDemoData(db.sql), true);

  await t.step("seeding twice changes nothing", async () => {
    assert.equal(await seedDemoData(db.sql), false);
    assert.equal((await catalog.listServices()).length, DEMO_SERVICES.length);
  });

  await t.step("services round-trip with exact money and bedroom prices", async () => {
    const services = await catalog.listServices();
    assert.deepEqual(services.map((s) => s.slug), DEMO_SERVICES.map((s) => s.slug));
    for (const expected of DEMO_SERVICES) {
      const actual = await catalog.getService(expected._id);
      assert.deepEqual(actual, { ...expected, deletedAt: null });
    }
  });

  await t.step("unknown or malformed ids find nothing", async () => {
    assert.equal(await catalog.getService(crypto.randomUUID()), null);
    assert.equal(await catalog.getService("'; drop table services; --"), null);
    assert.deepEqual(await catalog.listExtras("nope"), []);
  });

  await t.step("extras come in order; deleted and inactive ones never appear", async () => {
    const id = DEMO_SERVICE_IDS.hourly;
    const expected = DEMO_EXTRAS.filter((e) => e.serviceId === id).sort((a, b) =>
      a.order - b.order
    );
    assert.deepEqual(
      (await catalog.listExtras(id)).map((e) => e.title),
      expected.map((e) => e.title),
    );
    await db.sql`update extras set active = false where id = ${expected[0]._id}`;
    await db.sql`update extras set deleted_at = now() where id = ${expected[1]._id}`;
    const visible = (await catalog.listExtras(id)).map((e) => e._id);
    assert.ok(!visible.includes(expected[0]._id) && !visible.includes(expected[1]._id));
    assert.equal(visible.length, expected.length - 2);
  });

  await t.step("questions: global ones plus those of the service asked for", async () => {
    const globals = DEMO_QUESTIONS.filter((q) => q.scope === "GLOBAL");
    assert.deepEqual(
      (await catalog.listQuestions()).map((q) => q._id).sort(),
      globals.map((q) => q._id).sort(),
    );
    const moveId = DEMO_SERVICE_IDS.moveInOut;
    const forMove = await catalog.listQuestions(moveId);
    const expected = DEMO_QUESTIONS.filter((q) => q.scope === "GLOBAL" || q.serviceId === moveId);
    assert.deepEqual(forMove.map((q) => q._id).sort(), expected.map((q) => q._id).sort());
    const withOptions = forMove.find((q) => q.type !== "TEXT")!;
    assert.deepEqual(
      withOptions.options,
      DEMO_QUESTIONS.find((q) => q._id === withOptions._id)!.options,
    );
  });

  await t.step("a soft-deleted service disappears with its extras and questions", async () => {
    const id = DEMO_SERVICE_IDS.moveInOut;
    await db.sql`update services set deleted_at = now() where id = ${id}`;
    assert.equal(await catalog.getService(id), null);
    assert.ok(!(await catalog.listServices()).some((s) => s._id === id));
    assert.deepEqual(await catalog.listExtras(id), []);
    assert.ok((await catalog.listQuestions(id)).every((q) => q.scope === "GLOBAL"));
  });

  await t.step("frequencies include ONE_TIME at 0 %", async () => {
    const one = (await catalog.listFrequencies()).find((f) => f.code === "ONE_TIME");
    assert.equal(one?.discountPercent, 0);
  });
}
