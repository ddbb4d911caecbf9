/** Contract of the staff inquiries store, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeInquiryStore } from "./inquiry-repository.ts";
import { makeInquiryAdminStore } from "./inquiry-admin-repository.ts";
import { inquiryListQuery } from "../../core/inquiry/admin-query.ts";
import type { NewInquiry } from "../../core/inquiry/types.ts";
import { err, notFound } from "../../core/shared/result.ts";

const sample = (overrides: Partial<NewInquiry> = {}): NewInquiry => ({
  inquiryType: "OFFICE",
  firstName: "Mary",
  lastName: "Smith",
  email: "mary@office.example",
  phone: "(03) 9123 4567",
  suburb: "Docklands",
  message: "Office clean, 100% of floors",
  ...overrides,
});

describeOnTargets("inquiry admin store contract", async (t, db) => {
  const store = makeInquiryAdminStore(db.sql);
  const insert = (overrides: Partial<NewInquiry> = {}) => makeInquiryStore(db.sql).insertWithEmails(sample(overrides), () => []);
  const office = await insert();
  const clinic = await insert({ inquiryType: "HEALTHCARE_AGED_CARE", phone: "0412 000 111", message: "Clinic" });
  const list = async (input: Parameters<typeof inquiryListQuery>[0]) =>
    (await store.list(inquiryListQuery(input), 0)).map((i) => i._id);

  await t.step("phone digits match however the phone was typed; % in the search is literal", async () => {
    assert.deepEqual(await list({ q: "03 9123-4567" }), [office._id]);
    assert.deepEqual(await list({ q: "100%" }), [office._id]);
    assert.deepEqual(await list({ q: "1%" }), [], "as a wildcard it would match both phones");
  });

  await t.step("update sets only the given fields and returns the row; archived ones leave the default list", async () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const archived = await store.transaction(async (tx) => {
      const locked = await tx.lockById(clinic._id);
      assert.equal(locked?._id, clinic._id);
      return await tx.update(clinic._id, { archivedAt: at, read: true }, at);
    });
    assert.deepEqual([archived.archivedAt?.toISOString(), archived.read, archived.hasAddress, archived.adminNotes], [at.toISOString(), true, false, ""]);
    assert.deepEqual(await list({}), [office._id]);
    assert.equal(await store.count(inquiryListQuery({}).filter), 1);
    assert.equal(await store.count(inquiryListQuery({ includeArchived: true }).filter), 2);
  });

  await t.step("a failed transaction leaves nothing behind; unknown ids are null", async () => {
    await assert.rejects(store.transaction(async (tx) => {
      await tx.update(office._id, { adminNotes: "lost" }, new Date());
      throw new Error("audit failed");
    }));
    assert.equal((await store.getById(office._id))?.adminNotes, "");
    assert.equal(await store.getById("nope"), null);
    assert.equal(await store.transaction((tx) => tx.lockById(crypto.randomUUID())), null);
  });

  await t.step("a returned failure rolls the change back too", async () => {
    const result = await store.transaction(async (tx) => {
      await tx.update(office._id, { adminNotes: "lost" }, new Date());
      return err(notFound("Inquiry"));
    });
    assert.equal(result.ok, false);
    assert.equal((await store.getById(office._id))?.adminNotes, "");
  });
});
