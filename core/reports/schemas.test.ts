import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { REPORT_MESSAGES, reportRangeSchema } from "./schemas.ts";

/** The messages per field of a query, as the API's 422 lists them. */
const fieldErrors = (query: unknown) => {
  const parsed = reportRangeSchema.safeParse(query);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
};

Deno.test("a report's range: real dates, to on or after from, at most 400 days both counted", () => {
  const table: [string, unknown, unknown][] = [
    ["one day", { from: "2026-10-01", to: "2026-10-01" }, { from: "2026-10-01", to: "2026-10-01" }],
    ["400 days", { from: "2026-01-01", to: "2027-02-04" }, { from: "2026-01-01", to: "2027-02-04" }],
    ["401 days", { from: "2026-01-01", to: "2027-02-05" }, { to: [REPORT_MESSAGES.span] }],
    ["to before from", { from: "2026-10-02", to: "2026-10-01" }, { to: [REPORT_MESSAGES.order] }],
    ["not a date", { from: "2026-02-30", to: "2026-03-01" }, { from: [REPORT_MESSAGES.date] }],
    ["another shape", { from: "1/10/2026", to: "2026-10-31" }, { from: [REPORT_MESSAGES.date] }],
    ["missing both", {}, { from: [REPORT_MESSAGES.date], to: [REPORT_MESSAGES.date] }],
  ];
  for (const [name, query, expected] of table) assertEquals(fieldErrors(query), expected, name);
  assertEquals(REPORT_MESSAGES.span, "Choose a range of at most 400 days.");
});
