import assert from "node:assert/strict";
import type { Database } from "./db.ts";
import type { TestDatabase } from "./test-db.ts";
import { makeBookingReader, makeBookingTransactor } from "./booking-repository.ts";
import type { NewBookingRecord } from "../../core/booking/types.ts";
import { capacityWindow, isSlotBlocked } from "../../core/booking/capacity.ts";
import { err, ok } from "../../core/shared/result.ts";
import { SLOT_UNAVAILABLE } from "../../core/booking/create-booking.ts";

export const sampleRecord = (overrides: Partial<NewBookingRecord> = {}): NewBookingRecord => {
  const startTime = overrides.startTime ?? new Date("2030-03-05T23:00:00Z");
  return {
    type: "BOOKING",
    status: "PENDING",
    paymentStatus: "UNPAID",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412345678",
    address: {
      unit: "4",
      street: "12 Smith St",
      suburb: "Fitzroy",
      state: "VIC",
      postCode: "3065",
    },
    serviceId: null,
    serviceNameAtBooking: "Hourly Cleaning",
    pricingModel: "HOURLY",
    hours: 2.5,
    bedrooms: null,
    frequencyCode: "WEEKLY",
    frequencyNameAtBooking: "Weekly",
    frequencyDiscountPercent: 15,
    discountPercent: 15,
    startTime,
    endTime: new Date(startTime.getTime() + 2.5 * 3_600_000),
    extras: [
      {
        extraId: crypto.randomUUID(),
        titleAtBooking: "Inside oven",
        quantity: 1,
        priceAtBooking: 45,
      },
      {
        extraId: crypto.randomUUID(),
        titleAtBooking: "Interior windows",
        quantity: 3,
        priceAtBooking: 12.5,
      },
    ],
    answers: [
      {
        questionId: crypto.randomUUID(),
        label: "How will we get in?",
        value: "lockbox",
        displayValue: "Lockbox",
      },
      {
        questionId: crypto.randomUUID(),
        label: "Any pets at home?",
        value: ["dog", "cat"],
        displayValue: "Dog, Cat",
      },
    ],
    notes: "Gate code 1234",
    baseAmount: 137.5,
    extrasAmount: 82.5,
    firstServiceTotal: 220,
    recurringTotal: 187,
    totalPaid: null,
    paidAt: null,
    ...overrides,
  };
};


/** The capacity decision exactly as the booking use case makes it: lock, read, decide, insert. */
const attemptBooking = (db: Database, record: NewBookingRecord, maxConcurrentPerSlot: number) =>
  makeBookingTransactor(db.sql).run(async (tx) => {
    const settings = { slotBufferMin: 120, maxConcurrentPerSlot, enforceBuffer: true };
    await tx.lockCapacity();
    const window = capacityWindow(record.startTime, settings);
    const starts = await tx.capacityStartsBetween(window.from, window.to);
    if (isSlotBlocked(record.startTime, starts, settings)) return err(SLOT_UNAVAILABLE);
    return ok(await tx.insertBooking(record));
  });

const countBookings = async (db: Database) =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0].n;

export async function bookingContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  await t.step("a booking round-trips with its extras, answers and exact amounts", async () => {
    const record = sampleRecord();
    const stored = await makeBookingTransactor(db.sql).run((tx) => tx.insertBooking(record));
    assert.match(stored._id, /^[0-9a-f-]{36}$/);
    assert.ok(stored.createdAt instanceof Date);
    const { _id, createdAt, ...rest } = (await makeBookingReader(db.sql).getById(stored._id))!;
    assert.deepEqual(rest, record);
    assert.equal(_id, stored._id);
    assert.ok(createdAt.getTime() <= Date.now() + 1000);
    await db.sql`delete from bookings`;
  });

  await t.step("a failure after the booking insert leaves nothing behind", async () => {
    const before = await countBookings(db);
    await assert.rejects(
      makeBookingTransactor(db.sql).run(async (tx) => {
        await tx.insertBooking(sampleRecord());
        await tx.enqueueEmail({
          kind: "booking-confirmation",
          to: "a@b.co",
          subject: "s",
          text: "t",
        });
        // An e-mail row that breaks a constraint, after the booking and a good e-mail.
        await tx.enqueueEmail({
          kind: null as unknown as string,
          to: "a@b.co",
          subject: "s",
          text: "t",
        });
      }),
    );
    assert.equal(await countBookings(db), before);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`;
    assert.equal(n, 0);
    assert.equal((await db.sql`select 1 from booking_extras`).length, 0);
  });

  await t.step("a returned failure rolls back too", async () => {
    const result = await makeBookingTransactor(db.sql).run(async (tx) => {
      await tx.insertBooking(sampleRecord());
      return err(SLOT_UNAVAILABLE);
    });
    assert.equal(result.ok, false);
    assert.equal(await countBookings(db), 0);
  });

  await t.step("the booking and its e-mail commit together", async () => {
    const result = await makeBookingTransactor(db.sql).run(async (tx) => {
      const booking = await tx.insertBooking(sampleRecord());
      await tx.enqueueEmail({
        kind: "booking-confirmation",
        to: booking.email,
        subject: "Your booking",
        text: "Thanks",
        attachments: [{
          filename: "booking.ics",
          contentType: "text/calendar",
          content: "BEGIN:VCALENDAR",
        }],
        relatedId: booking._id,
      });
      return ok(booking);
    });
    assert.equal(result.ok, true);
    const rows = await db.sql`select related_id, attachments from email_outbox`;
    assert.equal(rows.length, 1);
    assert.equal(rows[0].attachments[0].filename, "booking.ics");
    await db.sql`delete from bookings`;
    await db.sql`delete from email_outbox`;
  });

  await t.step("N parallel attempts for the last place produce exactly one booking", async () => {
    const start = new Date("2030-04-02T00:00:00Z");
    // One place already taken out of two, by a booking 60 minutes earlier (inside the buffer).
    await attemptBooking(db, sampleRecord({ startTime: new Date(start.getTime() - 3_600_000) }), 2);
    // A second pool on the same database stands in for a second API process.
    const other = await db.openAnother(5);
    try {
      const attempts = Array.from(
        { length: 20 },
        (_, i) =>
          attemptBooking(
            i % 2 ? other : db,
            sampleRecord({ startTime: start, email: `c${i}@example.com` }),
            2,
          ),
      );
      const results = await Promise.all(attempts);
      assert.equal(results.filter((r) => r.ok).length, 1);
      assert.equal(results.filter((r) => !r.ok && r.error.code === "SLOT_UNAVAILABLE").length, 19);
      assert.equal(await countBookings(db), 2);
    } finally {
      await other.close();
    }
  });

  await t.step("cancelled bookings and quotes hold no place", async () => {
    await db.sql`delete from bookings`;
    const start = new Date("2030-05-07T00:00:00Z");
    await attemptBooking(db, sampleRecord({ startTime: start, status: "CANCELLED" }), 1);
    await attemptBooking(
      db,
      sampleRecord({ startTime: start, type: "QUOTE", status: "QUOTE_REQUESTED" }),
      1,
    );
    const third = await attemptBooking(db, sampleRecord({ startTime: start }), 1);
    assert.equal(third.ok, true);
    const fourth = await attemptBooking(db, sampleRecord({ startTime: start }), 1);
    assert.equal(fourth.ok, false);
  });
}
