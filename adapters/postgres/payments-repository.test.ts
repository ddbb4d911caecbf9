/** The payment ledger store and its migration, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { storeSample } from "./booking.contract.ts";
import { makePaymentsStore } from "./payments-repository.ts";
import { makeAdminStore } from "./admin-repository.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import type { NewPayment } from "../../core/booking/payments/ledger.ts";
import { err, notFound } from "../../core/shared/result.ts";

const at = (iso: string) => new Date(iso);

describeOnTargets("payment ledger store", async (t, db) => {
  const store = makePaymentsStore(db.sql);
  const booking = await storeSample(db, {});
  const admin = await makeAdminStore(db.sql).insert({ name: "Pat Office", email: "pat@example.com", role: "admin", passwordHash: "x" });
  const byPat = { adminId: admin._id, name: admin.name, email: admin.email };
  const payment = (overrides: Partial<NewPayment>): NewPayment => ({
    bookingId: booking._id, amount: 50, method: "CASH", note: "", receivedAt: at("2030-03-01T00:00:00Z"),
    recordedBy: byPat, createdAt: at("2030-03-01T00:00:00Z"), ...overrides,
  });

  await t.step("insert keeps every field, in exact cents; list is oldest received first", async () => {
    const [later, earlier] = await store.transaction(async (tx) => [
      await tx.ledger.insert(payment({ amount: 120.35, method: "BANK_TRANSFER", note: "ref 42", receivedAt: at("2030-03-02T00:00:00Z") })),
      await tx.ledger.insert(payment({ amount: 0.07, method: "CARD", receivedAt: at("2030-03-01T00:00:00Z") })),
    ]);
    assert.deepEqual(later, {
      _id: later._id, bookingId: booking._id, amount: 120.35, method: "BANK_TRANSFER", note: "ref 42",
      receivedAt: at("2030-03-02T00:00:00Z"), recordedBy: byPat, createdAt: at("2030-03-01T00:00:00Z"),
      voidedAt: null, voidedBy: null, voidReason: null, kind: "PAYMENT", refundOf: null, stripe: null,
    });
    assert.deepEqual((await store.listPayments(booking._id)).map((p) => p._id), [earlier._id, later._id]);
    assert.deepEqual(await store.listPayments("not-a-uuid"), []);
  });

  await t.step("a recorder whose account is gone is kept by name and e-mail", async () => {
    const gone = { adminId: crypto.randomUUID(), name: "Former Staff", email: "former@example.com" };
    const saved = await store.transaction((tx) => tx.ledger.insert(payment({ recordedBy: gone })));
    assert.deepEqual(saved.recordedBy, { ...gone, adminId: null });
  });

  await t.step("void stamps who, when and why, once", async () => {
    const [first] = await store.listPayments(booking._id);
    const voiding = { at: at("2030-03-03T00:00:00Z"), by: byPat, reason: "Card charge reversed" };
    const voided = await store.transaction((tx) => tx.ledger.void(first._id, voiding));
    assert.deepEqual([voided.voidedAt, voided.voidedBy, voided.voidReason], [voiding.at, byPat, "Card charge reversed"]);
    await assert.rejects(store.transaction((tx) => tx.ledger.void(first._id, voiding)));
  });

  await t.step("saveState writes the booking's derived columns", async () => {
    const paidAt = at("2030-03-02T00:00:00Z");
    const after = await store.transaction((tx) => tx.ledger.saveState(booking._id, { paymentStatus: "PAID", totalPaid: 220.35, paidAt }, paidAt));
    assert.deepEqual([after.paymentStatus, after.totalPaid, after.paidAt], ["PAID", 220.35, paidAt]);
    const cleared = await store.transaction((tx) => tx.ledger.saveState(booking._id, { paymentStatus: "UNPAID", totalPaid: null, paidAt: null }, paidAt));
    assert.deepEqual([cleared.paymentStatus, cleared.totalPaid, cleared.paidAt], ["UNPAID", null, null]);
  });

  await t.step("a returned failure rolls the payment back; lockById is null for unknown ids", async () => {
    const before = (await store.listPayments(booking._id)).length;
    const result = await store.transaction(async (tx) => {
      assert.equal((await tx.lockById(booking._id))?._id, booking._id);
      assert.equal(await tx.lockById("nope"), null);
      assert.equal(await tx.lockById(crypto.randomUUID()), null);
      await tx.ledger.insert(payment({}));
      return err(notFound("Booking"));
    });
    assert.equal(result.ok, false);
    assert.equal((await store.listPayments(booking._id)).length, before);
  });

  await t.step("the database refuses what the ledger never holds: 0, negative, an unknown method", async () => {
    for (const bad of [{ amount: 0 }, { amount: -5 }, { method: "CHEQUE" as never }]) {
      await assert.rejects(store.transaction((tx) => tx.ledger.insert(payment(bad))), JSON.stringify(bad));
    }
  });

  await t.step("issue 30: a refund is a negative REFUND entry of a payment; one payment per Stripe session", async () => {
    const stripe = { sessionId: "cs_store_1", paymentIntentId: "pi_store_1", refundId: null };
    const paid = await store.transaction((tx) => tx.ledger.insert(payment({ amount: 80, method: "CARD", stripe })));
    assert.deepEqual([paid.kind, paid.refundOf, paid.stripe], ["PAYMENT", null, stripe]);
    const refund = await store.transaction((tx) =>
      tx.ledger.insert(payment({
        amount: -30.05, method: "CARD", kind: "REFUND", refundOf: paid._id,
        stripe: { sessionId: null, paymentIntentId: "pi_store_1", refundId: "re_store_1" },
      }))
    );
    assert.deepEqual([refund.amount, refund.kind, refund.refundOf, refund.stripe?.refundId], [-30.05, "REFUND", paid._id, "re_store_1"]);
    for (const bad of [
      { amount: -5, kind: "REFUND" as const },
      { amount: 5, kind: "REFUND" as const, refundOf: paid._id },
      { amount: -5, kind: "PAYMENT" as const, refundOf: paid._id },
      { amount: 80, method: "CARD" as const, stripe },
    ]) {
      await assert.rejects(store.transaction((tx) => tx.ledger.insert(payment(bad))), JSON.stringify(bad));
    }
  });
});

describeOnTargets("migration 008: each amount paid before the ledger becomes one payment", async (t, db) => {
  const sql = db.sql;
  // Back to the schema before 008, with bookings paid the old way.
  await sql`drop table booking_payments`;
  await sql`delete from schema_migrations where version = 8`;
  const admin = await makeAdminStore(sql).insert({ name: "Pat Office", email: "pat@example.com", role: "admin", passwordHash: "x" });
  const full = await storeSample(db, {});
  const short = await storeSample(db, {});
  const zero = await storeSample(db, {});
  const unpaid = await storeSample(db, {});
  const paidAt = at("2030-03-01T02:00:00Z");
  await sql`update bookings set payment_status = 'PAID', total_paid = first_service_total, paid_at = ${paidAt} where id = ${full._id}`;
  await sql`update bookings set payment_status = 'PAID', total_paid = 200, paid_at = ${paidAt} where id = ${short._id}`;
  await sql`update bookings set payment_status = 'PAID', total_paid = 0, paid_at = ${paidAt} where id = ${zero._id}`;
  await sql`insert into audit_log (admin_id, admin_email, action, entity, entity_id, after)
            values (${admin._id}, ${admin.email}, 'booking.confirm_payment', 'booking', ${full._id}, '{}')`;

  const all = await loadMigrations();
  assert.deepEqual(await migrate(sql, all), [8]);

  const payments = await sql<{ booking_id: string; amount: string; method: string; note: string; received_at: Date; recorded_by_admin_id: string | null; recorded_by_name: string; recorded_by_email: string }[]>`
    select booking_id, amount, method, note, received_at, recorded_by_admin_id, recorded_by_name, recorded_by_email
      from booking_payments order by amount desc`;
  await t.step("one OTHER payment per amount, at paid_at, credited to who confirmed it where the audit log says", () => {
    assert.deepEqual(payments.map((p) => [p.booking_id, Number(p.amount), p.method, p.note, new Date(p.received_at).toISOString()]), [
      [full._id, full.firstServiceTotal, "OTHER", "Recorded before the payment ledger", paidAt.toISOString()],
      [short._id, 200, "OTHER", "Recorded before the payment ledger", paidAt.toISOString()],
    ]);
    assert.deepEqual([payments[0].recorded_by_admin_id, payments[0].recorded_by_name, payments[0].recorded_by_email], [admin._id, "Pat Office", "pat@example.com"]);
    assert.deepEqual([payments[1].recorded_by_admin_id, payments[1].recorded_by_name, payments[1].recorded_by_email], [null, "", ""]);
  });

  await t.step("the bookings' derived state follows the ledger", async () => {
    const rows = await sql<{ id: string; payment_status: string; total_paid: string | null; paid_at: Date | null }[]>`
      select id, payment_status, total_paid, paid_at from bookings`;
    const state = Object.fromEntries(rows.map((r) => [r.id, [r.payment_status, r.total_paid === null ? null : Number(r.total_paid), r.paid_at && new Date(r.paid_at).toISOString()]]));
    assert.deepEqual(state[full._id], ["PAID", full.firstServiceTotal, paidAt.toISOString()]);
    assert.deepEqual(state[short._id], ["UNPAID", 200, null], "A$200 against the total is not PAID");
    assert.deepEqual(state[zero._id], ["UNPAID", null, null], "A$0 was no payment");
    assert.deepEqual(state[unpaid._id], ["UNPAID", null, null]);
  });
});
