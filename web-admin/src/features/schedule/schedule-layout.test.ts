import { describe, expect, it } from "vitest";
import { dayBounds, formatTime, rangeOf, stepDate, weekStart, zoneOfDay } from "./schedule-dates.ts";
import { axisHours, dayColumns, lanesOf, movedCleanerIds, UNASSIGNED } from "./schedule-layout.ts";
import { aCleaner, aJob, aSchedule } from "./test-fixtures.ts";

const at = (iso: string, hours: number, id: string) =>
  aJob({ _id: id, startTime: iso, endTime: new Date(Date.parse(iso) + hours * 3_600_000).toISOString() });

describe("Melbourne days", () => {
  it.each([
    ["2026-11-25", "2026-11-23"], // Wednesday
    ["2026-11-23", "2026-11-23"], // Monday
    ["2026-11-29", "2026-11-23"], // Sunday ends the week
    ["2027-01-01", "2026-12-28"], // across the year
  ])("the week of %s starts on Monday %s", (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });

  it("views a day, or Monday to Sunday, and steps by a day or a week", () => {
    expect(rangeOf("day", "2026-11-25")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(rangeOf("week", "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(stepDate("day", "2026-11-30", 1)).toBe("2026-12-01");
    expect(stepDate("week", "2026-11-25", -1)).toBe("2026-11-18");
  });

  it("bounds a day by Melbourne midnights, daylight saving included", () => {
    // Sun 4 Oct 2026: clocks go forward at 2 am, so the day is 23 hours long.
    expect(dayBounds("2026-10-04")).toEqual({ start: "2026-10-03T14:00:00.000Z", next: "2026-10-04T13:00:00.000Z" });
    // Sun 5 Apr 2026: clocks go back at 3 am, so the day is 25 hours long.
    expect(dayBounds("2026-04-05")).toEqual({ start: "2026-04-04T13:00:00.000Z", next: "2026-04-05T14:00:00.000Z" });
    expect([zoneOfDay("2026-10-03"), zoneOfDay("2026-10-04")]).toEqual(["AEST", "AEDT"]);
    expect(formatTime("2026-10-04T00:00:00.000Z")).toBe("11:00 am");
    expect(formatTime("2026-10-03T00:00:00.000Z")).toBe("10:00 am");
  });
});

describe("day layout", () => {
  it("puts Unassigned first, then active cleaners, and an inactive one only with a job", () => {
    const gone = aCleaner({ _id: "c9", name: "Zoe Old", active: false });
    const schedule = aSchedule("2026-11-25", "2026-11-25", {
      cleaners: [aCleaner(), aCleaner({ _id: "c2", name: "Tom Lee" }), gone],
      jobs: [aJob({ cleanerIds: [] }), aJob({ _id: "b2", cleanerIds: ["c2", "c1"] }), aJob({ _id: "b3", cleanerIds: ["unknown"] })],
    });
    const columns = dayColumns(schedule, "2026-11-25");
    expect(columns.map((column) => [column.id, column.jobs.map((job) => job._id)])).toEqual([
      [UNASSIGNED, ["b1", "b3"]],
      ["c1", ["b2"]],
      ["c2", ["b2"]],
    ]);
    const withGone = dayColumns({ ...schedule, jobs: [aJob({ cleanerIds: ["c9"] })] }, "2026-11-25");
    expect(withGone.map((column) => column.id)).toEqual([UNASSIGNED, "c1", "c2", "c9"]);
  });

  it("spans the first start hour to the close of the day, widened for a job outside them", () => {
    const settings = { firstSlotHour: 8, dayEndHour: 18 };
    expect(axisHours([], settings)).toEqual({ first: 8, last: 18 });
    // 7:30 am to 7:30 pm in Melbourne (AEDT).
    const early = at("2026-11-24T20:30:00.000Z", 2, "e");
    const late = at("2026-11-25T06:30:00.000Z", 2, "l");
    expect(axisHours([early, late], settings)).toEqual({ first: 7, last: 20 });
  });

  it("sets overlapping jobs side by side, each group with its own lane count", () => {
    const lanes = lanesOf([
      at("2026-11-24T22:00:00.000Z", 3, "a"), // 9–12
      at("2026-11-24T23:00:00.000Z", 2, "b"), // 10–12
      at("2026-11-25T01:00:00.000Z", 2, "c"), // 12–2: after both, so a new group
      at("2026-11-24T22:00:00.000Z", 1, "d"), // 9–10
    ]);
    expect(Object.fromEntries(lanes)).toEqual({
      a: { lane: 0, lanes: 2 },
      d: { lane: 1, lanes: 2 },
      b: { lane: 1, lanes: 2 },
      c: { lane: 0, lanes: 1 },
    });
  });

  it.each([
    [[], UNASSIGNED, "c1", ["c1"]],
    [["c1"], "c1", "c2", ["c2"]],
    [["c1", "c2"], "c1", "c3", ["c2", "c3"]],
    [["c1", "c2"], "c1", "c2", ["c2"]],
    [["c1", "c2"], "c2", UNASSIGNED, ["c1"]],
    [["c1"], "c1", "c1", null],
    [[], UNASSIGNED, UNASSIGNED, null],
  ])("a job of %j dragged from %s to %s gets %j", (cleanerIds, from, to, expected) => {
    expect(movedCleanerIds(aJob({ cleanerIds }), from, to)).toEqual(expected);
  });
});
