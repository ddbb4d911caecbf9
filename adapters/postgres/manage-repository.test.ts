/** The manage-my-booking store's contract, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import assert from "node:assert/strict";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "./test-db.ts";
import { storeSample } from "./booking.contract.ts";
import { makeManageStore } from "./manage-repository.ts";
import { listAudit } from "./audit-repository.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { SLOT_UNAVAILABLE } from "../../core/booking/capacity/capacity.ts";
import { reservation } from "../../core/booking/capacity/reservation.ts";
import { customerAuditEntry } from "../../core/workflows/manage-booking.ts";
import type { BookingRecord, BookingStatus } from "../../core/booking/types.ts";
import { hashManageToken, newManageToken } from "../../core/booking/manage/token.ts";
import { err, ok } from "../../core/shared/result.ts";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const ONE_PLACE = { slotBufferMin: 120, maxConcurrentPerSlot: 1, enforceBuffer: true };

describeOnTargets("manage-my-booking store", async (t, db) => {
  const store = makeManageStore(db.sql);
  const start = at("2030-03-05T23:00:00Z");
  const booking = await storeSample(db, { startTime: start, endTime: new Date(start.getTime() + 3 * HOUR), status: "CONFIRMED" });
  const count = async (table: "email_outbox" | "audit_log" | "booking_access_tokens") =>
    (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0].n;

  await t.step("a token's hash opens its booking; anything else opens nothing", async () => {
    const link = newManageToken();
    await store.transaction((tx) => tx.saveManageTokenHash(booking._id, link.hash));
    assert.equal(await store.bookingIdByTokenHash(hashManageToken(link.token)), booking._id);
    assert.equal(await store.bookingIdByTokenHash(hashManageToken("B".repeat(43))), null);
    // The store keeps the hash only.
    const kept = await db.sql<{ token_hash: string }[]>`select token_hash from booking_access_tokens where booking_id = ${booking._id}`;
    assert.ok(kept.some((row) => row.token_hash === link.hash));
    assert.ok(!kept.some((row) => row.token_hash === link.token));
    assert.deepEqual(await store.getById(booking._id), await makeBookingReader(db.sql).getById(booking._id));
  });

  await t.step("lockById reads the booking; unknown and malformed ids are null", async () => {
    await store.transaction(async (tx) => {
      assert.equal((await tx.lockById(booking._id))?.reference, booking.reference);
      assert.equal(await tx.lockById(crypto.randomUUID()), null);
      assert.equal(await tx.lockById("not-a-uuid"), null);
    });
  });

  await t.step("reschedule: new times, the reminder due again, the sequence raised, the status kept", async () => {
    await db.sql`update bookings set reminder_sent_at = ${at("2030-03-04T23:00:00Z")} where id = ${booking._id}`;
    const newStart = at("2030-03-07T00:00:00Z");
    const moved = await store.transaction((tx) =>
      tx.reschedule(booking._id, { startTime: newStart, endTime: new Date(newStart.getTime() + 3 * HOUR), at: at("2030-03-01T00:00:00Z") })
    );
    assert.deepEqual([moved.startTime, moved.endTime], [newStart, new Date(newStart.getTime() + 3 * HOUR)]);
    assert.equal(moved.calendarSequence, booking.calendarSequence + 1);
    assert.equal(moved.status, "CONFIRMED");
    const [row] = await db.sql<{ reminder_sent_at: Date | null; updated_at: Date }[]>`
      select reminder_sent_at, updated_at from bookings where id = ${booking._id}`;
    assert.equal(row.reminder_sent_at, null);
    assert.deepEqual(new Date(row.updated_at), at("2030-03-01T00:00:00Z"));
  });

  await t.step("the reservation leaves out the booking being moved, and counts the others", async () => {
    const moved = (await store.getById(booking._id))!;
    // The write is a read: only the decision is under test.
    const decide = (visit: { start: Date; end: Date }) =>
      store.transaction(async (tx) => {
        const reserved = await tx.reserve(
          reservation(visit, { ...SCHEDULING_DEFAULTS, ...ONE_PLACE }, { bookingId: booking._id, audience: "customer" }),
          async () => (await tx.getById(booking._id))!,
        );
        return reserved.ok ? ok(null) : reserved;
      });
    assert.deepEqual(await decide({ start: new Date(moved.startTime.getTime() + HOUR), end: new Date(moved.endTime.getTime() + HOUR) }), ok(null));
    const other = await storeSample(db, { startTime: at("2030-03-10T23:00:00Z"), endTime: at("2030-03-11T02:00:00Z") });
    assert.deepEqual(await decide({ start: at("2030-03-11T00:00:00Z"), end: at("2030-03-11T03:00:00Z") }), err(SLOT_UNAVAILABLE));
    assert.equal((await store.capacityHoldersBetween(at("2030-03-10T00:00:00Z"), at("2030-03-12T00:00:00Z"))).length, 1);
    await db.sql`delete from bookings where id = ${other._id}`;
  });

  await t.step("a returned failure rolls back the change, its link, its e-mails and its audit row", async () => {
    const before = { outbox: await count("email_outbox"), audit: await count("audit_log"), tokens: await count("booking_access_tokens") };
    const refused = await store.transaction(async (tx) => {
      const locked = (await tx.lockById(booking._id))!;
      await tx.cancel(booking._id, { reason: "Never mind", at: at("2030-03-01T00:00:00Z") });
      await tx.saveManageTokenHash(booking._id, newManageToken().hash);
      await tx.enqueue([{ kind: "booking-cancelled", to: "ada@example.com", subject: "s", text: "t" }]);
      await tx.audit(customerAuditEntry(locked, "booking.customer_cancel", {}, {}));
      return err(SLOT_UNAVAILABLE);
    });
    assert.deepEqual(refused, err(SLOT_UNAVAILABLE));
    assert.equal((await store.getById(booking._id))?.status, "CONFIRMED");
    assert.deepEqual(
      { outbox: await count("email_outbox"), audit: await count("audit_log"), tokens: await count("booking_access_tokens") },
      before,
    );
  });

  await t.step("cancel: status, reason and sequence, with e-mails and the customer's audit row in one commit", async () => {
    const before = (await store.getById(booking._id))!;
    const cancelled = await store.transaction(async (tx) => {
      const locked = (await tx.lockById(booking._id))!;
      const after = await tx.cancel(booking._id, { reason: "Moving house", at: at("2030-03-02T00:00:00Z") });
      await tx.enqueue([{ kind: "booking-cancelled", to: after.email, subject: "Cancelled", text: "t", replyTo: "office@example.com" }]);
      await tx.audit(customerAuditEntry(locked, "booking.customer_cancel", { status: locked.status }, { status: after.status }));
      return after;
    });
    assert.deepEqual([cancelled.status, cancelled.cancelReason, cancelled.calendarSequence], ["CANCELLED", "Moving house", before.calendarSequence + 1]);
    const [mail] = await db.sql<{ kind: string; to_address: string; reply_to: string }[]>`
      select kind, to_address, reply_to from email_outbox where kind = 'booking-cancelled'`;
    assert.deepEqual({ ...mail }, { kind: "booking-cancelled", to_address: "ada@example.com", reply_to: "office@example.com" });
    // The audit log reads the customer's row back with no admin.
    const { items } = await listAudit(db.sql, { entity: "booking", entityId: booking._id, limit: 10, page: 1 });
    assert.deepEqual(items.map((row) => [row.adminId, row.adminEmail, row.action, row.after]), [
      [null, "ada@example.com", "booking.customer_cancel", { status: "CANCELLED" }],
    ]);
  });

  if (POSTGRES_TARGET && db.kind === "postgres") {
    await t.step("lockById holds the booking: a second process's change waits for the first to commit", async () => {
      const other = await db.openAnother(2);
      try {
        const otherStore = makeManageStore(other.sql);
        const order: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const first = store.transaction(async (tx) => {
          await tx.lockById(booking._id);
          order.push("first locked");
          await held;
          await tx.cancel(booking._id, { reason: "first", at: at("2030-03-03T00:00:00Z") });
          order.push("first wrote");
        });
        while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        const second = otherStore.transaction(async (tx) => {
          const seen = await tx.lockById(booking._id);
          order.push(`second saw ${seen?.cancelReason}`);
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        await Promise.all([first, second]);
        assert.deepEqual(order, ["first locked", "first wrote", "second saw first"]);
      } finally {
        await other.close();
      }
    });
  }
});

/** A weekly series by hand: its first visit on Tue 7 May 2030, 10:00 Melbourne, and one visit each week after it. */
async function weeklySeries(db: TestDatabase, later: BookingStatus[]) {
  const first = await storeSample(db, { startTime: at("2030-05-07T00:00:00Z"), endTime: at("2030-05-07T03:00:00Z"), status: "CONFIRMED" });
  const seriesId = crypto.randomUUID();
  await db.sql`
    insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                anchor_date, start_minutes, duration_minutes, template, generated_through)
    values (${seriesId}, ${first.customerId}, ${first._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-05-07', 600, 180,
            ${db.sql.json({})}, '2030-06-04')`;
  await db.sql`update bookings set series_id = ${seriesId}, series_date = '2030-05-07' where id = ${first._id}`;
  const visits: BookingRecord[] = [];
  for (const [i, status] of later.entries()) {
    const startTime = new Date(first.startTime.getTime() + (i + 1) * 7 * 24 * HOUR);
    const visit = await storeSample(db, { startTime, endTime: new Date(startTime.getTime() + 3 * HOUR), status });
    await db.sql`update bookings set series_id = ${seriesId}, series_date = '2030-05-07'::date + ${(i + 1) * 7}::int where id = ${visit._id}`;
    visits.push(visit);
  }
  return { seriesId, first, visits };
}

describeOnTargets("manage-my-booking store: a visit of a regular clean", async (t, db) => {
  const store = makeManageStore(db.sql);
  const { seriesId, first, visits } = await weeklySeries(db, ["CONFIRMED", "PENDING", "NEEDS_ATTENTION", "PENDING"]);
  const oneOff = await storeSample(db, { startTime: at("2030-05-08T00:00:00Z"), endTime: at("2030-05-08T02:00:00Z") });

  await t.step("seriesFacts, outside and inside a transaction: how often, the state, the next place-holding visits", async () => {
    const expected = { seriesId, frequencyName: "Weekly", status: "ACTIVE", nextVisits: [visits[0], visits[1], visits[3]].map((v) => v.startTime) };
    assert.deepEqual(await store.seriesFacts(first._id), expected);
    assert.deepEqual(await store.transaction((tx) => tx.seriesFacts(first._id)), expected);
    for (const id of [oneOff._id, crypto.randomUUID(), "not-a-uuid"]) assert.equal(await store.seriesFacts(id), null, id);
  });

  await t.step("lockSeriesOf names the series of a visit; a one-off and a stranger have none", async () => {
    await store.transaction(async (tx) => {
      assert.equal(await tx.lockSeriesOf(visits[1]._id), seriesId);
      assert.equal(await tx.lockSeriesOf(oneOff._id), null);
      assert.equal(await tx.lockSeriesOf(crypto.randomUUID()), null);
      assert.equal(await tx.lockSeriesOf("not-a-uuid"), null);
    });
  });

  await t.step("a skip is the cancel: the visit keeps its series date", async () => {
    const skipped = await store.transaction((tx) => tx.cancel(visits[0]._id, { reason: "Skipped by the customer", at: at("2030-05-01T00:00:00Z") }));
    assert.deepEqual([skipped.status, skipped.cancelReason, skipped.seriesId, skipped.seriesDate], ["CANCELLED", "Skipped by the customer", seriesId, "2030-05-14"]);
    assert.deepEqual((await store.seriesFacts(first._id))?.nextVisits, [visits[1], visits[3]].map((v) => v.startTime));
  });

  await t.step("endSeries: the later standing visits as records, by start; a returned failure undoes it", async () => {
    const undone = await store.transaction(async (tx) => {
      await tx.lockSeriesOf(visits[1]._id);
      const ended = await tx.endSeries(seriesId, { fromDate: "2030-05-21", reason: "Moving interstate" });
      assert.deepEqual(ended?.map((v) => [v.reference, v.status, v.cancelReason]), [
        [visits[1].reference, "CANCELLED", "Moving interstate"],
        [visits[2].reference, "CANCELLED", "Moving interstate"],
        [visits[3].reference, "CANCELLED", "Moving interstate"],
      ]);
      return err(SLOT_UNAVAILABLE);
    });
    assert.deepEqual(undone, err(SLOT_UNAVAILABLE));
    assert.equal((await store.getById(visits[1]._id))?.status, "PENDING");
    assert.equal((await store.seriesFacts(first._id))?.status, "ACTIVE");

    const ended = await store.transaction((tx) => tx.endSeries(seriesId, { fromDate: "2030-05-21", reason: "Moving interstate" }));
    assert.deepEqual(ended?.map((v) => v._id), [visits[1]._id, visits[2]._id, visits[3]._id]);
    assert.ok(ended?.every((v) => v.seriesDate !== null), "the dates stay taken");
    assert.equal((await store.getById(first._id))?.status, "CONFIRMED", "before the date: untouched");
    assert.equal((await store.seriesFacts(first._id))?.status, "ENDED");
    // Ended once: a second end finds nothing to do.
    assert.equal(await store.transaction((tx) => tx.endSeries(seriesId, { fromDate: "2030-05-07", reason: "again" })), null);
    assert.equal((await store.getById(first._id))?.status, "CONFIRMED");
  });

  if (POSTGRES_TARGET && db.kind === "postgres") {
    await t.step("lockSeriesOf holds the series: a second process's end of it waits for the first to commit", async () => {
      const other = await db.openAnother(2);
      try {
        const { seriesId: id, first: firstVisit } = await weeklySeries(db, ["PENDING"]);
        const otherStore = makeManageStore(other.sql);
        const order: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const holding = store.transaction(async (tx) => {
          await tx.lockSeriesOf(firstVisit._id);
          order.push("first locked");
          await held;
          order.push("first done");
        });
        while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        const ending = otherStore.transaction(async (tx) => {
          await tx.endSeries(id, { fromDate: "2030-05-07", reason: "x" });
          order.push("second ended");
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        await Promise.all([holding, ending]);
        assert.deepEqual(order, ["first locked", "first done", "second ended"]);
      } finally {
        await other.close();
      }
    });
  }
});
