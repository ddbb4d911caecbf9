/** Contract of the staff bookings store, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { storeSample } from "./booking.contract.ts";
import { makeBookingAdminStore } from "./booking-admin-repository.ts";
import { bookingListQuery, statsFilter } from "../../core/booking/staff/list-query.ts";
import type { NewBookingRecord } from "../../core/booking/types.ts";
import { auditEntry } from "../../core/shared/audit.ts";
import { err, notFound } from "../../core/shared/result.ts";
import { reservation } from "../../core/booking/capacity/reservation.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";

const actor = { _id: crypto.randomUUID(), email: "staff@example.com" };

describeOnTargets("booking admin store contract", async (t, db) => {
  const store = makeBookingAdminStore(db.sql);
  const insert = (overrides: Partial<NewBookingRecord>) => storeSample(db, overrides);
  const first = await insert({ firstName: "50%_Off", startTime: new Date("2030-03-01T23:00:00Z"), endTime: new Date("2030-03-02T01:00:00Z") });
  const second = await insert({ firstName: "500ff", status: "CONFIRMED", startTime: new Date("2030-03-02T23:00:00Z"), endTime: new Date("2030-03-03T01:00:00Z") });
  const quote = await insert({ type: "QUOTE", status: "QUOTE_REQUESTED", startTime: new Date("2030-03-03T23:00:00Z"), endTime: new Date("2030-03-04T01:00:00Z") });

  await t.step("search input is matched literally: % and _ are not wildcards", async () => {
    const { filter, sort } = bookingListQuery({ q: "%_" });
    assert.deepEqual((await store.listAll(filter, sort)).map((r) => r._id), [first._id]);
    const backslash = bookingListQuery({ q: "\\" });
    assert.deepEqual(await store.listAll(backslash.filter, backslash.sort), []);
  });

  await t.step("every record has its own readable reference, found however it is typed", async () => {
    const references = [first, second, quote].map((r) => r.reference);
    assert.equal(new Set(references).size, 3);
    for (const reference of references) assert.match(reference, /^YS-[2-9A-HJ-NP-Z]{6}$/);
    const typed = `${second.reference.slice(3, 6).toLowerCase()} ${second.reference.slice(6).toLowerCase()}`;
    for (const q of [second.reference, second.reference.toLowerCase(), `ys ${typed}`, second.reference.slice(3, 7)]) {
      const { filter, sort } = bookingListQuery({ q });
      assert.deepEqual((await store.listAll(filter, sort)).map((r) => r._id), [second._id], q);
    }
  });

  await t.step("list pages in order with ties broken by id; count agrees with listAll", async () => {
    const query = bookingListQuery({ sort: "createdAt", order: "desc" });
    const all = await store.listAll(query.filter, query.sort);
    assert.equal(all.length, 3);
    const pages = [
      ...await store.list(query.filter, query.sort, { limit: 2, offset: 0 }),
      ...await store.list(query.filter, query.sort, { limit: 2, offset: 2 }),
    ];
    assert.deepEqual(pages.map((r) => r._id), all.map((r) => r._id));
    const narrowed = bookingListQuery({ status: "CONFIRMED" });
    const { totalItems, stats } = await store.count(narrowed.filter, statsFilter(narrowed.filter));
    assert.equal(totalItems, 1);
    assert.deepEqual(stats, {
      status: { PENDING: 1, CONFIRMED: 1, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 1 },
      payment: { UNPAID: 3, PAID: 0 },
    });
  });

  await t.step("lockById: null for unknown and malformed ids", async () => {
    await store.transaction(async (tx) => {
      assert.equal(await tx.lockById(crypto.randomUUID()), null);
      assert.equal(await tx.lockById("not-a-uuid"), null);
      assert.equal((await tx.lockById(quote._id))?.type, "QUOTE");
    });
  });

  await t.step("a change and its audit row commit together, or neither does", async () => {
    await assert.rejects(store.transaction(async (tx) => {
      await tx.setStatus(first._id, "DONE", new Date());
      throw new Error("audit failed");
    }));
    assert.equal((await store.getById(first._id))?.status, "PENDING");
    const paidAt = new Date("2030-03-02T05:00:00Z");
    const paid = await store.transaction(async (tx) => {
      await tx.ledger.insert({
        bookingId: second._id, amount: 99.95, method: "CARD", note: "", receivedAt: paidAt,
        recordedBy: { adminId: actor._id, name: "Staff", email: actor.email }, createdAt: paidAt,
      });
      const after = await tx.ledger.saveState(second._id, { paymentStatus: "PAID", totalPaid: 99.95, paidAt }, paidAt);
      await tx.audit(auditEntry(actor, "booking.confirm_payment", "booking", second._id, null, { totalPaid: 99.95 }));
      return after;
    });
    assert.deepEqual([paid.paymentStatus, paid.totalPaid, paid.paidAt?.toISOString()], ["PAID", 99.95, paidAt.toISOString()]);
    const rows = await db.sql`select action from audit_log where entity_id = ${second._id}`;
    assert.deepEqual(rows.map((r) => r.action), ["booking.confirm_payment"]);
  });

  await t.step("a returned failure rolls the change back too", async () => {
    const result = await store.transaction(async (tx) => {
      await tx.setStatus(first._id, "DONE", new Date());
      return err(notFound("Booking"));
    });
    assert.equal(result.ok, false);
    assert.equal((await store.getById(first._id))?.status, "PENDING");
  });

  await t.step("the reservation leaves the booking itself out, counts the others holding a place", async () => {
    const visit = { start: first.startTime, end: first.endTime };
    const cancelled = await insert({ status: "CANCELLED", startTime: first.startTime, endTime: first.endTime });
    const places = (maxConcurrentPerSlot: number, bookingId: string) =>
      reservation(visit, { ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot }, { bookingId, refuseClosed: false, audience: "staff" });
    await store.transaction(async (tx) => {
      assert.deepEqual(await tx.getScheduling(), SCHEDULING_DEFAULTS);
      // Only the decision is under test: the "write" reads the booking back.
      const decide = async (r: ReturnType<typeof places>) => (await tx.reserve(r, async () => (await tx.lockById(r.bookingId!))!)).ok;
      // `first` (PENDING) holds the one place: the cancelled booking may not take it back.
      assert.equal(await decide(places(1, cancelled._id)), false);
      assert.equal(await decide(places(2, cancelled._id)), true);
      // Deciding on `first` itself never counts its own place.
      assert.equal(await decide(places(1, first._id)), true);
    });
  });
});
