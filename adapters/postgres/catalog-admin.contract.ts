import assert from "node:assert/strict";
import { auditEntry } from "../../core/shared/audit.ts";
import { CODE_TAKEN, SLUG_TAKEN } from "../../core/catalog/admin-rules.ts";
import type { CatalogAdminStore } from "../../core/catalog/admin-ports.ts";
import type { ServiceInput } from "../../core/catalog/validation.ts";
import { err, ok } from "../../core/shared/result.ts";
import { makeCatalogAdminStore } from "./catalog-admin-repository.ts";
import { makeCatalogReader } from "./catalog-repository.ts";
import { DEMO_EXTRAS, DEMO_QUESTIONS, DEMO_SERVICE_IDS, DEMO_SERVICES } from "./demo-data.ts";
import { seedDemoData } from "./seed.ts";
import type { TestDatabase } from "./test-db.ts";

const actor = { _id: crypto.randomUUID(), email: "staff@example.com" };

const newService = (slug: string): ServiceInput => ({
  name: `Service ${slug}`,
  slug,
  pricingModel: "BEDROOMS",
  ratePerHour: 60.1,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  bedroomPrices: [{ bedrooms: 0, price: 99.99, durationMinutes: 120 }, { bedrooms: 2, price: 180.05, durationMinutes: 120 }],
  basePrice: 0,
  durationMinutes: 150,
  description: "",
  checklist: ["Kitchen benches", "Vacuum floors"],
});

const count = async (db: TestDatabase, table: string) =>
  (await db.sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;

/** The staff catalogue store: transactions, audit in the same one, lists with deleted records. */
export async function catalogAdminContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  await seedDemoData(db.sql);
  const store: CatalogAdminStore = makeCatalogAdminStore(db.sql);
  const hourlyId = DEMO_SERVICE_IDS.hourly;

  await t.step("a write and its audit row commit together", async () => {
    const result = await store.run(async (tx) => {
      const service = await tx.insertService(newService("kept"));
      await tx.recordAudit(auditEntry(actor, "service.create", "service", service._id, null, service));
      return ok(service);
    });
    assert.ok(result.ok);
    assert.deepEqual(result.value, { ...newService("kept"), _id: result.value._id, deletedAt: null });
    assert.deepEqual(await store.getService(result.value._id), result.value);
    const services = await store.listServices({ includeDeleted: false });
    assert.equal(services.at(-1)?._id, result.value._id, "a new service goes last");
    const [row] = await db.sql`select action, entity_id, admin_email from audit_log`;
    assert.deepEqual({ ...row }, { action: "service.create", entity_id: result.value._id, admin_email: actor.email });
  });

  await t.step("a failed result or a throw rolls everything back, the audit row too", async () => {
    const services = await count(db, "services");
    const audits = await count(db, "audit_log");
    const failed = await store.run(async (tx) => {
      const service = await tx.insertService(newService("rolled-back"));
      await tx.recordAudit(auditEntry(actor, "service.create", "service", service._id, null, service));
      return err(SLUG_TAKEN);
    });
    assert.deepEqual(failed, err(SLUG_TAKEN));
    await assert.rejects(store.run(async (tx) => {
      await tx.insertService(newService("thrown"));
      throw new Error("boom");
    }), /boom/);
    assert.equal(await count(db, "services"), services);
    assert.equal(await count(db, "audit_log"), audits);
  });

  await t.step("a slug or code a concurrent request took is a conflict, not a crash", async () => {
    const slug = await store.run(async (tx) => ok(await tx.insertService(newService("hourly-cleaning"))), [SLUG_TAKEN]);
    assert.equal(slug.ok ? "" : slug.error.code, "SLUG_TAKEN");
    const weekly = { name: "Weekly", code: "WEEKLY", discountPercent: 0, repeatUnit: "WEEK", repeatEvery: 1 } as const;
    const code = await store.run(async (tx) => ok(await tx.insertFrequency(weekly)), [CODE_TAKEN]);
    assert.equal(code.ok ? "" : code.error.code, "CODE_TAKEN");
    // A work answers only the claims it names: any other refusal of the database is thrown.
    await assert.rejects(store.run(async (tx) => ok(await tx.insertFrequency(weekly)), [SLUG_TAKEN]), /frequencies_code_key|duplicate/);
  });

  await t.step("two requests creating one slug at once: one wins, one gets SLUG_TAKEN", async () => {
    const other = makeCatalogAdminStore((await db.openAnother()).sql);
    const create = (s: CatalogAdminStore) =>
      s.run(async (tx) => {
        if (await tx.slugTaken("raced")) return err(SLUG_TAKEN);
        return ok(await tx.insertService(newService("raced")));
      }, [SLUG_TAKEN]);
    const results = await Promise.all([create(store), create(other)]);
    assert.deepEqual(results.map((r) => r.ok).sort(), [false, true]);
    assert.equal((await db.sql`select 1 from services where slug = 'raced'`).length, 1);
  });

  await t.step("updates replace bedroom prices; soft delete keeps the row out of live lists", async () => {
    const id = (await store.listServices({ includeDeleted: false })).find((s) => s.slug === "kept")!._id;
    const updated = await store.run(async (tx) =>
      ok(await tx.updateService(id, { ...newService("kept"), bedroomPrices: [{ bedrooms: 1, price: 10.5, durationMinutes: 120 }] }))
    );
    assert.ok(updated.ok);
    assert.deepEqual(updated.value.bedroomPrices, [{ bedrooms: 1, price: 10.5, durationMinutes: 120 }]);
    const at = new Date("2026-11-22T01:02:03.000Z");
    await store.run(async (tx) => ok(await tx.setServiceDeletedAt(id, at)));
    assert.deepEqual((await store.getService(id))?.deletedAt, at);
    assert.ok(!(await store.listServices({ includeDeleted: false })).some((s) => s._id === id));
    assert.ok((await store.listServices({ includeDeleted: true })).some((s) => s._id === id));
    assert.equal(await makeCatalogReader(db.sql).getService(id), null);
  });

  await t.step("extras: appended after the last (deleted ones count), filtered, reordered", async () => {
    const hourlyExtras = DEMO_EXTRAS.filter((e) => e.serviceId === hourlyId);
    const last = Math.max(...hourlyExtras.map((e) => e.order));
    const first = await store.run(async (tx) => {
      const extra = await tx.insertExtra({
        serviceId: hourlyId, title: "Added", description: "", price: 12.34, hasQuantity: true, maxQuantity: 7,
        durationMinutes: 25, imageUrl: "", active: false,
      });
      await tx.setExtraDeletedAt(extra._id, new Date());
      return ok(extra);
    });
    assert.ok(first.ok);
    assert.equal(first.value.order, last + 1);
    assert.equal(first.value.price, 12.34);
    assert.equal(first.value.maxQuantity, 7);
    assert.equal(first.value.durationMinutes, 25);
    const raised = await store.run(async (tx) => ok(await tx.updateExtra(first.value._id, { ...first.value, maxQuantity: 12 })));
    assert.ok(raised.ok && raised.value.maxQuantity === 12);
    const second = await store.run(async (tx) =>
      ok(await tx.insertExtra({ ...first.value, title: "Second", active: true, order: undefined }))
    );
    assert.ok(second.ok && second.value.order === last + 2);

    const filter = { serviceId: hourlyId, includeDeleted: false, includeInactive: false };
    assert.equal((await store.listExtras(filter)).length, hourlyExtras.length + 1);
    assert.equal((await store.listExtras({ ...filter, includeDeleted: true, includeInactive: true })).length, hourlyExtras.length + 2);
    assert.equal((await store.listExtras({ includeDeleted: true, includeInactive: true })).length, DEMO_EXTRAS.length + 2);
    assert.deepEqual(await store.listExtras({ ...filter, serviceId: "nope" }), []);

    const firstDemo = hourlyExtras.find((e) => e.order === 1)!;
    await store.run(async (tx) => {
      await tx.setExtraOrders([{ extraId: second.value._id, order: 1 }, { extraId: firstDemo._id, order: last + 9 }]);
      return ok(null);
    });
    const reordered = await store.listExtras(filter);
    assert.equal(reordered[0]._id, second.value._id);
    assert.equal(reordered.at(-1)?._id, firstDemo._id);
  });

  await t.step("questions keep their options in order; lists by scope", async () => {
    const created = await store.run(async (tx) =>
      ok(
        await tx.insertQuestion({
          scope: "SERVICE", serviceId: hourlyId, text: "Stairs?", type: "SINGLE", required: true, order: 1,
          helpText: "", placeholder: "", options: [{ label: "Z", value: "z" }, { label: "A", value: "a" }],
        }),
      )
    );
    assert.ok(created.ok);
    assert.deepEqual(created.value.options, [{ label: "Z", value: "z" }, { label: "A", value: "a" }]);
    const forHourly = await store.listQuestions(hourlyId);
    const globals = DEMO_QUESTIONS.filter((q) => q.scope === "GLOBAL").length;
    assert.ok(forHourly.slice(0, globals).every((q) => q.scope === "GLOBAL"));
    assert.ok(forHourly.some((q) => q._id === created.value._id));
    assert.equal((await store.listQuestions()).length, DEMO_QUESTIONS.length + 1);
  });

  await t.step("deleting a service takes its bedroom prices, extras and questions", async () => {
    const id = DEMO_SERVICE_IDS.regular;
    await store.run(async (tx) => {
      await tx.deleteService(id);
      return ok(null);
    });
    const [left] = await db.sql<{ n: number }[]>`
      select (select count(*) from service_bedroom_prices where service_id = ${id})
           + (select count(*) from extras where service_id = ${id})
           + (select count(*) from questions where service_id = ${id}) as n`;
    assert.equal(Number(left.n), 0);
    assert.equal(await store.getService(id), null);
  });

  await t.step("locks on unknown or malformed ids find nothing", async () => {
    await store.run(async (tx) => {
      assert.equal(await tx.lockService("'; drop table services; --"), null);
      assert.equal(await tx.lockExtra(crypto.randomUUID()), null);
      assert.equal(await tx.lockFrequency("nope"), null);
      assert.equal(await tx.lockQuestion(crypto.randomUUID()), null);
      return ok(null);
    });
    assert.equal(await count(db, "services"), DEMO_SERVICES.length + 1);
  });
}
