/**
 * Issue 32: the reports, a range's figures for the Reports screen and the same as a CSV. Mounted
 * under /api/admin behind requireAdmin (any staff member).
 */
import { z } from "zod";
import { REPORT_MAX_DAYS, reportRangeSchema, reportSummarySchema } from "../../../core/reports/schemas.ts";
import type { Reports } from "../../../core/reports/use-cases.ts";
import { json, route, routeGroup } from "../../openapi.ts";

const tags: [string] = ["Staff: reports"];

/** The definitions, as the API reference states them (core/reports/figures.ts computes them so). */
const DEFINITIONS = [
  `from and to are Melbourne days, both included, at most ${REPORT_MAX_DAYS} days (else 422 with fieldErrors.to); a job is a BOOKING ` +
  "(never a quote), in the range when it starts between from 00:00 and the day after to 00:00 Melbourne time. Money is A$ summed " +
  "in the database and rounded to the cent.",
  "bookedRevenue: Σ firstServiceTotal of the range's jobs that are PENDING, CONFIRMED or DONE; jobs: how many.",
  "cancelled / cancelledValue: how many CANCELLED jobs in the range, and Σ their firstServiceTotal (so bookedRevenue + cancelledValue " +
  "is the price of every job in the range; a visit waiting for a time, NEEDS_ATTENTION, is in neither).",
  "cancelReasons: the cancelled jobs by reason, most first, then by reason; '' is a cancellation given no reason (shown as " +
  '"No reason given").',
  "collected: Σ amount of the ledger entries not voided received in the range, whatever the job; refunds are negative entries and count.",
  "outstanding: Σ max(0, firstServiceTotal − paid to date) over the range's DONE jobs; paid to date: every ledger entry not voided.",
  "newCustomers: customers with a PENDING, CONFIRMED or DONE job in the range whose first such job ever is in the range; " +
  "returningCustomers: the others with such a job in the range. Jobs without a customer record count for neither.",
  "recurringRunRate: Σ over ACTIVE regular cleans of the price per visit (the series' recurring price) × visits per 4 weeks " +
  "(every n weeks: 4/n; every n months: 12/13/n), rounded to the cent once.",
  "byWeek: every Monday-start Melbourne week overlapping the range, in order, zeros included; only its days inside the range count " +
  "(booked, jobs and cancelled by the job's start, collected by when the money was received), so the weeks add up to the headline figures.",
  "byService: the range's PENDING, CONFIRMED and DONE jobs per service, most booked first; serviceId null for a service deleted " +
  "since, named as it was booked.",
  "byCleaner: the active cleaners and anyone else on such a job in the range, by name. jobs: those jobs they are on; hours: Σ " +
  "(end − start) of them, to 2 decimals; utilisation: hours / working hours as a fraction to 3 decimals (null with no working " +
  "hours), working hours being their week (or the business's default week, open weekdays from the first slot to the close of day, " +
  "until staff set one) on each day of the range, except closed dates and their time off; averageRating: of those jobs' ratings.",
  "averageRating / ratings: the mean (to 1 decimal, null when none) and number of the ratings customers gave for the range's jobs.",
];

const csvAnswer = {
  description: "text/csv attachment",
  headers: {
    "Content-Disposition": { schema: { type: "string" as const }, description: 'attachment; filename="reports-YYYY-MM-DD-to-YYYY-MM-DD.csv"' },
  },
  content: {
    "text/csv": {
      schema: z.string().meta({
        description: "Figure,Value rows for the headline figures; then the weeks, the services, the cleaners and the cancellation reasons, " +
          "each a table with a header row, a blank line between sections. UTF-8 with a byte-order mark, CRLF lines.",
      }),
    },
  },
};

const getSummary = route({
  method: "get", path: "/reports/summary", tags, "x-required-role": "admin",
  summary: "A range's figures: booked against collected, outstanding, cancellations, customers, regular work, cleaners' hours, ratings",
  description: DEFINITIONS.map((line) => `- ${line}`).join("\n"),
  request: { query: reportRangeSchema },
  responses: { 200: json(reportSummarySchema, "The range's figures") },
});

const getSummaryCsv = route({
  method: "get", path: "/reports/summary.csv", tags, "x-required-role": "admin",
  summary: "The same figures as a CSV, for spreadsheets",
  description: "The figures of GET /api/admin/reports/summary for the same range, with the same definitions.",
  request: { query: reportRangeSchema },
  responses: { 200: csvAnswer },
});

export function reportsAdminRoutes(reports: Reports) {
  return routeGroup()
    .openapi(getSummary, async (c) => c.json(await reports.summary(c.req.valid("query")), 200))
    .openapi(getSummaryCsv, async (c) => {
      const { fileName, csv } = await reports.summaryCsv(c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    });
}
