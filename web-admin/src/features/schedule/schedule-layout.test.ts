import { describe, expect, it } from "vitest";
import { dayBounds, formatTime, rangeOf, stepDate, weekStart, zoneOfDay } from "./schedule-dates.ts";
import { CLEANER_PALETTE } from "@yarra/core/cleaners/rules.ts";
import {
  axisHours,
  columnMinRem,
  dayColumns,
  dayGrid,
  distinctColours,
  initialsOf,
  lanesOf,
  movedCleanerIds,
  nameLines,
  UNASSIGNED,
  weekRows,
} from "./schedule-layout.ts";
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

describe("issue 34: a day for a real team", () => {
  /** The schedule's box at 1280 px: 961 px, less its two borders. */
  const BOX_AT_1280 = 959;
  const team = (count: number) => Array.from({ length: count + 1 }, () => 1);

  it.each([
    [10, true],
    [12, true],
    [13, false],
    [14, false],
  ])("with %i cleaners the grid fits the 1280 px box without scrolling: %s", (cleaners, fits) => {
    const { minWidthPx } = dayGrid(team(cleaners));
    expect(minWidthPx <= BOX_AT_1280).toBe(fits);
  });

  it("gives 10 cleaners and Unassigned a narrow share each, and room for jobs side by side", () => {
    const { template, minWidthPx } = dayGrid(team(10));
    expect(template).toBe(`2.75rem ${Array.from({ length: 11 }, () => "minmax(4.25rem, 1fr)").join(" ")}`);
    expect(minWidthPx).toBe((2.75 + 11 * 4.25) * 16);
    // Each column's share at 1280 px is wider than its minimum: nothing is cut.
    expect((BOX_AT_1280 - 2.75 * 16) / 11).toBeGreaterThan(4.25 * 16);
    expect(dayGrid([3, 1]).template).toBe("2.75rem minmax(11.25rem, 3fr) minmax(4.25rem, 1fr)");
    expect(dayGrid([5]).template).toBe("2.75rem minmax(11.25rem, 3fr)");
    expect(columnMinRem(2)).toBe(7.75);
  });

  it("splits a name for two lines, and takes initials for the narrowest chips", () => {
    expect(nameLines("Priya Sharma")).toEqual(["Priya", "Sharma"]);
    expect(nameLines("  Anh Thu Nguyen ")).toEqual(["Anh", "Thu Nguyen"]);
    expect(nameLines("Zoe")).toEqual(["Zoe", ""]);
    expect(initialsOf("Priya Sharma")).toBe("PS");
    expect(initialsOf("anh thu nguyen")).toBe("AN");
    expect(initialsOf("Zoe")).toBe("Z");
    expect(initialsOf(" ")).toBe("?");
  });

  it("no two cleaners in one colour while the palette lasts; the first to have it keeps it, active ones first", () => {
    const same = Array.from({ length: CLEANER_PALETTE.length + 2 }, (_, index) => aCleaner({ _id: `c${index}`, name: `Cleaner ${index}`, colour: CLEANER_PALETTE[0] }));
    const shown = distinctColours(same).map((cleaner) => cleaner.colour);
    expect(shown.slice(0, CLEANER_PALETTE.length)).toEqual([...CLEANER_PALETTE]);
    // Past the palette's colours (twelve), colours repeat.
    expect(shown.slice(CLEANER_PALETTE.length)).toEqual([CLEANER_PALETTE[0], CLEANER_PALETTE[0]]);

    const mixed = [
      aCleaner({ _id: "a", colour: "#6D28D9", active: false }),
      aCleaner({ _id: "b", colour: "#6d28d9" }),
      aCleaner({ _id: "c", colour: "#123456" }),
      aCleaner({ _id: "d", colour: "#1f7a6d" }),
    ];
    // b (active) keeps violet; a (inactive) gets the first palette colour nobody has: not d's teal.
    expect(distinctColours(mixed).map((cleaner) => cleaner.colour)).toEqual([CLEANER_PALETTE[2], "#6d28d9", "#123456", "#1f7a6d"]);
    // Nothing clashes: the same objects come back.
    const apart = [aCleaner(), aCleaner({ _id: "c2", colour: "#6d28d9" })];
    expect(distinctColours(apart)).toEqual(apart);
  });

  it("lays the week out as a row per cleaner, Unassigned first, an inactive cleaner only with a job", () => {
    const gone = aCleaner({ _id: "c9", name: "Zoe Old", active: false });
    const schedule = aSchedule("2026-11-23", "2026-11-29", {
      cleaners: [aCleaner(), aCleaner({ _id: "c2", name: "Tom Lee" }), gone],
      jobs: [
        aJob({ cleanerIds: [] }),
        at("2026-11-26T22:00:00.000Z", 2, "b2"), // Fri 27 Nov, Priya's
        aJob({ _id: "b3", cleanerIds: ["c1", "c2"] }),
      ],
    });
    const rows = weekRows(schedule, "2026-11-23", "2026-11-29");
    expect(rows.map((row) => [row.id, row.count])).toEqual([[UNASSIGNED, 1], ["c1", 2], ["c2", 1]]);
    expect(rows[1].byDate.get("2026-11-25")?.map((job) => job._id)).toEqual(["b3"]);
    expect(rows[1].byDate.get("2026-11-27")?.map((job) => job._id)).toEqual(["b2"]);
    expect(rows[0].byDate.get("2026-11-25")?.map((job) => job._id)).toEqual(["b1"]);
    const withGone = weekRows({ ...schedule, jobs: [aJob({ cleanerIds: ["c9"] })] }, "2026-11-23", "2026-11-29");
    expect(withGone.map((row) => row.id)).toEqual([UNASSIGNED, "c1", "c2", "c9"]);
  });
});
