import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import { reportCsvFileName, summaryCsv } from "./csv.ts";
import type { ReportSummary } from "./schemas.ts";

const SUMMARY: ReportSummary = {
  from: "2026-10-01",
  to: "2026-10-07",
  bookedRevenue: 1234.5,
  collected: -20,
  outstanding: 0,
  jobs: 3,
  cancelled: 2,
  cancelledValue: 99.99,
  cancelReasons: [{ reason: "=Moved, interstate", count: 1 }, { reason: "", count: 1 }],
  newCustomers: 1,
  returningCustomers: 2,
  recurringRunRate: 600,
  byWeek: [
    { weekStart: "2026-09-28", booked: 1000, collected: -20, jobs: 2, cancelled: 1 },
    { weekStart: "2026-10-05", booked: 234.5, collected: 0, jobs: 1, cancelled: 1 },
  ],
  byService: [{ serviceId: null, name: "Spring Clean, deluxe", jobs: 3, booked: 1234.5 }],
  byCleaner: [{ cleanerId: "k1", name: "Ana", jobs: 3, hours: 7.25, utilisation: null, averageRating: null }],
  averageRating: 4.5,
  ratings: 2,
};

Deno.test("the CSV: headline figures, then weeks, services, cleaners and reasons, a blank line between", () => {
  const csv = summaryCsv(SUMMARY);
  equal(csv.startsWith("\uFEFF"), true);
  const sections = csv.slice(1).trimEnd().split("\r\n\r\n").map((section) => section.split("\r\n"));
  assertEquals(sections, [
    [
      "Figure,Value",
      "From,2026-10-01",
      "To,2026-10-07",
      "Booked revenue (A$),1234.5",
      "Collected (A$),-20",
      "Outstanding (A$),0",
      "Jobs,3",
      "Cancelled,2",
      "Cancelled value (A$),99.99",
      "New customers,1",
      "Returning customers,2",
      "Recurring run rate (A$ per 4 weeks),600",
      "Average rating,4.5",
      "Ratings,2",
    ],
    ["Week starting,Booked (A$),Collected (A$),Jobs,Cancelled", "2026-09-28,1000,-20,2,1", "2026-10-05,234.5,0,1,1"],
    ["Service,Jobs,Booked (A$)", '"Spring Clean, deluxe",3,1234.5'],
    // null (no working hours, no ratings) is an empty cell.
    ["Cleaner,Jobs,Hours,Utilisation,Average rating", "Ana,3,7.25,,"],
    // A reason starting like a formula is neutralised; none given is said so.
    ["Cancellation reason,Cancelled", `"'=Moved, interstate",1`, "No reason given,1"],
  ]);
  equal(reportCsvFileName(SUMMARY), "reports-2026-10-01-to-2026-10-07.csv");
});
