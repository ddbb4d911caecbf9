/** A cleaner's week and leave as staff set them (issue 28): the pure rules and the input schemas. */
import assert from "node:assert/strict";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { parseInput } from "../shared/parse-input.ts";
import { CLEANER_MESSAGES as M, timeOffInputSchema, workingHoursInputSchema } from "./schemas.ts";
import { daysOfLeave, isQuarterHourClock, sameWorkingWeek, sortedWeek, type WorkingDay, workingWeek } from "./team.ts";

const fieldErrors = (result: ReturnType<typeof parseInput>) => (result.ok ? {} : result.error.fieldErrors);

Deno.test("isQuarterHourClock", async (t) => {
  const cases: [string, "start" | "end", boolean][] = [
    ["00:00", "start", true],
    ["08:00", "start", true],
    ["08:15", "start", true],
    ["23:45", "start", true],
    ["23:45", "end", true],
    ["24:00", "end", true],
    ["24:00", "start", false],
    ["24:15", "end", false],
    ["08:10", "start", false],
    ["8:00", "start", false],
    ["08:00:00", "start", false],
    ["25:00", "end", false],
    ["12:60", "start", false],
    ["", "start", false],
    [" 08:00", "start", false],
  ];
  for (const [clock, as, expected] of cases) {
    await t.step(`${JSON.stringify(clock)} as ${as}`, () => assert.equal(isQuarterHourClock(clock, as), expected));
  }
});

Deno.test("daysOfLeave counts both ends, across months, years and a leap day", async (t) => {
  const cases: [string, string, number][] = [
    ["2026-12-01", "2026-12-01", 1],
    ["2026-12-21", "2027-01-08", 19],
    ["2028-02-28", "2028-03-01", 3],
    ["2027-02-01", "2028-02-01", 366],
    ["2026-01-01", "2026-12-31", 365],
    ["2026-12-02", "2026-12-01", 0],
    // Over the change to daylight saving (4 Oct 2026): calendar days, no hour lost.
    ["2026-10-03", "2026-10-05", 3],
  ];
  for (const [from, to, days] of cases) await t.step(`${from} to ${to}`, () => assert.equal(daysOfLeave(from, to), days));
});

Deno.test("workingWeek: the stored week once set (none is a cleaner who works no day), else the business's default", () => {
  const stored: WorkingDay[] = [{ weekday: 3, start: "09:00", end: "15:00" }, { weekday: 0, start: "10:00", end: "24:00" }];
  assert.deepEqual(workingWeek({ workingHoursSet: true, days: stored }, SCHEDULING_DEFAULTS), [stored[1], stored[0]]);
  assert.deepEqual(workingWeek({ workingHoursSet: true, days: [] }, SCHEDULING_DEFAULTS), []);
  assert.deepEqual(
    workingWeek({ workingHoursSet: false, days: stored }, { closedWeekdays: [0, 6], firstSlotHour: 7, dayEndHour: 24 }),
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "24:00" })),
  );
});

Deno.test("sortedWeek and sameWorkingWeek: weekday order, nothing but the three fields", () => {
  const monday = { weekday: 1, start: "08:00", end: "17:00" };
  const friday = { weekday: 5, start: "08:00", end: "12:00" };
  assert.deepEqual(sortedWeek([friday, { ...monday, extra: true } as WorkingDay]), [monday, friday]);
  assert.ok(sameWorkingWeek([friday, monday], [monday, friday]));
  assert.ok(sameWorkingWeek([], []));
  assert.ok(!sameWorkingWeek([monday], [monday, friday]));
  assert.ok(!sameWorkingWeek([monday], [{ ...monday, end: "17:15" }]));
  assert.ok(!sameWorkingWeek([monday], [{ ...monday, weekday: 2 }]));
});

Deno.test("workingHoursInputSchema: a week of quarter-hour stretches, one a weekday", async (t) => {
  await t.step("a good week, trimmed; 24:00 closes a day; [] works no day", () => {
    const days = [{ weekday: 0, start: " 18:00", end: "24:00 " }, { weekday: 6, start: "00:00", end: "00:15" }];
    assert.deepEqual(parseInput(workingHoursInputSchema, { days }), {
      ok: true,
      value: { days: [{ weekday: 0, start: "18:00", end: "24:00" }, { weekday: 6, start: "00:00", end: "00:15" }] },
    });
    assert.deepEqual(parseInput(workingHoursInputSchema, { days: [] }), { ok: true, value: { days: [] } });
  });
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["no days", {}, { days: [M.days] }],
    ["days not a list", { days: { 1: "08:00" } }, { days: [M.days] }],
    ["an entry that is no object", { days: ["Monday"] }, { "days.0": [M.days] }],
    ["a weekday twice", {
      days: [{ weekday: 2, start: "08:00", end: "12:00" }, { weekday: 2, start: "13:00", end: "17:00" }],
    }, { "days.1.weekday": ["Tuesday is listed more than once: give each day one start and one end"] }],
    ["weekday 7", { days: [{ weekday: 7, start: "08:00", end: "12:00" }] }, { "days.0.weekday": [M.weekday] }],
    ["weekday 1.5", { days: [{ weekday: 1.5, start: "08:00", end: "12:00" }] }, { "days.0.weekday": [M.weekday] }],
    ["weekday as text", { days: [{ weekday: "1", start: "08:00", end: "12:00" }] }, { "days.0.weekday": [M.weekday] }],
    ["off the quarter hour", { days: [{ weekday: 1, start: "08:05", end: "12:20" }] }, { "days.0.start": [M.start], "days.0.end": [M.end] }],
    ["start 24:00", { days: [{ weekday: 1, start: "24:00", end: "24:00" }] }, { "days.0.start": [M.start] }],
    ["end equal to start", { days: [{ weekday: 1, start: "12:00", end: "12:00" }] }, { "days.0.end": [M.endAfterStart] }],
    ["end before start", { days: [{ weekday: 1, start: "17:00", end: "08:00" }] }, { "days.0.end": [M.endAfterStart] }],
    ["times missing", { days: [{ weekday: 1 }] }, { "days.0.start": [M.start], "days.0.end": [M.end] }],
  ];
  for (const [name, input, expected] of cases) {
    await t.step(name, () => assert.deepEqual(fieldErrors(parseInput(workingHoursInputSchema, input)), expected));
  }
});

Deno.test("timeOffInputSchema: whole days, to not before from, at most 366 days; a short one-line reason", async (t) => {
  await t.step("good leave, the reason trimmed and optional", () => {
    assert.deepEqual(parseInput(timeOffInputSchema, { from: "2026-12-21", to: "2027-01-08", reason: "  Annual leave " }), {
      ok: true,
      value: { from: "2026-12-21", to: "2027-01-08", reason: "Annual leave" },
    });
    assert.deepEqual(parseInput(timeOffInputSchema, { from: "2027-02-01", to: "2028-02-01" }), {
      ok: true,
      value: { from: "2027-02-01", to: "2028-02-01", reason: "" },
    });
  });
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["nothing", {}, { from: [M.timeOffFrom], to: [M.timeOffTo] }],
    ["not dates", { from: "21/12/2026", to: "2026-02-30" }, { from: ["Use a date written YYYY-MM-DD."], to: ["Use a date written YYYY-MM-DD."] }],
    ["to before from", { from: "2026-12-02", to: "2026-12-01" }, { to: [M.timeOffOrder] }],
    ["367 days", { from: "2027-02-01", to: "2028-02-02" }, { to: [M.timeOffTooLong] }],
    ["a reason of 201 characters", { from: "2026-12-01", to: "2026-12-01", reason: "x".repeat(201) }, { reason: [M.reasonTooLong] }],
    ["a reason on two lines", { from: "2026-12-01", to: "2026-12-01", reason: "Leave\r\nagain" }, { reason: ["Please keep this on one line."] }],
    ["a reason that is no text", { from: "2026-12-01", to: "2026-12-01", reason: 5 }, { reason: [M.reasonTooLong] }],
  ];
  for (const [name, input, expected] of cases) {
    await t.step(name, () => assert.deepEqual(fieldErrors(parseInput(timeOffInputSchema, input)), expected));
  }
});
