import { describe, expect, it } from "vitest";
import { changeFormOf, changeOf, changeProblems, changePrice, isChangeable, moveStart } from "./series-form.ts";
import { repeatText, rhythmText, startHoursHint, startText } from "./series-text.ts";
import { aDetail, aVisit, FREQUENCIES, HOURLY, NOW, OVEN } from "./test-fixtures.ts";

describe("rhythmText", () => {
  it.each([
    [{ repeatUnit: "WEEK", repeatEvery: 1, weekday: 2, startTime: "09:00", anchorDate: "2026-12-01" }, "Every week · Tue 9:00 am"],
    [{ repeatUnit: "WEEK", repeatEvery: 2, weekday: 5, startTime: "13:30", anchorDate: "2026-12-04" }, "Every 2 weeks · Fri 1:30 pm"],
    [{ repeatUnit: "WEEK", repeatEvery: 1, weekday: 0, startTime: "00:15", anchorDate: "2026-12-06" }, "Every week · Sun 12:15 am"],
    [{ repeatUnit: "MONTH", repeatEvery: 1, weekday: 6, startTime: "12:00", anchorDate: "2026-10-31" }, "Every month · 31st · 12:00 pm"],
    [{ repeatUnit: "MONTH", repeatEvery: 3, weekday: 2, startTime: "08:00", anchorDate: "2026-12-02" }, "Every 3 months · 2nd · 8:00 am"],
    [{ repeatUnit: "MONTH", repeatEvery: 1, weekday: 3, startTime: "08:00", anchorDate: "2026-12-23" }, "Every month · 23rd · 8:00 am"],
    [{ repeatUnit: "MONTH", repeatEvery: 1, weekday: 3, startTime: "08:00", anchorDate: "2026-11-11" }, "Every month · 11th · 8:00 am"],
  ] as const)("%j reads %j", (series, text) => {
    expect(rhythmText(series)).toBe(text);
  });

  it("words a one-off and keeps a start it cannot read", () => {
    expect(repeatText("NONE", 0)).toBe("Does not repeat");
    expect(startText("soon")).toBe("soon");
  });
});

describe("startHoursHint", () => {
  it("names the office's quarter hours and the tick core's messages name", () => {
    expect(startHoursHint({ firstSlotHour: 8, lastSlotHour: 16 })).toBe(
      "Starts are on the quarter hour from 8:00 to 16:00 on open days; tick “Outside working hours” for another time or a closed weekday.",
    );
  });
});

describe("moveStart", () => {
  it("turns a Melbourne date and time into the instant, across daylight saving", () => {
    expect(moveStart("2026-12-10", "13:00", NOW)).toEqual({ ok: true, startTimeISO: "2026-12-10T02:00:00.000Z" });
    expect(moveStart("2026-12-10", "10:45", NOW)).toEqual({ ok: true, startTimeISO: "2026-12-09T23:45:00.000Z" });
    // Winter: AEST, UTC+10.
    expect(moveStart("2027-06-10", "09:00", NOW)).toEqual({ ok: true, startTimeISO: "2027-06-09T23:00:00.000Z" });
  });

  it("names the field that is wrong", () => {
    expect(moveStart("", "09:00", NOW)).toEqual({ ok: false, errors: { date: ["Choose a date."] } });
    expect(moveStart("2026-11-24", "", NOW)).toEqual({
      ok: false,
      errors: { date: ["Choose today or a later date."], time: ["Choose a start time."] },
    });
    expect(moveStart("2026-11-25", "13:00", NOW)).toEqual({ ok: false, errors: { time: ["Choose a time from now on."] } });
  });
});

describe("isChangeable", () => {
  it("is a coming visit that still stands", () => {
    expect(isChangeable(aVisit(), NOW)).toBe(true);
    expect(isChangeable(aVisit({ status: "NEEDS_ATTENTION" }), NOW)).toBe(true);
    expect(isChangeable(aVisit({ status: "CANCELLED" }), NOW)).toBe(false);
    expect(isChangeable(aVisit({ status: "DONE" }), NOW)).toBe(false);
    expect(isChangeable(aVisit({ startTime: "2026-11-24T22:00:00.000Z" }), NOW)).toBe(false);
  });
});

describe("the change form", () => {
  const series = aDetail();
  const catalogue = { services: [HOURLY], frequencies: FREQUENCIES, extras: [OVEN], serviceId: "s1" };

  it("starts from the series' terms and today, which changes nothing", () => {
    const form = changeFormOf(series, NOW);
    expect(form).toEqual({
      fromDate: "2026-11-25",
      startTime: "09:00",
      frequencyCode: "WEEKLY",
      hours: 3,
      bedrooms: null,
      extras: [{ extraId: "e1", quantity: 2 }],
      allowOutsideHours: false,
    });
    expect(changeOf(form, series)).toBeNull();
  });

  it("sends the tick with a change (issue 28), but the tick alone changes nothing", () => {
    const form = changeFormOf(series, NOW);
    expect(changeOf({ ...form, allowOutsideHours: true }, series)).toBeNull();
    expect(changeOf({ ...form, fromDate: "2026-12-02", startTime: "18:30", allowOutsideHours: true }, series))
      .toEqual({ fromDate: "2026-12-02", startTime: "18:30", allowOutsideHours: true });
    expect(changeOf({ ...form, fromDate: "2026-12-02", startTime: "10:30" }, series)).toEqual({ fromDate: "2026-12-02", startTime: "10:30" });
  });

  it("sends only what differs; add-ons in another order are the same add-ons", () => {
    const form = { ...changeFormOf(aDetail({ extras: [...series.extras, { extraId: "e2", titleAtBooking: "Fridge", quantity: 1, priceAtBooking: 30 }] }), NOW) };
    const reordered = { ...form, extras: [...form.extras].reverse() };
    expect(changeOf(reordered, aDetail({ extras: [...series.extras, { extraId: "e2", titleAtBooking: "Fridge", quantity: 1, priceAtBooking: 30 }] })))
      .toBeNull();
    expect(changeOf({ ...changeFormOf(series, NOW), fromDate: "2026-12-02", startTime: "10:00", bedrooms: 2 }, series))
      .toEqual({ fromDate: "2026-12-02", startTime: "10:00" });
  });

  it("prices with core, and core's pricing messages become field errors", () => {
    const priced = changePrice({ ...changeFormOf(series, NOW), hours: 4 }, catalogue);
    expect(priced.ok && priced.value.totals.recurringTotal).toBe(261);
    const unpriced = changePrice({ ...changeFormOf(series, NOW), hours: 30 }, catalogue);
    expect(changeProblems({ ...changeFormOf(series, NOW), hours: 30 }, unpriced, NOW)).toEqual({
      hours: ["Please choose between 2 and 8 hours."],
    });
  });
});
