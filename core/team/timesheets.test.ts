import assert from "node:assert/strict";
import fc from "fast-check";
import { scheduledMinutesOf, type TimesheetEntryFacts, timesheetCsv, timesheetsOf, workedMinutesOf } from "./timesheets.ts";
import { isLateCheckIn } from "./rules.ts";

const MINUTE = 60_000;
/** Sat 28 Nov 2026, 9:00 am Melbourne. */
const NINE = new Date("2026-11-27T22:00:00Z");
const plus = (minutes: number, from = NINE) => new Date(from.getTime() + minutes * MINUTE);

const entry = (overrides: Partial<TimesheetEntryFacts>): TimesheetEntryFacts => ({
  cleanerId: "c1",
  cleanerName: "Priya Sharma",
  bookingId: "b1",
  reference: "YS-AAAA11",
  start: NINE,
  end: plus(180),
  checkIn: null,
  checkOut: null,
  ...overrides,
});

Deno.test("worked minutes: whole minutes of complete pairs only", () => {
  assert.equal(workedMinutesOf({ checkIn: NINE, checkOut: plus(90) }), 90);
  // 89 minutes and 59 seconds is 89 whole minutes.
  assert.equal(workedMinutesOf({ checkIn: NINE, checkOut: new Date(plus(90).getTime() - 1000) }), 89);
  assert.equal(workedMinutesOf({ checkIn: NINE, checkOut: null }), 0);
  assert.equal(workedMinutesOf({ checkIn: null, checkOut: null }), 0);
  assert.equal(scheduledMinutesOf({ start: NINE, end: plus(150) }), 150);
});

Deno.test("timesheets: per cleaner by name, jobs by start, the sums", () => {
  const sheets = timesheetsOf([
    entry({ bookingId: "b2", reference: "YS-BBBB22", start: plus(300), end: plus(420), checkIn: plus(308), checkOut: plus(421) }),
    entry({ checkIn: plus(-3), checkOut: plus(175) }),
    entry({ cleanerId: "c2", cleanerName: "Liam O’Connor", bookingId: "b3", reference: "YS-CCCC33", checkIn: null }),
  ]);
  assert.deepEqual(sheets.map((s) => [s.name, s.jobs, s.scheduledMinutes, s.workedMinutes, s.late]), [
    ["Liam O’Connor", 1, 180, 0, 0],
    ["Priya Sharma", 2, 300, 178 + 113, 1],
  ]);
  assert.deepEqual(sheets[1].entries, [
    { bookingId: "b1", reference: "YS-AAAA11", start: NINE.toISOString(), end: plus(180).toISOString(), checkIn: plus(-3).toISOString(), checkOut: plus(175).toISOString() },
    { bookingId: "b2", reference: "YS-BBBB22", start: plus(300).toISOString(), end: plus(420).toISOString(), checkIn: plus(308).toISOString(), checkOut: plus(421).toISOString() },
  ]);
  assert.deepEqual(timesheetsOf([]), []);
});

/** Entries of a few cleaners, each job with or without a check-in and a check-out after it. */
const entriesArb = fc.array(
  fc.record({
    cleaner: fc.integer({ min: 0, max: 3 }),
    startMinute: fc.integer({ min: 0, max: 60 * 24 * 14 }),
    lengthMinutes: fc.integer({ min: 15, max: 600 }),
    checkInOffsetSeconds: fc.option(fc.integer({ min: -3 * 3600, max: 3 * 3600 })),
    workedSeconds: fc.option(fc.integer({ min: 0, max: 12 * 3600 })),
  }),
  { maxLength: 40 },
).map((rows) =>
  rows.map((row, index): TimesheetEntryFacts => {
    const start = plus(row.startMinute);
    const checkIn = row.checkInOffsetSeconds === null ? null : new Date(start.getTime() + row.checkInOffsetSeconds * 1000);
    return {
      cleanerId: `c${row.cleaner}`,
      cleanerName: ["Priya Sharma", "Tom Nguyen", "Sofia Russo", "Liam O’Connor"][row.cleaner],
      bookingId: `b${index}`,
      reference: `YS-${String(index).padStart(6, "0")}`,
      start,
      end: plus(row.lengthMinutes, start),
      checkIn,
      checkOut: checkIn && row.workedSeconds !== null ? new Date(checkIn.getTime() + row.workedSeconds * 1000) : null,
    };
  })
);

Deno.test("property: workedMinutes = Σ whole minutes (check-out − check-in) over complete pairs; late counts check-ins after start + 5 min", () => {
  fc.assert(fc.property(entriesArb, (entries) => {
    const sheets = timesheetsOf(entries);
    // Every entry lands on exactly one cleaner's sheet.
    assert.equal(sheets.reduce((sum, sheet) => sum + sheet.jobs, 0), entries.length);
    for (const sheet of sheets) {
      const own = entries.filter((e) => e.cleanerId === sheet.cleanerId);
      const complete = own.filter((e) => e.checkIn !== null && e.checkOut !== null);
      const expectedWorked = complete.reduce((sum, e) => sum + Math.floor((e.checkOut!.getTime() - e.checkIn!.getTime()) / MINUTE), 0);
      assert.equal(sheet.workedMinutes, expectedWorked);
      assert.equal(sheet.late, own.filter((e) => e.checkIn !== null && e.checkIn.getTime() > e.start.getTime() + 5 * MINUTE).length);
      assert.equal(sheet.scheduledMinutes, own.reduce((sum, e) => sum + (e.end.getTime() - e.start.getTime()) / MINUTE, 0));
      assert.equal(sheet.jobs, own.length);
      // Entries by start.
      const starts = sheet.entries.map((e) => Date.parse(e.start));
      assert.deepEqual(starts, starts.toSorted((a, b) => a - b));
    }
  }));
});

Deno.test("property: the CSV's total lines carry the sheets' sums, and each job has its line", () => {
  fc.assert(fc.property(entriesArb, (entries) => {
    const sheets = timesheetsOf(entries);
    const lines = timesheetCsv(sheets, { from: "2026-11-28", to: "2026-12-12" }).csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    assert.equal(lines.length, 1 + entries.length + sheets.length);
    const totals = lines.filter((line) => line.includes(",Total ("));
    assert.deepEqual(totals.map((line) => line.split(",").slice(-4)), sheets.map((s) => [
      String(s.scheduledMinutes),
      String(s.workedMinutes),
      (s.workedMinutes / 60).toFixed(2),
      String(s.late),
    ]));
  }));
});

Deno.test("the CSV for payroll: Melbourne times, a line per job, a total per cleaner", () => {
  const sheets = timesheetsOf([
    entry({ checkIn: plus(-3), checkOut: plus(175) }),
    entry({ bookingId: "b2", reference: "YS-BBBB22", start: plus(300), end: plus(420), checkIn: plus(308), checkOut: null }),
    entry({ cleanerId: "c2", cleanerName: "=Tom", bookingId: "b3", reference: "YS-CCCC33" }),
  ]);
  const { fileName, csv } = timesheetCsv(sheets, { from: "2026-11-23", to: "2026-11-29" });
  assert.equal(fileName, "timesheets-2026-11-23-to-2026-11-29.csv");
  assert.ok(csv.startsWith("\uFEFF"));
  assert.ok(csv.endsWith("\r\n"));
  assert.deepEqual(csv.slice(1).trimEnd().split("\r\n"), [
    "cleaner,date,reference,start,end,checkIn,checkOut,scheduledMinutes,workedMinutes,workedHours,late",
    // A name that starts like a formula is neutralised (and sorts before the letters).
    "'=Tom,2026-11-28,YS-CCCC33,2026-11-28 09:00,2026-11-28 12:00,,,180,0,0.00,",
    "'=Tom,,Total (1 job),,,,,180,0,0.00,0",
    "Priya Sharma,2026-11-28,YS-AAAA11,2026-11-28 09:00,2026-11-28 12:00,2026-11-28 08:57,2026-11-28 11:55,180,178,2.97,",
    "Priya Sharma,2026-11-28,YS-BBBB22,2026-11-28 14:00,2026-11-28 16:00,2026-11-28 14:08,,120,0,0.00,yes",
    "Priya Sharma,,Total (2 jobs),,,,,300,178,2.97,1",
  ]);
  assert.equal(isLateCheckIn(plus(300), plus(308)), true);
});
