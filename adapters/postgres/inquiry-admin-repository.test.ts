/** Contract of the staff inquiries store, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { makeInquiryStore } from "./inquiry-repository.ts";
import { makeInquiryAdminStore } from "./inquiry-admin-repository.ts";
import { loadMigrations, migrate } from "./migrate.ts";
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

describeOnTargets("inquiry references (issue 34 item 3)", async (t, db) => {
  const admin = makeInquiryAdminStore(db.sql);

  await t.step("a new inquiry gets a YI- reference, stored and read back; a clash draws again", async () => {
    const stored = await makeInquiryStore(db.sql).insertWithEmails(sample(), () => []);
    assert.match(stored.reference, /^YI-[2-9A-HJ-NP-Z]{6}$/);
    assert.equal((await admin.getById(stored._id))?.reference, stored.reference);
    const draws = [stored.reference, stored.reference, "YI-ZZZZ22"];
    let mailedWith = "";
    const again = await makeInquiryStore(db.sql, () => draws.shift()!)
      .insertWithEmails(sample({ email: "other@office.example" }), (inquiry) => {
        mailedWith = inquiry.reference;
        return [];
      });
    assert.equal(again.reference, "YI-ZZZZ22", "the taken one was skipped, the transaction still usable");
    assert.equal(mailedWith, "YI-ZZZZ22", "the e-mails quote the reference as stored");
    assert.deepEqual(draws, []);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from inquiries`;
    assert.equal(n, 2);
  });

  await t.step("the unique index and the format check refuse a duplicate or a malformed reference", async () => {
    const [{ reference }] = await db.sql<{ reference: string }[]>`select reference from inquiries limit 1`;
    const insert = (value: string) =>
      db.sql`insert into inquiries (id, reference, inquiry_type, first_name, last_name, email, phone, suburb, message)
             values (${crypto.randomUUID()}, ${value}, 'OFFICE', 'A', 'B', 'a@b.co', '0390000000', 'Carlton', 'Hi')`;
    await assert.rejects(insert(reference), /inquiries_reference_key/);
    await assert.rejects(insert("YS-7K3F9Q"), /inquiries_reference_format/);
    await assert.rejects(insert("YI-OOOOOO"), /inquiries_reference_format/);
  });

  await t.step("the staff search finds one by its reference however typed", async () => {
    const mine = await makeInquiryStore(db.sql, () => "YI-7K3F9Q").insertWithEmails(sample({ firstName: "Wen" }), () => []);
    const find = async (q: string) => (await admin.list(inquiryListQuery({ q }), 0)).map((i) => i._id);
    for (const q of ["YI-7K3F9Q", "yi 7k3f9q", "7k3-f9q", "YI-7K3"]) assert.deepEqual(await find(q), [mine._id], q);
    assert.deepEqual(await find("YS-7K3F9Q"), [], "a booking's reference is not this inquiry's");
  });

  await t.step("migration 024 gives every existing inquiry its own reference", async () => {
    await db.sql.unsafe(`
      drop index inquiries_reference_key;
      alter table inquiries drop constraint inquiries_reference_format;
      alter table inquiries drop column reference;
      delete from schema_migrations where version = 24`).simple();
    await db.sql`
      insert into inquiries (id, inquiry_type, first_name, last_name, email, phone, suburb, message, created_at)
      select gen_random_uuid(), 'OFFICE', 'Old', 'Row ' || i, 'old' || i || '@office.example', '0390000000',
             'Carlton', 'Before references', now() - make_interval(hours => i)
        from generate_series(1, 300) as i`;
    assert.deepEqual(await migrate(db.sql, await loadMigrations()), [24]);
    const rows = await db.sql<{ reference: string }[]>`select reference from inquiries`;
    assert.equal(rows.length, 303);
    assert.ok(rows.every((row) => /^YI-[2-9A-HJ-NP-Z]{6}$/.test(row.reference)), "every row, old and new, has one");
    assert.equal(new Set(rows.map((row) => row.reference)).size, 303, "no two alike");
    // The constraints are back: a new inquiry still gets one, a duplicate is still refused.
    const after = await makeInquiryStore(db.sql).insertWithEmails(sample({ email: "new@office.example" }), () => []);
    assert.match(after.reference, /^YI-[2-9A-HJ-NP-Z]{6}$/);
    await assert.rejects(db.sql`update inquiries set reference = ${rows[0].reference} where id = ${after._id}`, /inquiries_reference_key/);
  });
});
