import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import fc from "fast-check";
import { addDaysYmd, melbourneHourMinute, melbourneYmd, weekdayOfYmd } from "../shared/melbourne-time.ts";
import { mondayOf, rangeInstants, reportWeeks, weekBoundaries, weekStartOf } from "./weeks.ts";

const HOUR = 3_600_000;
const lengthInHours = (week: { from: Date; to: Date }) => (week.to.getTime() - week.from.getTime()) / HOUR;

Deno.test("weeks start on Monday; the first and last are cut to the range", () => {
  const weeks = reportWeeks({ from: "2026-11-04", to: "2026-11-17" });
  assertEquals(weeks.map((w) => [w.weekStart, w.firstDay, w.lastDay]), [
    ["2026-11-02", "2026-11-04", "2026-11-08"],
    ["2026-11-09", "2026-11-09", "2026-11-15"],
    ["2026-11-16", "2026-11-16", "2026-11-17"],
  ]);
  // AEDT (+11): Melbourne midnight is 13:00 UTC the day before.
  equal(weeks[0].from.toISOString(), "2026-11-03T13:00:00.000Z");
  equal(weeks[2].to.toISOString(), "2026-11-17T13:00:00.000Z");
  assertEquals(weekBoundaries(weeks).map((d) => d.toISOString()), [
    "2026-11-03T13:00:00.000Z",
    "2026-11-08T13:00:00.000Z",
    "2026-11-15T13:00:00.000Z",
    "2026-11-17T13:00:00.000Z",
  ]);
  assertEquals(reportWeeks({ from: "2026-11-08", to: "2026-11-08" }).map((w) => [w.weekStart, w.firstDay, w.lastDay]), [
    ["2026-11-02", "2026-11-08", "2026-11-08"],
  ]);
});

Deno.test("the weeks holding a daylight-saving change are an hour longer (April) or shorter (October)", () => {
  const table: [string, string, number, string, string][] = [
    // The clocks go back at 3 am on Sunday 5 April 2026: a 169-hour week, AEDT to AEST.
    ["2026-03-30", "2026-04-05", 169, "2026-03-29T13:00:00.000Z", "2026-04-05T14:00:00.000Z"],
    ["2026-04-06", "2026-04-12", 168, "2026-04-05T14:00:00.000Z", "2026-04-12T14:00:00.000Z"],
    // Forward at 2 am on Sunday 4 October 2026: 167 hours, AEST to AEDT.
    ["2026-09-28", "2026-10-04", 167, "2026-09-27T14:00:00.000Z", "2026-10-04T13:00:00.000Z"],
    ["2026-10-05", "2026-10-11", 168, "2026-10-04T13:00:00.000Z", "2026-10-11T13:00:00.000Z"],
  ];
  for (const [from, to, hours, start, end] of table) {
    const [week] = reportWeeks({ from, to });
    equal(lengthInHours(week), hours, from);
    assertEquals([week.from.toISOString(), week.to.toISOString()], [start, end], from);
  }
  // The change night's own day: 25 hours in April, 23 in October.
  equal(lengthInHours(rangeInstants({ from: "2026-04-05", to: "2026-04-05" })), 25);
  equal(lengthInHours(rangeInstants({ from: "2026-10-04", to: "2026-10-04" })), 23);
});

Deno.test("an instant's week is the Monday of its Melbourne day, on both sides of each change", () => {
  const table: [string, string][] = [
    ["2026-04-05T13:59:59.999Z", "2026-03-30"], // 23:59:59 AEST Sunday 5 April
    ["2026-04-05T14:00:00.000Z", "2026-04-06"], // midnight, Monday 6 April
    ["2026-04-04T15:30:00.000Z", "2026-03-30"], // 2:30 am AEDT, the first of the two
    ["2026-04-04T16:30:00.000Z", "2026-03-30"], // 2:30 am AEST, the second
    ["2026-10-04T12:59:59.999Z", "2026-09-28"], // 23:59:59 AEDT Sunday 4 October
    ["2026-10-04T13:00:00.000Z", "2026-10-05"],
    ["2026-09-27T14:00:00.000Z", "2026-09-28"], // Monday 28 September, AEST midnight
    ["2026-09-27T13:59:59.999Z", "2026-09-21"],
  ];
  for (const [instant, monday] of table) equal(weekStartOf(new Date(instant)), monday, instant);
});

Deno.test("property: the weeks tile the range, each boundary a Melbourne midnight, every week Monday to Sunday", () => {
  const rangeArb = fc.record({ from: fc.integer({ min: 0, max: 3 * 366 }), days: fc.integer({ min: 1, max: 400 }) })
    .map(({ from, days }) => {
      const first = addDaysYmd("2025-01-01", from);
      return { from: first, to: addDaysYmd(first, days - 1) };
    });
  fc.assert(fc.property(rangeArb, (range) => {
    const weeks = reportWeeks(range);
    const { from, to } = rangeInstants(range);
    equal(weeks[0].from.getTime(), from.getTime());
    equal(weeks[weeks.length - 1].to.getTime(), to.getTime());
    equal(weeks[0].weekStart, mondayOf(range.from));
    for (const [i, week] of weeks.entries()) {
      equal(weekdayOfYmd(week.weekStart), 1);
      if (i > 0) {
        equal(week.from.getTime(), weeks[i - 1].to.getTime());
        equal(week.weekStart, addDaysYmd(weeks[i - 1].weekStart, 7));
      }
      // Midnight on the first day inside the range, and the instant before it is the day before.
      equal(melbourneYmd(week.from), week.firstDay);
      assertEquals(melbourneHourMinute(week.from), { hour: 0, minute: 0, second: 0 });
      equal(melbourneYmd(new Date(week.from.getTime() - 1)), addDaysYmd(week.firstDay, -1));
      equal(melbourneYmd(new Date(week.to.getTime() - 1)), week.lastDay);
      const hours = lengthInHours(week);
      const days = Math.round(hours / 24);
      equal(Math.abs(hours - 24 * days) <= 1, true, `${week.weekStart}: ${hours} h`);
    }
  }), { numRuns: 500 });
});
