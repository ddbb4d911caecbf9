import { slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { melbourneInstant } from "@yarra/core/shared/melbourne-time.ts";
import { describe, expect, it } from "vitest";
import type { AvailabilityDay } from "./booking-api.ts";
import {
  addMonths,
  clampMonth,
  dayButtonLabel,
  jobLengthOf,
  pageOf,
  pagesNeeded,
  slotTimeLabel,
  unofferedChoice,
} from "./availability-calendar.ts";
import { EMPTY_FORM } from "./booking-draft.ts";

const range = { earliestYmd: "2026-11-28", latestYmd: "2027-11-24" };
const days = (...list: AvailabilityDay[]) => new Map(list.map((day) => [day.date, day]));
const nine = slotInstant("2026-12-01", 9).toISOString();
const ten = slotInstant("2026-12-01", 10).toISOString();

describe("the calendar's months", () => {
  it("adds months across years", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-05", 14)).toBe("2027-07");
  });

  it("keeps the month shown within the bookable range", () => {
    expect(clampMonth("2026-10", range)).toBe("2026-11");
    expect(clampMonth("2028-01", range)).toBe("2027-11");
    expect(clampMonth("2027-03", range)).toBe("2027-03");
  });

  it("pairs the months from the first bookable one, each page at most 62 days; none outside the range", () => {
    expect(pageOf("2026-11", range)).toEqual({ from: "2026-11-01", to: "2026-12-31" });
    expect(pageOf("2026-12", range)).toEqual({ from: "2026-11-01", to: "2026-12-31" });
    expect(pageOf("2027-01", range)).toEqual({ from: "2027-01-01", to: "2027-02-28" });
    // Thirteen months: the last page holds one.
    expect(pageOf("2027-11", range)).toEqual({ from: "2027-11-01", to: "2027-11-30" });
    expect(pageOf("2026-10", range)).toBeNull();
    expect(pageOf("2027-12", range)).toBeNull();
    expect(pageOf("2028-02", { earliestYmd: "2027-12-30", latestYmd: "2028-06-01" })).toEqual({ from: "2028-02-01", to: "2028-03-31" });
    for (let month = "2026-11"; month <= "2027-11"; month = addMonths(month, 1)) {
      const page = pageOf(month, range)!;
      expect((Date.parse(page.to) - Date.parse(page.from)) / 86_400_000 + 1).toBeLessThanOrEqual(62);
    }
  });

  it("needs the page of the month shown, of the next, and of the chosen day, within the range", () => {
    const novDec = { from: "2026-11-01", to: "2026-12-31" };
    const marApr = { from: "2027-03-01", to: "2027-04-30" };
    const mayJun = { from: "2027-05-01", to: "2027-06-30" };
    expect(pagesNeeded("2026-11", "", range)).toEqual({ shown: novDec, next: novDec, chosen: novDec });
    expect(pagesNeeded("2027-04", "2026-12-01", range)).toEqual({ shown: marApr, next: mayJun, chosen: novDec });
    // Past the range there is no next month: the shown month's page stands in.
    const last = { from: "2027-11-01", to: "2027-11-30" };
    expect(pagesNeeded("2027-11", "", range)).toEqual({ shown: last, next: last, chosen: last });
    // A kept day since out of range is not asked about.
    expect(pagesNeeded("2026-11", "2026-10-31", range)).toEqual({ shown: novDec, next: novDec, chosen: novDec });
    expect(pagesNeeded("2026-10", "", range)).toBeNull();
  });
});

describe("the job's length as the API reads it", () => {
  it("sends only what the service's pricing model uses, and the add-ons as id:qty", () => {
    expect(jobLengthOf(EMPTY_FORM)).toEqual({});
    const hourly = { ...EMPTY_FORM, serviceId: "s1", servicePricingModel: "HOURLY" as const, hours: 3, bedrooms: 2 };
    expect(jobLengthOf(hourly)).toEqual({ serviceId: "s1", hours: 3 });
    expect(jobLengthOf({
      ...hourly,
      servicePricingModel: "BEDROOMS",
      extras: [{ extraId: "x1", title: "Oven", quantity: 1 }, { extraId: "x2", title: "Windows", quantity: 3 }],
    })).toEqual({ serviceId: "s1", bedrooms: 2, extras: "x1:1,x2:3" });
    expect(jobLengthOf({ ...hourly, servicePricingModel: "FIXED" })).toEqual({ serviceId: "s1" });
  });
});

describe("words for screen readers and buttons", () => {
  it("writes start times on Melbourne's clock", () => {
    expect(slotTimeLabel(nine)).toBe("9:00 am");
    expect(slotTimeLabel(slotInstant("2026-12-01", 12).toISOString())).toBe("12:00 pm");
    expect(slotTimeLabel(melbourneInstant("2026-12-01", 16, 30).toISOString())).toBe("4:30 pm");
  });

  it("names a day with today, why it is not bookable, and the selection", () => {
    expect(dayButtonLabel("2026-12-01", { date: "2026-12-01", open: true, slots: [] }, {})).toBe(
      "Tuesday 1 December 2026",
    );
    expect(dayButtonLabel("2026-12-25", { date: "2026-12-25", open: false, reason: "CLOSED_DATE", label: "Christmas Day" }, {}))
      .toBe("Friday 25 December 2026, closed (Christmas Day)");
    expect(dayButtonLabel("2026-11-24", { date: "2026-11-24", open: false, reason: "BEFORE_LEAD_TIME" }, { today: true }))
      .toBe("Tuesday 24 November 2026, today, too soon to book");
    expect(dayButtonLabel("2026-12-02", { date: "2026-12-02", open: false, reason: "FULL" }, {})).toBe(
      "Wednesday 2 December 2026, fully booked",
    );
    expect(dayButtonLabel("2026-12-03", undefined, { selected: true })).toBe(
      "Thursday 3 December 2026, not available, selected",
    );
  });
});

describe("whether the chosen day and time are still offered", () => {
  const open = { date: "2026-12-01", open: true as const, slots: [{ startTimeISO: nine, available: true }, { startTimeISO: ten, available: false }] };

  it("holds while the day is open and the time free", () => {
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: nine }, days(open), range)).toBeNull();
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: "" }, days(open), range)).toBeNull();
  });

  it("waits while the day is not known yet for this job", () => {
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: nine }, days(), range)).toBeNull();
    expect(unofferedChoice({ date: "", startTimeISO: "" }, days(open), range)).toBeNull();
  });

  it("drops a taken or unlisted time, and a day now closed, full or out of range", () => {
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: ten }, days(open), range)).toBe("time");
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: "2026-12-01T07:00:00.000Z" }, days(open), range))
      .toBe("time");
    const full = { date: "2026-12-01", open: false as const, reason: "FULL" as const };
    expect(unofferedChoice({ date: "2026-12-01", startTimeISO: nine }, days(full), range)).toBe("day");
    expect(unofferedChoice({ date: "2026-11-20", startTimeISO: "" }, days(), range)).toBe("day");
  });
});
