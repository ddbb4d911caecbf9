import assert from "node:assert/strict";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../../settings/types.ts";
import { melbourneInstant } from "../../shared/melbourne-time.ts";
import {
  bookableDates,
  checkStartTime,
  formatJobLength,
  startTimeProblem,
  type StartTimeRules,
  visitEnd,
  closedDaysText,
  DEFAULT_AVAILABILITY_HOURS,
  earliestBookableYmd,
  isClosedYmd,
  slotHours,
  slotInstant,
} from "./scheduling.ts";

const defaults = SCHEDULING_DEFAULTS;
const with_ = (patch: Partial<SchedulingSettings>): SchedulingSettings => ({
  ...defaults,
  ...patch,
});
// Sunday 22 November 2026, 12:00 in Melbourne (AEDT).
const NOW = new Date("2026-11-22T01:00:00Z");
const HOUR_MESSAGE = "Please choose a start time on the hour between 8:00 and 16:00.";
const SUNDAY_MESSAGE = "We’re closed on Sundays. Please choose another day.";
const PAST_MESSAGE = "Please choose a time from today onward.";
const EARLIEST_MESSAGE = "The earliest date we can book is Thursday 26 November 2026.";
const HORIZON_MESSAGE = "We take bookings up to 365 days ahead. Please choose an earlier date.";

Deno.test("slotHours", async (t) => {
  const cases: { settings: SchedulingSettings; hours: number[] }[] = [
    { settings: defaults, hours: [8, 9, 10, 11, 12, 13, 14, 15, 16] },
    { settings: with_({ firstSlotHour: 10, lastSlotHour: 12 }), hours: [10, 11, 12] },
    { settings: with_({ firstSlotHour: 9, lastSlotHour: 9 }), hours: [9] },
    { settings: with_({ firstSlotHour: 12, lastSlotHour: 9 }), hours: [] },
  ];
  for (const c of cases) {
    await t.step(`${c.settings.firstSlotHour}-${c.settings.lastSlotHour}`, () => {
      assert.deepEqual(slotHours(c.settings), c.hours);
    });
  }
  assert.equal(DEFAULT_AVAILABILITY_HOURS, 2);
});

Deno.test("earliestBookableYmd counts from the Melbourne date, not the UTC one", async (t) => {
  const cases: { now: string; leadDays: number; ymd: string }[] = [
    { now: "2026-11-22T01:00:00Z", leadDays: 4, ymd: "2026-11-26" },
    // 00:30 on the 22nd in Melbourne while UTC still says the 21st.
    { now: "2026-11-21T13:30:00Z", leadDays: 4, ymd: "2026-11-26" },
    { now: "2026-11-22T12:59:59Z", leadDays: 4, ymd: "2026-11-26" },
    { now: "2026-11-22T13:00:00Z", leadDays: 4, ymd: "2026-11-27" },
    { now: "2026-11-22T01:00:00Z", leadDays: 0, ymd: "2026-11-22" },
    { now: "2026-12-29T01:00:00Z", leadDays: 4, ymd: "2027-01-02" },
    // Winter (AEST): 23:30 on 30 June in Melbourne is 13:30Z.
    { now: "2026-06-30T13:30:00Z", leadDays: 1, ymd: "2026-07-01" },
    { now: "2026-06-30T14:00:00Z", leadDays: 1, ymd: "2026-07-02" },
  ];
  for (const c of cases) {
    await t.step(`${c.now} +${c.leadDays}`, () => {
      assert.equal(earliestBookableYmd(new Date(c.now), { leadDays: c.leadDays }), c.ymd);
    });
  }
});

Deno.test("isClosedYmd", async (t) => {
  const cases: { ymd: string; closed: number[]; expected: boolean }[] = [
    { ymd: "2026-11-29", closed: [0], expected: true },
    { ymd: "2026-11-28", closed: [0], expected: false },
    { ymd: "2026-11-30", closed: [0, 1], expected: true },
    { ymd: "2026-11-29", closed: [], expected: false },
    { ymd: "2026-04-05", closed: [0], expected: true },
  ];
  for (const c of cases) {
    await t.step(`${c.ymd} closed ${c.closed}`, () => {
      assert.equal(isClosedYmd(c.ymd, { closedWeekdays: c.closed }), c.expected);
    });
  }
});

Deno.test("bookableDates skips closed days", async (t) => {
  const cases: { name: string; settings: SchedulingSettings; count: number; dates: string[] }[] = [
    {
      name: "defaults",
      settings: defaults,
      count: 5,
      dates: ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30", "2026-12-01"],
    },
    {
      name: "closed Sunday and Monday",
      settings: with_({ closedWeekdays: [0, 1] }),
      count: 4,
      dates: ["2026-11-26", "2026-11-27", "2026-11-28", "2026-12-01"],
    },
    {
      name: "open every day, no lead",
      settings: with_({ closedWeekdays: [], leadDays: 0 }),
      count: 2,
      dates: ["2026-11-22", "2026-11-23"],
    },
    { name: "count 0", settings: defaults, count: 0, dates: [] },
    {
      name: "every day closed",
      settings: with_({ closedWeekdays: [0, 1, 2, 3, 4, 5, 6] }),
      count: 3,
      dates: [],
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => assert.deepEqual(bookableDates(NOW, c.settings, c.count), c.dates));
  }
});

Deno.test("closedDaysText", async (t) => {
  const cases: [number[], string][] = [
    [[0], "Sundays"],
    [[0, 1], "Sundays and Mondays"],
    [[6, 0, 1], "Sundays, Mondays and Saturdays"],
    [[3, 3], "Wednesdays"],
  ];
  for (const [days, text] of cases) {
    await t.step(text, () => assert.equal(closedDaysText(days), text));
  }
});

Deno.test("checkStartTime", async (t) => {
  const cases: {
    name: string;
    start: Date;
    now?: Date;
    settings?: SchedulingSettings;
    message: string | null;
  }[] = [
    {
      name: "a Thursday 9:00 after the lead time",
      start: slotInstant("2026-11-26", 9),
      message: null,
    },
    { name: "first slot 8:00", start: slotInstant("2026-11-26", 8), message: null },
    { name: "last slot 16:00", start: slotInstant("2026-11-26", 16), message: null },
    { name: "a Saturday", start: slotInstant("2026-11-28", 12), message: null },
    {
      name: "more than a minute ago",
      start: new Date(NOW.getTime() - 61_000),
      message: PAST_MESSAGE,
    },
    {
      name: "a year ago, even on a valid slot",
      start: slotInstant("2025-11-27", 9),
      message: PAST_MESSAGE,
    },
    // Inside the one-minute tolerance the past check passes, and the later rules speak.
    { name: "30 s ago", start: new Date(NOW.getTime() - 30_000), message: HOUR_MESSAGE },
    { name: "9:30", start: melbourneInstant("2026-11-26", 9, 30), message: HOUR_MESSAGE },
    {
      name: "9:00:01",
      start: new Date(slotInstant("2026-11-26", 9).getTime() + 1000),
      message: HOUR_MESSAGE,
    },
    {
      name: "9:00:00.001",
      start: new Date(slotInstant("2026-11-26", 9).getTime() + 1),
      message: HOUR_MESSAGE,
    },
    { name: "7:00", start: slotInstant("2026-11-26", 7), message: HOUR_MESSAGE },
    { name: "17:00", start: slotInstant("2026-11-26", 17), message: HOUR_MESSAGE },
    { name: "midnight", start: slotInstant("2026-11-27", 0), message: HOUR_MESSAGE },
    {
      name: "9:00 UTC is not 9:00 Melbourne",
      start: new Date("2026-11-26T09:00:00Z"),
      message: HOUR_MESSAGE,
    },
    { name: "a Sunday", start: slotInstant("2026-11-29", 9), message: SUNDAY_MESSAGE },
    {
      name: "a Sunday before the earliest date names the closure first",
      start: slotInstant("2026-11-22", 13),
      message: SUNDAY_MESSAGE,
    },
    {
      name: "the day before the earliest",
      start: slotInstant("2026-11-25", 9),
      message: EARLIEST_MESSAGE,
    },
    { name: "tomorrow", start: slotInstant("2026-11-23", 16), message: EARLIEST_MESSAGE },
    {
      name: "two closed days",
      start: slotInstant("2026-11-30", 9),
      settings: with_({ closedWeekdays: [0, 1] }),
      message: "We’re closed on Sundays and Mondays. Please choose another day.",
    },
    {
      name: "open Sundays",
      start: slotInstant("2026-11-29", 9),
      settings: with_({ closedWeekdays: [] }),
      message: null,
    },
    {
      name: "other slot hours name themselves",
      start: slotInstant("2026-11-26", 8),
      settings: with_({ firstSlotHour: 9, lastSlotHour: 17 }),
      message: "Please choose a start time on the hour between 9:00 and 17:00.",
    },
    {
      name: "no lead time: later today is fine",
      start: slotInstant("2026-11-23", 13),
      now: new Date("2026-11-23T01:00:00Z"),
      settings: with_({ leadDays: 0 }),
      message: null,
    },
    {
      name: "longer lead time",
      start: slotInstant("2026-11-30", 9),
      settings: with_({ leadDays: 10 }),
      message: "The earliest date we can book is Wednesday 2 December 2026.",
    },
    // The booking horizon (issue 13: bookings in 2099 were accepted), 365 days from Melbourne today.
    { name: "the last day of the horizon", start: slotInstant("2027-11-22", 16), message: null },
    { name: "the day after the horizon", start: slotInstant("2027-11-23", 8), message: HORIZON_MESSAGE },
    { name: "2099", start: slotInstant("2099-06-02", 9), message: HORIZON_MESSAGE },
    { name: "past year 9999 in Melbourne", start: new Date("9999-12-31T23:00:00-14:00"), message: HORIZON_MESSAGE },
    {
      name: "beyond the horizon names the horizon before the hour or the closure",
      start: slotInstant("2099-06-07", 3),
      message: HORIZON_MESSAGE,
    },
    {
      name: "a shorter horizon names itself",
      start: slotInstant("2026-12-10", 9),
      settings: with_({ horizonDays: 14 }),
      message: "We take bookings up to 14 days ahead. Please choose an earlier date.",
    },
    { name: "within a shorter horizon", start: slotInstant("2026-12-05", 9), settings: with_({ horizonDays: 14 }), message: null },
    // DST: clocks go back at 3:00 on Sunday 2026-04-05; open Sundays for these cases.
    {
      name: "9:00 on 2026-04-05 (AEST, +10)",
      start: new Date("2026-04-04T23:00:00Z"),
      now: new Date("2026-03-30T00:00:00Z"),
      settings: with_({ closedWeekdays: [1] }),
      message: null,
    },
    {
      name: "8:00 on 2026-04-05 is 22:00Z, not 21:00Z",
      start: new Date("2026-04-04T21:00:00Z"),
      now: new Date("2026-03-30T00:00:00Z"),
      settings: with_({ closedWeekdays: [1] }),
      message: HOUR_MESSAGE,
    },
    {
      name: "16:00 on 2026-04-05",
      start: slotInstant("2026-04-05", 16),
      now: new Date("2026-03-30T00:00:00Z"),
      settings: with_({ closedWeekdays: [1] }),
      message: null,
    },
    // DST: clocks go forward at 2:00 on Sunday 2026-10-04.
    {
      name: "9:00 on 2026-10-04 (AEDT, +11)",
      start: new Date("2026-10-03T22:00:00Z"),
      now: new Date("2026-09-28T00:00:00Z"),
      settings: with_({ closedWeekdays: [1] }),
      message: null,
    },
    {
      name: "the non-existent 2:30 on 2026-10-04 is no slot",
      start: new Date("2026-10-03T16:30:00Z"),
      now: new Date("2026-09-28T00:00:00Z"),
      settings: with_({ closedWeekdays: [1], firstSlotHour: 0, lastSlotHour: 23 }),
      message: "Please choose a start time on the hour between 0:00 and 23:00.",
    },
    {
      name: "9:00 on 2026-10-04 with Sundays closed",
      start: slotInstant("2026-10-04", 9),
      now: new Date("2026-09-28T00:00:00Z"),
      message: SUNDAY_MESSAGE,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      assert.equal(checkStartTime(c.start, c.now ?? NOW, c.settings ?? defaults), c.message);
    });
  }
});

Deno.test("visitEnd: elapsed minutes, across the April DST change too", () => {
  const start = new Date("2026-11-26T22:00:00Z");
  assert.equal(visitEnd(start, 150).toISOString(), "2026-11-27T00:30:00.000Z");
  // 1:00 AEDT + 3 h of work ends at 3:00 AEST on the clock (2 wall hours later).
  assert.equal(visitEnd(melbourneInstant("2026-04-05", 1), 180).toISOString(), "2026-04-04T17:00:00.000Z");
});

Deno.test("startTimeProblem: closed dates and the end of the working day", async (t) => {
  const rules = { ...defaults, dayEndHour: 18 };
  const closed = new Map([["2026-12-25", "Christmas Day"], ["2026-12-28", ""]]);
  const visit = (lengthMinutes: number) => ({ closedDates: closed, lengthMinutes });
  await t.step("a closed date, with its label", () => {
    assert.deepEqual(startTimeProblem(melbourneInstant("2026-12-25", 9), NOW, rules, visit(120)), {
      code: "CLOSED_DATE",
      message: "We’re closed on Friday 25 December 2026 (Christmas Day). Please choose another day.",
    });
    assert.equal(checkStartTime(melbourneInstant("2026-12-28", 9), NOW, rules, visit(120)),
      "We’re closed on Monday 28 December 2026. Please choose another day.");
  });
  await t.step("a visit ending exactly at the close is fine; a minute later is not", () => {
    assert.equal(startTimeProblem(melbourneInstant("2026-12-01", 16), NOW, rules, visit(120)), null);
    assert.deepEqual(startTimeProblem(melbourneInstant("2026-12-01", 16), NOW, rules, visit(121)), {
      code: "PAST_DAY_END",
      message: "This clean takes about 2 hours 1 minute and must finish by 18:00, so please choose a start no later than 15:59.",
    });
  });
  await t.step("a visit longer than the working day", () => {
    assert.equal(startTimeProblem(melbourneInstant("2026-12-01", 8), NOW, rules, visit(11 * 60))?.message,
      "This clean takes about 11 hours, longer than our working day allows. Please request a quote and we’ll plan it with you.");
  });
  await t.step("without a visit, only the spec's rules", () => {
    assert.equal(startTimeProblem(melbourneInstant("2026-12-25", 16), NOW, rules), null);
  });
});

Deno.test("formatJobLength", () => {
  assert.equal(formatJobLength(45), "45 minutes");
  assert.equal(formatJobLength(60), "1 hour");
  assert.equal(formatJobLength(150), "2 hours 30 minutes");
});

Deno.test("startTimeProblem: the office's quarter hours and allowOutsideHours (issue 28)", async (t) => {
  const staff = { ...defaults, leadDays: 0, dayEndHour: 18, startStepMinutes: 15 };
  const outside = { ...staff, allowOutsideHours: true };
  const publicRules = { ...defaults, dayEndHour: 18 };
  const closed = new Map([["2026-12-25", "Christmas Day"]]);
  const visit = (lengthMinutes: number) => ({ closedDates: closed, lengthMinutes });
  const TICK = "“Outside working hours”";
  const STAFF_HOURS = `Please choose a start time on the quarter hour between 8:00 and 16:00, or tick ${TICK}.`;
  // Tuesday 1 December 2026; Sunday 29 November; Christmas is a closed date.
  const at = (ymd: string, hour: number, minute = 0) => melbourneInstant(ymd, hour, minute);
  const cases: { name: string; start: Date; rules: StartTimeRules; length?: number; code: string | null; message?: string }[] = [
    { name: "staff 10:30", start: at("2026-12-01", 10, 30), rules: staff, code: null },
    { name: "staff 16:00, the last start", start: at("2026-12-01", 16), rules: staff, length: 60, code: null },
    { name: "staff 10:07 refused", start: at("2026-12-01", 10, 7), rules: staff, code: "OFF_HOURS", message: STAFF_HOURS },
    { name: "staff 10:07 refused with the flag too", start: at("2026-12-01", 10, 7), rules: outside, code: "OFF_HOURS", message: "Please choose a start time on the quarter hour." },
    { name: "staff 16:15 is after the last start", start: at("2026-12-01", 16, 15), rules: staff, length: 60, code: "OFF_HOURS", message: STAFF_HOURS },
    { name: "staff 18:00 without the flag", start: at("2026-12-01", 18), rules: staff, code: "OFF_HOURS", message: STAFF_HOURS },
    { name: "staff 18:00 with the flag, past the day's end", start: at("2026-12-01", 18), rules: outside, length: 150, code: null },
    { name: "staff 7:15 with the flag", start: at("2026-12-01", 7, 15), rules: outside, code: null },
    { name: "staff Sunday without the flag", start: at("2026-11-29", 9), rules: staff, code: "CLOSED_DAY", message: `We’re closed on Sundays. Please choose another day, or tick ${TICK}.` },
    { name: "staff Sunday with the flag", start: at("2026-11-29", 9), rules: outside, code: null },
    {
      name: "staff running past the day's end without the flag",
      start: at("2026-12-01", 15, 30),
      rules: staff,
      length: 180,
      code: "PAST_DAY_END",
      message: `This clean takes about 3 hours and must finish by 18:00, so please choose a start no later than 15:00, or tick ${TICK}.`,
    },
    {
      name: "staff: a visit longer than the working day",
      start: at("2026-12-01", 8),
      rules: staff,
      length: 11 * 60,
      code: "PAST_DAY_END",
      message: `This clean takes about 11 hours, longer than our working day allows: tick ${TICK} to book it.`,
    },
    { name: "a closed date refuses even with the flag", start: at("2026-12-25", 18), rules: outside, code: "CLOSED_DATE" },
    { name: "the past refuses even with the flag", start: at("2026-11-21", 18), rules: outside, code: "PAST" },
    { name: "the horizon refuses even with the flag", start: at("2027-12-01", 18), rules: outside, code: "BEYOND_HORIZON" },
    { name: "public 10:30 stays refused, with the spec's message", start: at("2026-12-01", 10, 30), rules: publicRules, code: "OFF_HOURS", message: HOUR_MESSAGE },
    { name: "public 10:00 is a slot", start: at("2026-12-01", 10), rules: publicRules, code: null },
    {
      name: "public asking for outside hours gets the public's rules",
      start: at("2026-12-01", 18),
      rules: { ...publicRules, allowOutsideHours: true },
      code: "OFF_HOURS",
      message: HOUR_MESSAGE,
    },
    { name: "public Sunday, the public's message", start: at("2026-11-29", 9), rules: publicRules, code: "CLOSED_DAY", message: SUNDAY_MESSAGE },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const problem = startTimeProblem(c.start, NOW, c.rules, visit(c.length ?? 120));
      assert.equal(problem?.code ?? null, c.code);
      if (c.message !== undefined) assert.equal(problem?.message, c.message);
    });
  }
});
