/**
 * The reports' CSV (issue 32): the headline figures as Figure,Value rows, then the weeks, the
 * services, the cleaners and the cancellation reasons, each a table with its header row, a blank
 * line between sections. Numbers as the JSON has them (A$ to the cent, hours to 2 decimals).
 */
import { csvLine } from "../shared/csv.ts";
import type { ReportSummary } from "./schemas.ts";

/** How a cancellation given no reason is shown. */
export const NO_REASON_GIVEN = "No reason given";

export const reportCsvFileName = (range: { from: string; to: string }): string => `reports-${range.from}-to-${range.to}.csv`;

type Cell = string | number | null;

export function summaryCsv(summary: ReportSummary): string {
  const headline: [string, Cell][] = [
    ["From", summary.from],
    ["To", summary.to],
    ["Booked revenue (A$)", summary.bookedRevenue],
    ["Collected (A$)", summary.collected],
    ["Outstanding (A$)", summary.outstanding],
    ["Jobs", summary.jobs],
    ["Cancelled", summary.cancelled],
    ["Cancelled value (A$)", summary.cancelledValue],
    ["New customers", summary.newCustomers],
    ["Returning customers", summary.returningCustomers],
    ["Recurring run rate (A$ per 4 weeks)", summary.recurringRunRate],
    ["Average rating", summary.averageRating],
    ["Ratings", summary.ratings],
  ];
  const sections: Cell[][][] = [
    [["Figure", "Value"], ...headline],
    [
      ["Week starting", "Booked (A$)", "Collected (A$)", "Jobs", "Cancelled"],
      ...summary.byWeek.map((w) => [w.weekStart, w.booked, w.collected, w.jobs, w.cancelled]),
    ],
    [["Service", "Jobs", "Booked (A$)"], ...summary.byService.map((s) => [s.name, s.jobs, s.booked])],
    [
      ["Cleaner", "Jobs", "Hours", "Utilisation", "Average rating"],
      ...summary.byCleaner.map((c) => [c.name, c.jobs, c.hours, c.utilisation, c.averageRating]),
    ],
    [["Cancellation reason", "Cancelled"], ...summary.cancelReasons.map((r) => [r.reason || NO_REASON_GIVEN, r.count])],
  ];
  const lines = sections.map((rows) => rows.map(csvLine).join("\r\n"));
  // The byte-order mark tells a spreadsheet the file is UTF-8 (as the other exports do).
  return `\uFEFF${lines.join("\r\n\r\n")}\r\n`;
}
