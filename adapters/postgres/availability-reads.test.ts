import assert from "node:assert/strict";
import { describeOnTargets, type TestDatabase } from "./test-db.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { capacityHoldersForAdvice, makeAvailabilityReader, packedVisitsOf, visitsOf } from "./availability-reads.ts";
import { capacityWindow } from "../../core/booking/capacity/capacity.ts";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
let counter = 0;
const reference = () => {
  let n = counter++;
  let code = "";
  for (let i = 0; i < 6; i++, n = Math.floor(n / 32)) code = ALPHABET[n % 32] + code;
  return `YS-${code}`;
};

async function insertRecord(db: TestDatabase, type: "BOOKING" | "QUOTE", status: string, start: string, end: string) {
  await db.sql`
    insert into bookings (id, reference, type, status, first_name, last_name, email, phone, address_street,
                          address_suburb, address_state, address_post_code, service_name_at_booking, pricing_model,
                          frequency_code, frequency_name_at_booking, frequency_discount_percent, start_time, end_time,
                          base_amount, extras_amount, first_service_total, recurring_total)
    values (${crypto.randomUUID()}, ${reference()}, ${type}, ${status}, 'Test', 'Customer', 'test@example.com',
            '0412345678', '1 Test St', 'Carlton', 'VIC', '3053', 'Hourly Cleaning', 'HOURLY', 'ONE_TIME', 'One-time',
            0, ${start}::timestamptz, ${end}::timestamptz, 110, 0, 110, 110)`;
}

const byStart = (visits: { start: Date; end: Date }[]) =>
  visits.map((v) => [v.start.toISOString(), v.end.toISOString()]).sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

describeOnTargets("availability reads: the same visits as the reservation's read", async (t, db) => {
  const records: [type: "BOOKING" | "QUOTE", status: string, start: string, end: string][] = [
    ["BOOKING", "CONFIRMED", "2027-03-02T09:00:00+11:00", "2027-03-02T11:00:00+11:00"],
    ["BOOKING", "PENDING", "2027-03-02T08:00:00+11:00", "2027-03-02T12:30:00+11:00"],
    ["BOOKING", "DONE", "2027-03-01T16:00:00+11:00", "2027-03-01T18:00:00+11:00"],
    // Microseconds: kept to the millisecond, as the driver's own parse keeps them.
    ["BOOKING", "CONFIRMED", "2027-03-03T10:15:30.123456+11:00", "2027-03-03T12:15:30.999999+11:00"],
    // Two visits at the same start.
    ["BOOKING", "CONFIRMED", "2027-03-02T09:00:00+11:00", "2027-03-02T10:00:00+11:00"],
    // None of these holds a place.
    ["BOOKING", "CANCELLED", "2027-03-02T10:00:00+11:00", "2027-03-02T12:00:00+11:00"],
    ["BOOKING", "NEEDS_ATTENTION", "2027-03-02T13:00:00+11:00", "2027-03-02T15:00:00+11:00"],
    ["QUOTE", "QUOTE_REQUESTED", "2027-03-02T14:00:00+11:00", "2027-03-02T16:00:00+11:00"],
    // Outside the range.
    ["BOOKING", "CONFIRMED", "2027-02-27T09:00:00+11:00", "2027-02-27T11:00:00+11:00"],
    ["BOOKING", "CONFIRMED", "2027-03-05T09:00:00+11:00", "2027-03-05T11:00:00+11:00"],
  ];
  for (const record of records) await insertRecord(db, ...record);
  const reader = makeBookingReader(db.sql);

  await t.step("a range, its bounds inclusive, as the reservation's read sees it", async () => {
    const ranges: [string, string][] = [
      ["2027-03-01T00:00:00+11:00", "2027-03-04T00:00:00+11:00"],
      // Exactly on a start at each end.
      ["2027-03-01T16:00:00+11:00", "2027-03-02T09:00:00+11:00"],
      ["2027-03-03T10:15:30.123+11:00", "2027-03-03T10:15:30.124+11:00"],
    ];
    for (const [from, to] of ranges) {
      const expected = byStart(await reader.capacityHoldersBetween(new Date(from), new Date(to)));
      const fast = await capacityHoldersForAdvice(db.sql, new Date(from), new Date(to));
      assert.deepEqual(byStart(fast), expected, `${from}..${to}`);
    }
    const all = await capacityHoldersForAdvice(db.sql, new Date("2027-03-01T00:00:00+11:00"), new Date("2027-03-04T00:00:00+11:00"));
    assert.equal(all.length, 5);
    assert.ok(all.some((visit) => visit.end.toISOString() === "2027-03-03T01:15:30.999Z"));
  });

  await t.step("with a claim's window, only the visits that can count", async () => {
    // A 2-hour visit at 10:00 on the 2nd with a 120-minute buffer: the 16:00 visit of the 1st ended
    // long before (left out); the 08:00 one starts a whole buffer before but runs to 12:30 (kept);
    // the two 09:00 ones start within the buffer (kept).
    const start = new Date("2027-03-02T10:00:00+11:00");
    const window = capacityWindow({ start, end: new Date(start.getTime() + 120 * 60_000) }, { slotBufferMin: 120 });
    const relevant = await capacityHoldersForAdvice(db.sql, window.from, window.to, window);
    assert.deepEqual(byStart(relevant).map(([from]) => from), [
      "2027-03-01T21:00:00.000Z",
      "2027-03-01T22:00:00.000Z",
      "2027-03-01T22:00:00.000Z",
    ]);
    const everything = await capacityHoldersForAdvice(db.sql, window.from, window.to);
    assert.equal(everything.length, 4, "the 16:00 visit of the day before is in the window itself");
  });

  await t.step("the reader batches reads asked while others run, each with its own answer", async () => {
    let statements = 0;
    // sql.unsafe only makes the place-holding statuses' fragment (booking-columns.ts): no statement.
    const counting = Object.assign((strings: TemplateStringsArray, ...values: unknown[]) => {
      statements++;
      return (db.sql as unknown as (s: TemplateStringsArray, ...v: unknown[]) => unknown)(strings, ...values);
    }, { unsafe: db.sql.unsafe }) as unknown as typeof db.sql;
    const reader = makeAvailabilityReader(counting, { inFlight: 1 });
    const asks: [string, string][] = [
      ["2027-03-01T00:00:00+11:00", "2027-03-04T00:00:00+11:00"],
      ["2027-03-02T08:00:00+11:00", "2027-03-02T09:00:00+11:00"],
      ["2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"],
      ["2027-03-03T10:15:30.123+11:00", "2027-03-03T10:15:30.124+11:00"],
    ];
    const start = new Date("2027-03-02T10:00:00+11:00");
    const window = capacityWindow({ start, end: new Date(start.getTime() + 120 * 60_000) }, { slotBufferMin: 120 });
    const [answers, packed] = await Promise.all([
      Promise.all([
        ...asks.map(([from, to]) => reader.capacityHoldersBetween(new Date(from), new Date(to))),
        reader.capacityHoldersBetween(window.from, window.to, window),
      ]),
      reader.packedHoldersBetween(new Date(asks[0][0]), new Date(asks[0][1])),
    ]);
    assert.equal(statements, 2, "the first read alone, the other five together");
    assert.deepEqual(
      byStart([...packed.starts].map((start, i) => ({ start: new Date(start), end: new Date(packed.ends[i]) }))),
      byStart(answers[0]),
      "the calendar's packed read: the same visits",
    );
    for (const [i, [from, to]] of asks.entries()) {
      assert.deepEqual(byStart(answers[i]), byStart(await capacityHoldersForAdvice(db.sql, new Date(from), new Date(to))), `${from}..${to}`);
    }
    assert.deepEqual(byStart(answers[4]), byStart(await capacityHoldersForAdvice(db.sql, window.from, window.to, window)));
    assert.equal(answers[4].length, 3);
  });

  await t.step("no visits: an empty list", async () => {
    assert.deepEqual(await capacityHoldersForAdvice(db.sql, new Date("2030-01-01T00:00:00Z"), new Date("2030-02-01T00:00:00Z")), []);
  });
});

/** Visits as PostgreSQL's float8send writes them: big-endian doubles, start and end in turn. */
const bytesOf = (pairs: number[][]) => {
  const view = new DataView(new ArrayBuffer(pairs.length * 16));
  pairs.flat().forEach((ms, i) => view.setFloat64(i * 8, ms));
  return new Uint8Array(view.buffer);
};

Deno.test("visitsOf reads the milliseconds exactly, before 1970 too, and at an offset in a larger buffer", () => {
  const pairs = [[1_795_689_304_566, 1_795_689_311_766], [-86_400_000, 0], [0, 1], [253_402_300_799_999, 253_402_300_800_000]];
  const visits = visitsOf(bytesOf(pairs));
  assert.deepEqual(visits.map((v) => [v.start.getTime(), v.end.getTime()]), pairs);
  // A view into a larger buffer (the bytes a decoder hands over need not start at its offset 0).
  const inside = new Uint8Array(8 + 64 + 8);
  inside.set(bytesOf(pairs), 8);
  assert.deepEqual(visitsOf(inside.subarray(8, 72)).map((v) => [v.start.getTime(), v.end.getTime()]), pairs);
  assert.deepEqual(visitsOf(null), []);
  assert.deepEqual(visitsOf(new Uint8Array(0)), []);
});

Deno.test("packedVisitsOf: the same visits as visitsOf, packed into arrays of their size", () => {
  const pairs = [[1_795_689_304_566, 1_795_689_311_766], [-86_400_000, 0], [0, 1], [253_402_300_799_999, 253_402_300_800_000]];
  const packed = packedVisitsOf(bytesOf(pairs));
  assert.deepEqual([...packed.starts], pairs.map(([start]) => start));
  assert.deepEqual([...packed.ends], pairs.map(([, end]) => end));
  for (const empty of [null, new Uint8Array(0)]) {
    const none = packedVisitsOf(empty);
    assert.equal(none.starts.length + none.ends.length, 0);
  }
});
