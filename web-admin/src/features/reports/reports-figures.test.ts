import { describe, expect, it } from "vitest";
import {
  cancelledChange,
  cleanersSummary,
  countChange,
  customersChange,
  formatHours,
  formatUtilisation,
  moneyChange,
  NO_CHANGE,
  ratingChange,
  servicesSummary,
  weeksSummary,
} from "./reports-figures.ts";

describe("the change on the previous period", () => {
  it("says money as a percentage and in A$, with a real minus sign", () => {
    expect(moneyChange(1120, 1000)).toEqual({ text: "+12% (+A$120.00) on previous period", direction: "up" });
    expect(moneyChange(880, 1000)).toEqual({ text: "\u221212% (\u2212A$120.00) on previous period", direction: "down" });
    expect(moneyChange(1003, 1000)).toEqual({ text: "+0.3% (+A$3.00) on previous period", direction: "up" });
  });

  it("gives only the amount after a period with none, and says when nothing changed", () => {
    expect(moneyChange(120, 0)).toEqual({ text: "+A$120.00 on previous period", direction: "up" });
    expect(moneyChange(0.1 + 0.2, 0.3)).toEqual({ text: NO_CHANGE, direction: "same" });
    expect(countChange(5, 5)).toEqual({ text: NO_CHANGE, direction: "same" });
  });

  it("counts jobs, cancellations and customers", () => {
    expect(countChange(12, 16)).toEqual({ text: "\u221225% (\u22124) on previous period", direction: "down" });
    expect(cancelledChange({ count: 3, value: 450 }, { count: 2, value: 300 }))
      .toEqual({ text: "+50% (+1); value +50% (+A$150.00) on previous period", direction: "up" });
    expect(cancelledChange({ count: 2, value: 280 }, { count: 2, value: 300 }))
      .toEqual({ text: "no change; value \u22127% (\u2212A$20.00) on previous period", direction: "down" });
    expect(customersChange({ newCustomers: 4, returningCustomers: 10 }, { newCustomers: 2, returningCustomers: 10 }))
      .toEqual({ text: "New +100% (+2); returning no change on previous period", direction: "up" });
  });

  it("moves a rating in points, and says when there was none before", () => {
    expect(ratingChange(4.6, 4.3)).toEqual({ text: "+0.3 on previous period", direction: "up" });
    expect(ratingChange(4.1, 4.6)).toEqual({ text: "\u22120.5 on previous period", direction: "down" });
    expect(ratingChange(4.6, null)).toEqual({ text: "No ratings in the previous period", direction: "same" });
    expect(ratingChange(null, 4.6)).toBeNull();
  });
});

it("writes utilisation and hours", () => {
  expect(formatUtilisation(0.853)).toBe("85.3%");
  expect(formatUtilisation(1.2)).toBe("120%");
  expect(formatUtilisation(null)).toBe("—");
  expect(formatHours(12.5)).toBe("12.5");
  expect(formatHours(1234.25)).toBe("1,234.25");
});

describe("the charts' summaries", () => {
  it("total the weeks and name the busiest", () => {
    expect(weeksSummary([
      { weekStart: "2026-10-26", booked: 200, collected: 150.5, jobs: 2, cancelled: 0 },
      { weekStart: "2026-11-02", booked: 900, collected: 300, jobs: 6, cancelled: 1 },
    ])).toBe(
      "Booked and collected by week, 2 weeks from the week of 26 Oct 2026: A$1,100.00 booked and A$450.50 collected in all; " +
        "most booked in the week of 2 Nov 2026, A$900.00.",
    );
  });

  it("name the first three services and cleaners by size, and count the rest", () => {
    const service = (name: string, jobs: number) => ({ serviceId: name, name, jobs, booked: jobs * 100 });
    expect(servicesSummary([service("Regular Clean", 4), service("End of Lease", 9), service("Oven", 1), service("", 2)]))
      .toBe("Jobs by service: End of Lease 9 jobs, Regular Clean 4 jobs, Deleted service 2 jobs and 1 more.");
    expect(cleanersSummary([{ cleanerId: "c1", name: "Priya", jobs: 1, hours: 3.5, utilisation: 0.1, averageRating: null }]))
      .toBe("Hours per cleaner: Priya 3.5 h.");
  });
});
