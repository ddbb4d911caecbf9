/**
 * The audit reader's joins for regular cleans and customer records (issue 17), on PGlite always and
 * on PostgreSQL when DATABASE_URL is set: a row reads by what its record is called now.
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../../core/shared/audit.ts";
import { readableAuditEntry } from "../../core/admin/audit-log/readable-entry.ts";
import type { AuditQuery } from "../../core/admin/manage-audit.ts";
import { listAudit, recordAudit } from "./audit-repository.ts";
import { storeSample } from "./booking.contract.ts";
import { describeOnTargets, type TestDatabase } from "./test-db.ts";

const staff = { adminId: null, adminEmail: "office@yarrashine.com.au" };
const page = (query: Partial<AuditQuery> = {}): AuditQuery => ({ limit: 50, page: 1, ...query });

/** A weekly series of `first`'s customer (or of none: its template's name then). */
async function seriesOf(db: TestDatabase, first: { _id: string; customerId: string | null }, template: { firstName: string; lastName: string }) {
  const id = crypto.randomUUID();
  await db.sql`
    insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                anchor_date, start_minutes, duration_minutes, template)
    values (${id}, ${first.customerId}, ${first._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-03-06', 600, 150, ${db.sql.json(template)})`;
  return id;
}

const write = (db: TestDatabase, entry: Partial<AuditEntry> & Pick<AuditEntry, "action" | "entity" | "entityId">) =>
  recordAudit(db.sql, { ...staff, before: null, after: null, ...entry });

describeOnTargets("audit reader: regular cleans and customer records by their names now", async (t, db) => {
  const first = await storeSample(db, { frequencyNameAtBooking: "Weekly" });
  assert.ok(first.customerId, "the booking has its customer");
  const seriesId = await seriesOf(db, first, { firstName: "Ada", lastName: "Lovelace" });
  // A series whose customer record is not known: it reads by the name its visits copy.
  const orphan = await seriesOf(db, { _id: first._id, customerId: null }, { firstName: "Grace", lastName: "Hopper" });
  const serviceId = crypto.randomUUID();
  const extraId = crypto.randomUUID();
  await db.sql`insert into services (id, name, slug, pricing_model) values (${serviceId}, 'Hourly Cleaning', 'hourly', 'HOURLY')`;
  await db.sql`insert into extras (id, service_id, title, price) values (${extraId}, ${serviceId}, 'Oven clean', 45)`;

  await write(db, {
    action: "series.change",
    entity: "series",
    entityId: seriesId,
    before: { frequencyCode: "WEEKLY", repeatUnit: "WEEK", repeatEvery: 1, startTime: "10:00", extras: [] },
    after: { frequencyCode: "WEEKLY", repeatUnit: "WEEK", repeatEvery: 1, startTime: "10:00", extras: [{ extraId, quantity: 1 }], fromDate: "2030-03-13" },
  });
  await write(db, { action: "series.resume", entity: "series", entityId: orphan, before: { status: "PAUSED" }, after: { status: "ACTIVE", fromDate: "2030-03-13" } });
  await write(db, { action: "series.pause", entity: "series", entityId: crypto.randomUUID(), before: { status: "ACTIVE" }, after: { status: "PAUSED" } });
  await write(db, { action: "customer.update", entity: "customer", entityId: first.customerId, before: { notes: "" }, after: { notes: "Gate code 1234" } });
  await write(db, { action: "customer.update", entity: "customer", entityId: "not-a-uuid", before: { notes: "" }, after: { notes: "x" } });
  await write(db, {
    action: "booking.customer_skip",
    entity: "booking",
    entityId: first._id,
    adminEmail: "ada@example.com",
    before: { status: "PENDING" },
    after: { status: "CANCELLED", cancelReason: "Skipped by the customer", seriesId, seriesDate: "2030-03-06" },
  });
  // The record's name changes after the rows were written: the log reads the name now.
  await db.sql`update customers set first_name = 'Augusta Ada' where id = ${first.customerId}`;

  await t.step("a series row: the customer's name now and the frequency's; the add-ons it names by title", async () => {
    const { items, totalItems } = await listAudit(db.sql, page({ recordType: "series" }));
    assert.equal(totalItems, 3, "series rows only");
    const change = items.find((row) => row.action === "series.change")!;
    assert.deepEqual(change.facts, { firstName: "Augusta Ada", lastName: "Lovelace", frequencyName: "Weekly" });
    assert.deepEqual(change.names, { [extraId]: "Oven clean" });
    const entry = readableAuditEntry(change);
    assert.deepEqual(entry.record, { type: "series", id: seriesId, label: "Weekly clean · Augusta Ada Lovelace" });
    assert.equal(entry.summary, "Changed Augusta Ada Lovelace's weekly clean from Wed 13 Mar 2030 (extras)");
    assert.deepEqual(entry.changes, [{ field: "Extras", before: "none", after: "Oven clean" }]);
  });

  await t.step("a series with no customer record reads by its visits' name; an unknown one is gone", async () => {
    const { items } = await listAudit(db.sql, page({ recordType: "series" }));
    const resumed = items.find((row) => row.action === "series.resume")!;
    assert.deepEqual(resumed.facts, { firstName: "Grace", lastName: "Hopper", frequencyName: "Weekly" });
    assert.equal(readableAuditEntry(resumed).summary, "Resumed Grace Hopper's weekly clean from Wed 13 Mar 2030");
    const unknown = items.find((row) => row.action === "series.pause")!;
    assert.equal(unknown.facts, null);
    assert.equal(readableAuditEntry(unknown).record, null);
  });

  await t.step("a customer row: the record's name and e-mail now; a malformed id is gone", async () => {
    const { items, totalItems } = await listAudit(db.sql, page({ recordType: "customer" }));
    assert.equal(totalItems, 2, "customer rows only");
    const updated = items.find((row) => row.entityId === first.customerId)!;
    assert.deepEqual(updated.facts, { firstName: "Augusta Ada", lastName: "Lovelace", email: "ada@example.com" });
    const entry = readableAuditEntry(updated);
    assert.deepEqual(entry.record, { type: "customer", id: first.customerId, label: "Augusta Ada Lovelace" });
    assert.equal(entry.summary, "Updated Augusta Ada Lovelace's notes");
    assert.equal(items.find((row) => row.entityId === "not-a-uuid")!.facts, null);
  });

  await t.step("a visit the customer skipped is a booking row, with the frequency it was booked with", async () => {
    const { items } = await listAudit(db.sql, page({ recordType: "booking" }));
    assert.deepEqual(items.map((row) => row.action), ["booking.customer_skip"]);
    assert.equal(items[0].facts?.frequencyName, "Weekly");
    assert.equal(
      readableAuditEntry(items[0]).summary,
      `Ada Lovelace skipped booking ${first.reference} (Wed 6 Mar 2030), one visit of their weekly clean`,
    );
    // A series' and a customer's own history: the rows about that record only.
    assert.deepEqual((await listAudit(db.sql, page({ entity: "series", entityId: seriesId }))).items.map((row) => row.action), ["series.change"]);
    assert.deepEqual(
      (await listAudit(db.sql, page({ entity: "customer", entityId: first.customerId! }))).items.map((row) => row.action),
      ["customer.update"],
    );
  });

  await t.step("an extra's row written with bare service ids reads each service by its name now, a deleted one as such", async () => {
    const goneService = crypto.randomUUID();
    await write(db, {
      action: "extra.update",
      entity: "extra",
      entityId: extraId,
      before: { title: "Oven clean", serviceId: goneService, order: 1 },
      after: { title: "Oven clean", serviceId, order: 3 },
    });
    const { items } = await listAudit(db.sql, page({ recordType: "extra" }));
    assert.deepEqual(items[0].names, { [serviceId]: "Hourly Cleaning" });
    const entry = readableAuditEntry(items[0]);
    assert.deepEqual(entry.record, { type: "extra", id: extraId, label: "Oven clean" });
    assert.deepEqual(entry.changes.find((change) => change.field === "Service"), {
      field: "Service",
      before: "a service no longer listed",
      after: "Hourly Cleaning",
    });
  });
});
