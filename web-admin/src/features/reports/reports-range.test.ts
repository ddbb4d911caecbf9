import { describe, expect, it } from "vitest";
import { REPORT_MESSAGES } from "@yarra/core/reports/schemas.ts";
import { daysInRange, formatRange, presetRange, previousPeriod, RANGE_MESSAGES, rangeProblems, resolveRange } from "./reports-range.ts";

describe("the range presets", () => {
  it.each([
    ["2026-11-23", "Monday"],
    ["2026-11-25", "Wednesday"],
    ["2026-11-29", "Sunday"],
  ])("run weeks Monday to Sunday (today %s, a %s)", (today) => {
    expect(presetRange("this-week", today)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(presetRange("last-week", today)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("take whole calendar months, across a year's end and a leap February", () => {
    expect(presetRange("this-month", "2026-11-25")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(presetRange("last-month", "2026-11-25")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetRange("last-month", "2027-01-10")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetRange("this-month", "2028-02-03")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetRange("last-month", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("take the financial year from 1 July to 30 June", () => {
    expect(presetRange("this-fy", "2026-06-30")).toEqual({ from: "2025-07-01", to: "2026-06-30" });
    expect(presetRange("this-fy", "2026-07-01")).toEqual({ from: "2026-07-01", to: "2027-06-30" });
    expect(presetRange("this-fy", "2027-01-15")).toEqual({ from: "2026-07-01", to: "2027-06-30" });
  });

  it("count today in Melbourne, not UTC", () => {
    // 10:30 pm on 30 June UTC is 8:30 am on 1 July in Melbourne (AEST, +10).
    expect(resolveRange({ preset: "this-fy" }, new Date("2026-06-30T22:30:00Z")).range).toEqual({ from: "2026-07-01", to: "2027-06-30" });
    // 1:30 pm on 31 October UTC is 12:30 am on 1 November in Melbourne (AEDT, +11).
    expect(resolveRange({}, new Date("2026-10-31T13:30:00Z")).range).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(resolveRange({}, new Date("2026-10-31T12:30:00Z")).range).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });
});

describe("resolveRange", () => {
  const now = new Date("2026-11-25T01:00:00Z");

  it("is this month when the URL names nothing, and custom when it has only dates", () => {
    expect(resolveRange({}, now)).toEqual({ preset: "this-month", ok: true, range: { from: "2026-11-01", to: "2026-11-30" } });
    expect(resolveRange({ from: "2026-01-01", to: "2026-01-31" }, now))
      .toEqual({ preset: "custom", ok: true, range: { from: "2026-01-01", to: "2026-01-31" } });
  });

  it("says what is wrong with a custom range instead of asking for it", () => {
    expect(resolveRange({ preset: "custom", from: "2026-02-01" }, now))
      .toEqual({ preset: "custom", ok: false, range: { from: "2026-02-01", to: "" }, problems: { to: RANGE_MESSAGES.toRequired } });
  });
});

describe("rangeProblems", () => {
  it("takes a range of up to 400 days, both ends counted, as the server does", () => {
    expect(rangeProblems({ from: "2026-01-01", to: "2026-01-01" })).toBeNull();
    expect(daysInRange({ from: "2026-01-01", to: "2027-02-04" })).toBe(400);
    expect(rangeProblems({ from: "2026-01-01", to: "2027-02-04" })).toBeNull();
    expect(rangeProblems({ from: "2026-01-01", to: "2027-02-05" })).toEqual({ to: REPORT_MESSAGES.span });
  });

  it("asks for both dates, in order", () => {
    expect(rangeProblems({ from: "", to: "" })).toEqual({ from: RANGE_MESSAGES.fromRequired, to: RANGE_MESSAGES.toRequired });
    expect(rangeProblems({ from: "2026-03-02", to: "2026-03-01" })).toEqual({ to: REPORT_MESSAGES.order });
    expect(rangeProblems({ from: "2026-02-30", to: "2026-03-01" })).toEqual({ from: REPORT_MESSAGES.date });
  });
});

describe("previousPeriod", () => {
  it("is the same number of days just before", () => {
    expect(previousPeriod({ from: "2026-11-23", to: "2026-11-29" })).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(previousPeriod({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(previousPeriod({ from: "2026-07-01", to: "2027-06-30" })).toEqual({ from: "2025-07-01", to: "2026-06-30" });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-01" })).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });

  it("counts days across a daylight-saving change as days", () => {
    // Melbourne's clocks go forward on 4 October 2026: the week is still seven days.
    expect(previousPeriod({ from: "2026-10-05", to: "2026-10-11" })).toEqual({ from: "2026-09-28", to: "2026-10-04" });
  });
});

it("formatRange writes the days out", () => {
  expect(formatRange({ from: "2026-11-01", to: "2026-11-30" })).toBe("1 Nov 2026 – 30 Nov 2026");
  expect(formatRange({ from: "2026-11-01", to: "2026-11-01" })).toBe("1 Nov 2026");
});
