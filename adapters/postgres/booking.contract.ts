import { emptyOfficeText } from "../../core/booking/text-fields.ts";
import { newManageToken } from "../../core/booking/manage/token.ts";
import assert from "node:assert/strict";
import type { Database } from "./db.ts";
import type { TestDatabase } from "./test-db.ts";
import { makeBookingReader, makeBookingStore } from "./booking-repository.ts";
import { reserveOneOff } from "./booking-write.ts";
import { makeCatalogReader } from "./catalog-repository.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { seedDemoData } from "./seed.ts";
import { DEMO_QUESTIONS, DEMO_SERVICE_IDS } from "./demo-data.ts";
import type { BookingRecord, NewBookingRecord } from "../../core/booking/types.ts";
import type { CapacityClaim, EmailsFor } from "../../core/booking/ports.ts";
import { capacityClaim } from "../../core/booking/capacity/capacity.ts";
import { reservation, type Reservation } from "../../core/booking/capacity/reservation.ts";
import { makeClosedDatesStore } from "./closed-dates-repository.ts";
import { makeCreateBooking } from "../../core/workflows/create-booking.ts";
import { bookingDraftSchema } from "../../core/booking/draft/validation.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import { err, ok, type Result } from "../../core/shared/result.ts";
import { SLOT_UNAVAILABLE } from "../../core/booking/capacity/capacity.ts";

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


/** A claim that always admits: for steps about storage, not capacity. */
/** A capacity claim that always admits the booking. */
const roomToSpareClaim: CapacityClaim = {
  window: { from: new Date(0), to: new Date(0), startsAfter: new Date(0), endsAfter: new Date(0) },
  lockSpan: { from: new Date(0), to: new Date(0) },
  decide: () => ok(null),
};

/** The reservation of `record`'s visit under `claim` (by default, room to spare; no closed day refused). */
const reservationOf = (record: Pick<NewBookingRecord, "startTime" | "endTime">, claim: CapacityClaim = roomToSpareClaim): Reservation => ({
  ...reservation({ start: record.startTime, end: record.endTime }, SCHEDULING_DEFAULTS, { audience: "customer", refuseClosed: false }),
  capacity: claim,
});

/** A fresh manage-my-booking token's hash, as the use case gives the store. */
const sampleAccess = () => ({ manageTokenHash: newManageToken().hash });

/** Stores `record` as the use case does: a quote plainly, a booking through a reservation. */
export async function storeRecord(
  db: Database,
  record: NewBookingRecord,
  { claim = roomToSpareClaim, emailsFor = () => [] }: { claim?: CapacityClaim; emailsFor?: EmailsFor } = {},
): Promise<Result<BookingRecord>> {
  const store = makeBookingStore(db.sql);
  return record.type === "QUOTE"
    ? ok(await store.insertQuote({ ...record, type: "QUOTE" }, emailsFor, sampleAccess()))
    : await store.reserve({ ...record, type: "BOOKING" }, reservationOf(record, claim), emailsFor, sampleAccess());
}

/** A sample record, stored with room to spare. */
export async function storeSample(db: Database, overrides: Partial<NewBookingRecord> = {}): Promise<BookingRecord> {
  const stored = await storeRecord(db, sampleRecord(overrides));
  if (!stored.ok) throw new Error(stored.error.message);
  return stored.value;
}

/** The capacity rule with a 2-hour buffer and `maxConcurrentPerSlot` places. */
const attemptBooking = (db: Database, record: NewBookingRecord, maxConcurrentPerSlot: number) =>
  storeRecord(db, record, {
    claim: capacityClaim(record.startTime, { slotBufferMin: 120, maxConcurrentPerSlot, enforceBuffer: true }),
  });

/** Sunday 22 Nov 2026 in Melbourne: Friday 27 Nov is bookable. */
const RACE_CLOCK = { now: () => new Date("2026-11-22T00:00:00Z") };
const accessQuestion = DEMO_QUESTIONS.find((q) => q.scope === "GLOBAL" && q.required && q.type === "SINGLE")!;

/**
 * Holds each attempt, validated and priced, until all `runners` are ready, so their reservations
 * overlap instead of trickling in behind the reads (10 s at most, should one never arrive).
 */
function startLine(runners: number): () => Promise<void> {
  let ready = 0;
  let go!: () => void;
  const allReady = new Promise<void>((resolve) => (go = resolve));
  const timer = setTimeout(go, 10_000);
  return async () => {
    if (++ready === runners) {
      clearTimeout(timer);
      go();
    }
    await allReady;
  };
}

/** The booking use case itself, on one pool (one API process), with one e-mail per record. */
const bookingUseCaseOn = (pool: Database, beforeReserving: () => Promise<void> = async () => {}) =>
  makeCreateBooking({
    catalog: makeCatalogReader(pool.sql),
    settings: makeSettingsStore(pool.sql),
    closedDates: makeClosedDatesStore(pool.sql),
    bookings: makeBookingStore(pool.sql),
    clock: RACE_CLOCK,
    // The last step before the reservation: where the start line holds each attempt.
    prepareEmails: async () => {
      await beforeReserving();
      return (stored) => [{
        kind: "booking-confirmation",
        to: stored.email,
        subject: "Your booking",
        text: "Thanks",
        relatedId: stored._id,
      }];
    },
  });

/** A customer's body as the API hands it to the use case: parsed with the request schema. */
const customerDraft = (startTimeISO: string, email: string, frequencyCode = "WEEKLY") => bookingDraftSchema.parse({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  phone: "0412 345 678",
  address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  serviceId: DEMO_SERVICE_IDS.hourly,
  hours: 3,
  extras: [],
  startTimeISO,
  frequencyCode,
  answers: [{ questionId: accessQuestion._id, value: accessQuestion.options[0].value }],
});

/** Bookings and quotes as made: a weekly booking's later visits (planned with it, issue 28) are its series'. */
const countBookings = async (db: Database) =>
  (await db.sql<{ n: number }[]>`
    select count(*)::int as n from bookings b
     where b.series_id is null or b.id in (select first_booking_id from booking_series)`)[0].n;

export async function bookingContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  await t.step("a booking round-trips with its extras, answers and exact amounts", async () => {
    const record = sampleRecord();
    const stored = await storeSample(db, record);
    assert.match(stored._id, /^[0-9a-f-]{36}$/);
    assert.ok(stored.createdAt instanceof Date);
    const { _id, createdAt, reference, cancelReason, calendarSequence, cleanerIds, customerId, seriesId, seriesDate, ...read } =
      (await makeBookingReader(db.sql).getById(stored._id))!;
    // A read names every text field; the office's are empty until staff write them.
    assert.deepEqual(read, { ...emptyOfficeText(), ...record });
    // The store attaches the customer record (issue 17); a booking stored without a series is a one-off.
    assert.match(customerId ?? "", /^[0-9a-f-]{36}$/);
    assert.deepEqual([seriesId, seriesDate], [null, null]);
    assert.deepEqual(cleanerIds, [], "a new booking has no one on it yet");
    assert.match(reference, /^YS-[2-9A-HJ-NP-Z]{6}$/);
    assert.equal(reference, stored.reference);
    assert.equal(cancelReason, "");
    assert.equal(calendarSequence, 0);
    const [{ tokens }] = await db.sql<{ tokens: number }[]>`
      select count(*)::int as tokens from booking_access_tokens where booking_id = ${_id}`;
    assert.equal(tokens, 1, "the hash of the manage-my-booking token of its first e-mail");
    assert.equal(_id, stored._id);
    assert.ok(createdAt.getTime() <= Date.now() + 1000);
    await db.sql`delete from bookings`;
  });

  await t.step("a failure after the booking insert leaves nothing behind", async () => {
    const before = await countBookings(db);
    await assert.rejects(
      storeRecord(db, sampleRecord(), {
        // An e-mail row that breaks a constraint, after the booking and a good e-mail.
        emailsFor: () => [
          { kind: "booking-confirmation", to: "a@b.co", subject: "s", text: "t" },
          { kind: null as unknown as string, to: "a@b.co", subject: "s", text: "t" },
        ],
      }),
    );
    assert.equal(await countBookings(db), before);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`;
    assert.equal(n, 0);
    assert.equal((await db.sql`select 1 from booking_extras`).length, 0);
  });

  await t.step("a returned failure rolls back too", async () => {
    // The decision refuses under the lock: the reservation returns its failure, storing nothing.
    const result = await storeRecord(db, sampleRecord(), {
      claim: { ...roomToSpareClaim, decide: () => err(SLOT_UNAVAILABLE) },
    });
    assert.equal(result.ok, false);
    assert.equal(await countBookings(db), 0);
  });

  await t.step("the booking and its e-mail commit together", async () => {
    const result = await storeRecord(db, sampleRecord(), {
      emailsFor: (booking) => [{
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
      }],
    });
    assert.equal(result.ok, true);
    const rows = await db.sql`select related_id, attachments from email_outbox`;
    assert.equal(rows.length, 1);
    assert.equal(rows[0].attachments[0].filename, "booking.ics");
    await db.sql`delete from bookings`;
    await db.sql`delete from email_outbox`;
  });

  // A one-off reserves in two pipelined round trips (reserveOneOff), a weekly clean in the
  // transaction that also starts its series: both race here, on two pools at once.
  for (const [frequencyCode, firstAt, racedAt, stored] of [["ONE_TIME", "09:00", "10:00", 2], ["WEEKLY", "13:00", "14:00", 4]] as const) {
    await t.step(`N parallel attempts for the last place produce exactly one booking (${frequencyCode})`, async () => {
      await seedDemoData(db.sql);
      await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 2 });
      // One place already taken out of two, by a booking 60 minutes earlier (inside the buffer).
      const first = await bookingUseCaseOn(db)(customerDraft(`2026-11-27T${firstAt}:00+11:00`, `first-${frequencyCode}@example.com`, frequencyCode), "BOOKING");
      assert.equal(first.ok, true);
      // A second pool on the same database stands in for a second API process.
      const other = await db.openAnother(5);
      try {
        const atStartLine = startLine(20);
        const processes = [bookingUseCaseOn(db, atStartLine), bookingUseCaseOn(other, atStartLine)];
        const attempts = Array.from(
          { length: 20 },
          (_, i) => processes[i % 2](customerDraft(`2026-11-27T${racedAt}:00+11:00`, `c${i}-${frequencyCode}@example.com`, frequencyCode), "BOOKING"),
        );
        const results = await Promise.all(attempts);
        assert.equal(results.filter((r) => r.ok).length, 1);
        assert.equal(results.filter((r) => !r.ok && r.error.code === "SLOT_UNAVAILABLE").length, 19);
        assert.equal(await countBookings(db), stored);
        const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`;
        assert.equal(n, stored, "one e-mail per stored booking, none for a refused one");
      } finally {
        await other.close();
      }
    });
  }

  await t.step("a reference already taken is drawn again; nothing of the first draw is kept", async () => {
    const [{ reference }] = await db.sql<{ reference: string }[]>`select reference from bookings limit 1`;
    const draws = [reference, reference, "YS-ZZZZ22"];
    const before = await countBookings(db);
    const [{ customers }] = await db.sql<{ customers: number }[]>`select count(*)::int as customers from customers`;
    const clash = sampleRecord({ email: "clash@example.com", startTime: new Date("2030-06-04T00:00:00Z") });
    const result = await reserveOneOff(db.sql, reservationOf(clash), {
      record: clash,
      manageTokenHash: sampleAccess().manageTokenHash,
      emailsFor: (booking) => [{ kind: "booking-confirmation", to: booking.email, subject: booking.reference, text: "t", relatedId: booking._id }],
    }, () => draws.shift()!);
    assert.equal(result.ok && result.value.reference, "YS-ZZZZ22");
    assert.equal(await countBookings(db), before + 1);
    const [{ after }] = await db.sql<{ after: number }[]>`select count(*)::int as after from customers`;
    assert.equal(after, customers + 1, "one customer record, not one per draw");
    const mail = await db.sql`select subject from email_outbox where to_address = 'clash@example.com'`;
    assert.deepEqual(mail.map((m) => m.subject), ["YS-ZZZZ22"], "the e-mail quotes the reference kept");
  });

  await t.step("cancelled bookings and quotes hold no place", async () => {
    // The weekly bookings above started series (issue 17), which point at their first visits.
    await db.sql`update bookings set series_id = null`;
    await db.sql`delete from booking_series`;
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
