import { describe, expect, it } from "vitest";
import { CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";
import { checkTimeOffForm, checkWeekRows, weekErrorsOf, weekRowsOf, weekSummary, withTimeOff } from "./team-hours-form.ts";

describe("weekRowsOf and checkWeekRows", () => {
  it("lays the week out Monday first; a day not worked offers the first day's times; midnight shows as 00:00 and goes back as 24:00", () => {
    const rows = weekRowsOf([{ weekday: 0, start: "18:00", end: "24:00" }, { weekday: 2, start: "09:00", end: "15:00" }]);
    expect(rows.map((row) => row.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(rows[0]).toEqual({ weekday: 1, works: false, start: "18:00", end: "00:00" });
    expect(rows[1]).toEqual({ weekday: 2, works: true, start: "09:00", end: "15:00" });
    expect(rows[6]).toEqual({ weekday: 0, works: true, start: "18:00", end: "00:00" });
    expect(checkWeekRows(rows)).toEqual({
      ok: true,
      days: [{ weekday: 0, start: "18:00", end: "24:00" }, { weekday: 2, start: "09:00", end: "15:00" }],
    });
  });

  it("an empty week offers 8 to 5 and sends no day", () => {
    const rows = weekRowsOf([]);
    expect(rows.every((row) => !row.works && row.start === "08:00" && row.end === "17:00")).toBe(true);
    expect(checkWeekRows(rows)).toEqual({ ok: true, days: [] });
  });

  it("names the weekday of each message", () => {
    const rows = weekRowsOf([{ weekday: 3, start: "10:00", end: "09:00" }, { weekday: 4, start: "", end: "12:10" }]);
    const checked = checkWeekRows(rows);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual({
      days: { 3: { end: [CLEANER_MESSAGES.endAfterStart] }, 4: { start: [CLEANER_MESSAGES.start], end: [CLEANER_MESSAGES.end] } },
      week: [],
    });
  });

  it("puts the server's paths on the weekdays sent; others on the week", () => {
    const sent = [{ weekday: 0, start: "08:00", end: "12:00" }, { weekday: 5, start: "08:00", end: "12:00" }];
    expect(weekErrorsOf({ "days.1.weekday": ["Twice"], "days.0.end": ["Late"], days: ["Bad"], "days.9.start": ["Nowhere"] }, sent)).toEqual({
      days: { 5: { day: ["Twice"] }, 0: { end: ["Late"] } },
      week: ["Bad", "Nowhere"],
    });
  });
});

describe("weekSummary", () => {
  it("says which days, their hours when every day has the same, and when the week is the business's", () => {
    const week = [1, 2, 3].map((weekday) => ({ weekday, start: "08:00", end: "18:00" }));
    expect(weekSummary({ workingHours: week, workingHoursSet: false })).toBe("Works Mon, Tue, Wed, 08:00–18:00 (business hours, not set yet)");
    expect(weekSummary({ workingHours: [...week, { weekday: 0, start: "10:00", end: "24:00" }], workingHoursSet: true }))
      .toBe("Works Mon, Tue, Wed, Sun (hours vary by day)");
    expect(weekSummary({ workingHours: [], workingHoursSet: true })).toBe("Works no day");
  });
});

describe("time off", () => {
  it("asks for missing days in words, then core's rules; the reason only when given", () => {
    expect(checkTimeOffForm({ from: "", to: "", reason: "" })).toEqual({
      ok: false,
      fieldErrors: { from: [CLEANER_MESSAGES.timeOffFrom], to: [CLEANER_MESSAGES.timeOffTo] },
    });
    expect(checkTimeOffForm({ from: "2099-01-02", to: "2099-01-01", reason: "" })).toEqual({
      ok: false,
      fieldErrors: { to: [CLEANER_MESSAGES.timeOffOrder] },
    });
    expect(checkTimeOffForm({ from: "2099-01-01", to: "2099-01-01", reason: "  " })).toEqual({ ok: true, body: { from: "2099-01-01", to: "2099-01-01" } });
    expect(checkTimeOffForm({ from: "2099-01-01", to: "2099-01-02", reason: " Flu " })).toEqual({
      ok: true,
      body: { from: "2099-01-01", to: "2099-01-02", reason: "Flu" },
    });
  });

  it("withTimeOff keeps the list as the server gives it: by first day, leave that ended before today left out", () => {
    const a = { _id: "a", cleanerId: "c", from: "2099-03-01", to: "2099-03-02", reason: "" };
    const b = { _id: "b", cleanerId: "c", from: "2099-01-01", to: "2099-01-05", reason: "" };
    const past = { _id: "p", cleanerId: "c", from: "2020-01-01", to: "2020-01-02", reason: "" };
    expect(withTimeOff([a], b, "2026-11-22").map((off) => off._id)).toEqual(["b", "a"]);
    expect(withTimeOff([a], past, "2026-11-22").map((off) => off._id)).toEqual(["a"]);
  });
});
