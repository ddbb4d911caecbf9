/**
 * The staff catalogue's audit rows (issue 34 item 17): a save that changes nothing answers the
 * record and writes no row; a real change writes one; an extra's and a question's rows name their
 * service. The SQL behind the store is contract-tested on PGlite (adapters/postgres/catalog-admin.contract.ts).
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import type { CatalogAdminStore, CatalogAdminTx } from "./admin-ports.ts";
import { makeCatalogAdmin } from "./admin-catalog.ts";
import { extraInputSchema, frequencyInputSchema, questionInputSchema, serviceInputSchema } from "./schemas.ts";
import type { Extra, Frequency, Question, StaffService } from "./types.ts";

const actor = { _id: "4b0c1a52-0000-4000-8000-000000000001", email: "sam@yarrashine.com.au" };
const REGULAR = "86b8cdc8-7352-4d26-b9c5-3826239533f4";
const DEEP = "62684706-ec03-4ed4-99c0-a526747259e8";
const OVEN = "fb20856d-6885-4cde-84ba-c69fa78d74c3";
const WEEKLY = "77759078-768c-4060-bbfd-348894378e64";
const PETS = "a6669e0f-0642-4478-b04c-37c8b1254aa0";

/** The catalogue over plain values: two services, an extra, a frequency and a question. */
function world() {
  const copy = <T>(value: T): T => structuredClone(value);
  const services = new Map<string, StaffService>([
    [REGULAR, { ...serviceInputSchema.parse({ name: "Regular clean", slug: "regular-clean" }), _id: REGULAR, deletedAt: null }],
    [DEEP, { ...serviceInputSchema.parse({ name: "Deep clean", slug: "deep-clean" }), _id: DEEP, deletedAt: null }],
  ]);
  const extras = new Map<string, Extra>([
    [OVEN, { ...extraInputSchema.parse({ serviceId: REGULAR, title: "Inside oven", price: 65 }), order: 1, _id: OVEN, deletedAt: null }],
  ]);
  const frequencies = new Map<string, Frequency>([
    [WEEKLY, { ...frequencyInputSchema.parse({ name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1 }), _id: WEEKLY }],
  ]);
  const questions = new Map<string, Question>([
    [PETS, { ...questionInputSchema.parse({ text: "Any pets?", type: "TEXT", scope: "SERVICE", serviceId: REGULAR }), _id: PETS }],
  ]);
  const audit: AuditEntry[] = [];
  const found = <T>(map: Map<string, T>, id: string) => Promise.resolve(map.has(id) ? copy(map.get(id)!) : null);
  const tx = {
    lockService: (id: string) => found(services, id),
    serviceName: (id: string) => Promise.resolve(services.get(id)?.name ?? null),
    slugTaken: (slug: string, exceptId?: string) => Promise.resolve([...services.values()].some((s) => s.slug === slug && s._id !== exceptId)),
    updateService: (id: string, input: Omit<StaffService, "_id" | "deletedAt">) => {
      services.set(id, { ...input, _id: id, deletedAt: services.get(id)!.deletedAt });
      return found(services, id);
    },
    extrasOfService: (serviceId: string) => Promise.resolve([...extras.values()].filter((e) => e.serviceId === serviceId).map(copy)),
    setExtraOrders: (orders: { extraId: string; order: number }[]) => {
      for (const { extraId, order } of orders) extras.get(extraId)!.order = order;
      return Promise.resolve();
    },
    lockExtra: (id: string) => found(extras, id),
    updateExtra: (id: string, { order, ...input }: Omit<Extra, "_id" | "deletedAt" | "order"> & { order?: number }) => {
      extras.set(id, { ...input, order: order ?? extras.get(id)!.order, _id: id, deletedAt: null });
      return found(extras, id);
    },
    lockFrequency: (id: string) => found(frequencies, id),
    codeTaken: () => Promise.resolve(false),
    updateFrequency: (id: string, input: Omit<Frequency, "_id">) => {
      frequencies.set(id, { ...input, _id: id });
      return found(frequencies, id);
    },
    lockQuestion: (id: string) => found(questions, id),
    updateQuestion: (id: string, input: Omit<Question, "_id">) => {
      questions.set(id, { ...input, _id: id });
      return found(questions, id);
    },
    deleteQuestion: (id: string) => Promise.resolve(void questions.delete(id)),
    recordAudit: (entry: AuditEntry) => Promise.resolve(void audit.push(copy(entry))),
  } as Partial<CatalogAdminTx> as CatalogAdminTx;
  const store = {
    // A failed result rolls back: its audit rows go with it.
    run: async (work: (t: CatalogAdminTx) => Promise<unknown>) => await work(tx),
  } as unknown as CatalogAdminStore;
  const catalog = makeCatalogAdmin({ store, clock: { now: () => new Date("2026-11-25T03:00:00.000Z") } });
  return { catalog, audit };
}

Deno.test("catalogue updates: a save that changes nothing answers the record and writes no audit row; a change writes one", async (t) => {
  const { catalog, audit } = world();

  await t.step("services", async () => {
    const same = await catalog.services.update(actor, REGULAR, { name: "Regular clean", ratePerHour: 60 });
    assert.ok(same.ok);
    assert.equal(same.value.name, "Regular clean");
    assert.equal(audit.length, 0);
    const changed = await catalog.services.update(actor, REGULAR, { ratePerHour: 72.5 });
    assert.ok(changed.ok);
    assert.deepEqual(audit.map((a) => [a.action, a.entityId]), [["service.update", REGULAR]]);
    assert.equal((audit[0].before as StaffService).ratePerHour, 60);
    assert.equal((audit[0].after as StaffService).ratePerHour, 72.5);
  });

  await t.step("extras, whose rows name their service beside its id", async () => {
    audit.length = 0;
    const same = await catalog.extras.update(actor, OVEN, { title: "Inside oven", price: 65 });
    assert.ok(same.ok);
    assert.equal(same.value.price, 65);
    assert.equal(audit.length, 0);
    assert.ok((await catalog.extras.update(actor, OVEN, { serviceId: DEEP })).ok);
    assert.equal(audit.length, 1);
    const [moved] = audit;
    assert.equal(moved.action, "extra.update");
    assert.deepEqual(
      [(moved.before as Record<string, unknown>).serviceId, (moved.before as Record<string, unknown>).serviceName],
      [REGULAR, "Regular clean"],
    );
    assert.deepEqual([(moved.after as Record<string, unknown>).serviceId, (moved.after as Record<string, unknown>).serviceName], [DEEP, "Deep clean"]);
  });

  await t.step("the order of a service's extras", async () => {
    audit.length = 0;
    const same = await catalog.services.reorderExtras(actor, DEEP, [{ extraId: OVEN, order: 1 }]);
    assert.ok(same.ok);
    assert.equal(audit.length, 0);
    assert.ok((await catalog.services.reorderExtras(actor, DEEP, [{ extraId: OVEN, order: 3 }])).ok);
    assert.deepEqual(audit.map((a) => [a.action, a.before, a.after]), [
      ["service.reorder_extras", [{ extraId: OVEN, title: "Inside oven", order: 1 }], [{ extraId: OVEN, title: "Inside oven", order: 3 }]],
    ]);
  });

  await t.step("frequencies", async () => {
    audit.length = 0;
    const same = await catalog.frequencies.update(actor, WEEKLY, { discountPercent: 15 });
    assert.ok(same.ok);
    assert.equal(same.value.discountPercent, 15);
    assert.equal(audit.length, 0);
    assert.ok((await catalog.frequencies.update(actor, WEEKLY, { discountPercent: 10 })).ok);
    assert.deepEqual(audit.map((a) => a.action), ["frequency.update"]);
  });

  await t.step("questions, whose rows name their service", async () => {
    audit.length = 0;
    const same = await catalog.questions.update(actor, PETS, { text: "Any pets?" });
    assert.ok(same.ok);
    assert.equal(audit.length, 0);
    assert.ok((await catalog.questions.update(actor, PETS, { required: true })).ok);
    assert.deepEqual(audit.map((a) => a.action), ["question.update"]);
    assert.equal((audit[0].after as Record<string, unknown>).serviceName, "Regular clean");
    assert.ok((await catalog.questions.delete(actor, PETS)).ok);
    assert.equal((audit[1].before as Record<string, unknown>).serviceName, "Regular clean");
  });
});
