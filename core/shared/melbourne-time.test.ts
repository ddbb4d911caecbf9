import assert from "node:assert/strict";
import fc from "fast-check";
import { TZDate } from "@date-fns/tz";
import {
  addDaysYmd,
  formatMelbourneDate,
  formatMelbourneDateTime,
  formatMelbourneLongDate,
  formatYmdLong,
  isYmd,
  MELBOURNE_TZ,
  melbourneHourMinute,
  melbourneInstant,
  melbourneWeekday,
  melbourneYmd,
  weekdayOfYmd,
} from "./melbourne-time.ts";

const at = (iso: string) => new Date(iso);

Deno.test("melbourneInstant: wall clock to instant, across both DST changes of 2026", async (t) => {
  const cases: { ymd: string; hour: number; minute?: number; iso: string }[] = [
    // AEDT (+11) until the change back at 3:00 on 2026-04-05, AEST (+10) after.
    { ymd: "2026-04-04", hour: 9, iso: "2026-04-03T22:00:00.000Z" },
    { ymd: "2026-04-05", hour: 1, iso: "2026-04-04T14:00:00.000Z" },
    { ymd: "2026-04-05", hour: 9, iso: "2026-04-04T23:00:00.000Z" },
    { ymd: "2026-04-05", hour: 16, iso: "2026-04-05T06:00:00.000Z" },
    { ymd: "2026-04-06", hour: 9, iso: "2026-04-05T23:00:00.000Z" },
    // AEST (+10) until the jump forward at 2:00 on 2026-10-04, AEDT (+11) after.
    { ymd: "2026-10-03", hour: 9, iso: "2026-10-02T23:00:00.000Z" },
    { ymd: "2026-10-04", hour: 1, iso: "2026-10-03T15:00:00.000Z" },
    { ymd: "2026-10-04", hour: 9, iso: "2026-10-03T22:00:00.000Z" },
    { ymd: "2026-10-05", hour: 9, iso: "2026-10-04T22:00:00.000Z" },
    // 2:30 does not exist on 2026-10-04: clocks show 3:30 at that instant.
    { ymd: "2026-10-04", hour: 2, minute: 30, iso: "2026-10-03T16:30:00.000Z" },
    { ymd: "2026-11-28", hour: 16, minute: 45, iso: "2026-11-28T05:45:00.000Z" },
    { ymd: "2026-07-01", hour: 0, iso: "2026-06-30T14:00:00.000Z" },
  ];
  for (const c of cases) {
    await t.step(`${c.ymd} ${c.hour}:${c.minute ?? 0}`, () => {
      assert.equal(melbourneInstant(c.ymd, c.hour, c.minute).toISOString(), c.iso);
    });
  }
});

Deno.test("melbourneInstant rejects a malformed date", () => {
  assert.throws(() => melbourneInstant("2026-02-30", 9), RangeError);
  assert.throws(() => melbourneInstant("26-1-1", 9), RangeError);
});

Deno.test("instant to Melbourne date, weekday and time", async (t) => {
  const cases: {
    iso: string;
    ymd: string;
    weekday: number;
    time: { hour: number; minute: number; second: number };
  }[] = [
    {
      iso: "2026-04-03T22:00:00Z",
      ymd: "2026-04-04",
      weekday: 6,
      time: { hour: 9, minute: 0, second: 0 },
    },
    // The repeated hour on 2026-04-05: 2:30 AEDT and then 2:30 AEST.
    {
      iso: "2026-04-04T15:30:00Z",
      ymd: "2026-04-05",
      weekday: 0,
      time: { hour: 2, minute: 30, second: 0 },
    },
    {
      iso: "2026-04-04T16:30:00Z",
      ymd: "2026-04-05",
      weekday: 0,
      time: { hour: 2, minute: 30, second: 0 },
    },
    {
      iso: "2026-04-04T23:00:00Z",
      ymd: "2026-04-05",
      weekday: 0,
      time: { hour: 9, minute: 0, second: 0 },
    },
    {
      iso: "2026-10-03T15:59:59Z",
      ymd: "2026-10-04",
      weekday: 0,
      time: { hour: 1, minute: 59, second: 59 },
    },
    {
      iso: "2026-10-03T16:00:00Z",
      ymd: "2026-10-04",
      weekday: 0,
      time: { hour: 3, minute: 0, second: 0 },
    },
    {
      iso: "2026-10-04T22:00:00Z",
      ymd: "2026-10-05",
      weekday: 1,
      time: { hour: 9, minute: 0, second: 0 },
    },
    // Just before and after Melbourne midnight while UTC is still on the previous day.
    {
      iso: "2026-11-27T12:59:59Z",
      ymd: "2026-11-27",
      weekday: 5,
      time: { hour: 23, minute: 59, second: 59 },
    },
    {
      iso: "2026-11-27T13:00:00Z",
      ymd: "2026-11-28",
      weekday: 6,
      time: { hour: 0, minute: 0, second: 0 },
    },
    {
      iso: "2026-06-30T14:00:00Z",
      ymd: "2026-07-01",
      weekday: 3,
      time: { hour: 0, minute: 0, second: 0 },
    },
  ];
  for (const c of cases) {
    await t.step(c.iso, () => {
      assert.equal(melbourneYmd(at(c.iso)), c.ymd);
      assert.equal(melbourneWeekday(at(c.iso)), c.weekday);
      assert.deepEqual(melbourneHourMinute(at(c.iso)), c.time);
    });
  }
});

Deno.test("calendar arithmetic on YYYY-MM-DD", async (t) => {
  const cases: { ymd: string; days: number; result: string; weekdayOfResult: number }[] = [
    { ymd: "2026-04-01", days: 4, result: "2026-04-05", weekdayOfResult: 0 },
    { ymd: "2026-10-01", days: 3, result: "2026-10-04", weekdayOfResult: 0 },
    { ymd: "2026-12-30", days: 4, result: "2027-01-03", weekdayOfResult: 0 },
    { ymd: "2028-02-27", days: 2, result: "2028-02-29", weekdayOfResult: 2 },
    { ymd: "2026-03-01", days: -1, result: "2026-02-28", weekdayOfResult: 6 },
    { ymd: "2026-11-22", days: 0, result: "2026-11-22", weekdayOfResult: 0 },
  ];
  for (const c of cases) {
    await t.step(`${c.ymd} + ${c.days}`, () => {
      assert.equal(addDaysYmd(c.ymd, c.days), c.result);
      assert.equal(weekdayOfYmd(c.result), c.weekdayOfResult);
    });
  }
});

Deno.test("isYmd", async (t) => {
  const cases: [string, boolean][] = [
    ["2026-11-28", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-1-01", false],
    ["2026-11-28T00:00", false],
    ["", false],
  ];
  for (const [text, expected] of cases) {
    await t.step(text || "(empty)", () => assert.equal(isYmd(text), expected));
  }
});

// en-AU's own short months are used as they are ('July', 'Sept').
Deno.test("en-AU formats in Melbourne time", async (t) => {
  const cases: { iso: string; dateTime: string; date: string; long: string }[] = [
    {
      iso: "2026-11-27T22:00:00Z",
      dateTime: "Sat 28 Nov 2026, 9:00 am",
      date: "Sat 28 Nov 2026",
      long: "Saturday 28 November 2026",
    },
    {
      iso: "2026-04-05T06:00:00Z",
      dateTime: "Sun 5 Apr 2026, 4:00 pm",
      date: "Sun 5 Apr 2026",
      long: "Sunday 5 April 2026",
    },
    {
      iso: "2026-10-03T22:05:00Z",
      dateTime: "Sun 4 Oct 2026, 9:05 am",
      date: "Sun 4 Oct 2026",
      long: "Sunday 4 October 2026",
    },
    {
      iso: "2026-06-30T14:00:00Z",
      dateTime: "Wed 1 July 2026, 12:00 am",
      date: "Wed 1 July 2026",
      long: "Wednesday 1 July 2026",
    },
    {
      iso: "2026-07-01T02:30:00Z",
      dateTime: "Wed 1 July 2026, 12:30 pm",
      date: "Wed 1 July 2026",
      long: "Wednesday 1 July 2026",
    },
  ];
  for (const c of cases) {
    await t.step(c.iso, () => {
      assert.equal(formatMelbourneDateTime(at(c.iso)), c.dateTime);
      assert.equal(formatMelbourneDate(at(c.iso)), c.date);
      assert.equal(formatMelbourneLongDate(at(c.iso)), c.long);
    });
  }
  await t.step("formatYmdLong", () => {
    assert.equal(formatYmdLong("2026-11-26"), "Thursday 26 November 2026");
    assert.equal(formatYmdLong("2026-10-04"), "Sunday 4 October 2026");
  });
});

Deno.test("melbourneYmd: the remembered days never answer for an instant outside them (property)", () => {
  // Instants around the DST changes of 2026-27 and the midnights either side, asked in any order.
  const edges = ["2026-04-05T00:00:00+11:00", "2026-10-04T00:00:00+10:00", "2026-11-26T00:00:00+11:00", "2027-04-04T03:00:00+10:00"]
    .map((iso) => Date.parse(iso));
  const instant = fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -30 * 3_600_000, max: 30 * 3_600_000 }))
    .map(([edge, offset]) => new Date(edge + offset));
  const expected = (at: Date) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Melbourne", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  fc.assert(fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
    for (const at of instants) assert.equal(melbourneYmd(at), expected(at), at.toISOString());
  }), { numRuns: 300 });
});

Deno.test("the wall clock read through the hour's offset agrees with the time zone data at any instant, around every clock change too", () => {
  const pad = (n: number) => String(n).padStart(2, "0");
  const expected = (ms: number) => {
    const local = new TZDate(ms, MELBOURNE_TZ);
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${local.getDay()} ` +
      `${local.getHours()}:${local.getMinutes()}:${local.getSeconds()}`;
  };
  const actual = (ms: number) => {
    const at = new Date(ms);
    const { hour, minute, second } = melbourneHourMinute(at);
    return `${melbourneYmd(at)} ${melbourneWeekday(at)} ${hour}:${minute}:${second}`;
  };
  fc.assert(fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => actual(ms) === expected(ms)), { numRuns: 5_000 });
  // Each side of the April and October changes (16:00 UTC), a second apart.
  for (const change of [Date.UTC(2026, 3, 4, 16), Date.UTC(2026, 9, 3, 16), Date.UTC(2027, 3, 3, 16), Date.UTC(2027, 9, 2, 16)]) {
    for (let s = -2; s <= 2; s++) assert.equal(actual(change + s * 1000), expected(change + s * 1000));
  }
});
