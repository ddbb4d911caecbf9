/**
 * Invoice numbers (issue 30, migration 026): gapless, once per booking, never shared or skipped by
 * issues at the same time, from one pool or two (two API processes), on PGlite always and on
 * PostgreSQL when DATABASE_URL is set.
 */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { storeSample } from "./booking.contract.ts";
import { issueInvoiceNumber, makeInvoiceStore } from "./invoices-repository.ts";
import { runInTransaction } from "./transaction.ts";

const AT = new Date("2026-11-28T01:00:00Z");
const numbers = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `INV-${String(from + i).padStart(6, "0")}`);

describeOnTargets("invoice numbers", async (t, db) => {
  const store = makeInvoiceStore(db.sql);
  const issue = (bookingId: string, on = store) => on.transaction((tx) => tx.issueNumber(bookingId, AT));

  await t.step("the first issue gives INV-000001; the same booking keeps its number", async () => {
    const booking = await storeSample(db);
    const first = await issue(booking._id);
    assert.deepEqual(first, { number: "INV-000001", issuedAt: AT, isNew: true });
    const again = await store.transaction((tx) => tx.issueNumber(booking._id, new Date("2027-01-01T00:00:00Z")));
    assert.deepEqual(again, { number: "INV-000001", issuedAt: AT, isNew: false });
    assert.deepEqual(await store.findIssued(booking._id), { number: "INV-000001", issuedAt: AT });
    assert.equal(await store.findIssued(crypto.randomUUID()), null);
  });

  await t.step("a transaction that rolls back gives its number back: the next issue takes it", async () => {
    const booking = await storeSample(db);
    await assert.rejects(runInTransaction(db.sql, async (tx) => {
      assert.equal((await issueInvoiceNumber(tx)(booking._id, AT)).number, "INV-000002");
      throw new Error("the status change failed");
    }));
    assert.equal(await store.findIssued(booking._id), null);
    assert.equal((await issue(booking._id)).number, "INV-000002");
  });

  await t.step("issues at once on two pools (two processes): every booking one number, none shared, none skipped", async () => {
    const other = await db.openAnother(4);
    try {
      const otherStore = makeInvoiceStore(other.sql);
      const bookings = await Promise.all(Array.from({ length: 12 }, () => storeSample(db)));
      const issued = await Promise.all(bookings.map((b, i) => issue(b._id, i % 2 === 0 ? store : otherStore)));
      assert.deepEqual(issued.map((x) => x.number).sort(), numbers(12, 3));
      assert.ok(issued.every((x) => x.isNew));
    } finally {
      await other.close();
    }
  });

  await t.step("the same booking issued many times at once, from both pools: one number, one new", async () => {
    const other = await db.openAnother(4);
    try {
      const otherStore = makeInvoiceStore(other.sql);
      const booking = await storeSample(db);
      const issued = await Promise.all(Array.from({ length: 8 }, (_, i) => issue(booking._id, i % 2 === 0 ? store : otherStore)));
      assert.deepEqual([...new Set(issued.map((x) => x.number))], ["INV-000015"]);
      assert.equal(issued.filter((x) => x.isNew).length, 1);
      const [{ last_number }] = await db.sql<{ last_number: string }[]>`select last_number from invoice_counter`;
      assert.equal(Number(last_number), 15);
    } finally {
      await other.close();
    }
  });

  await t.step("issuedBetween: the invoices issued in the range, in number order, with their records and payments", async () => {
    const all = await store.issuedBetween(new Date("2026-11-01T00:00:00Z"), new Date("2026-12-01T00:00:00Z"));
    assert.deepEqual(all.map((x) => x.issued.number), numbers(15));
    assert.ok(all.every((x) => x.record._id && Array.isArray(x.payments)));
    assert.deepEqual(await store.issuedBetween(new Date("2026-12-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z")), []);
  });
});
