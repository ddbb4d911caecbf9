/**
 * The staff reports calls (issue 32, contract A): one range's figures, and the same as a CSV.
 * Money is A$ to the cent; dates are Melbourne days, both ends included.
 */
import type { ReportRange, ReportSummary } from "@yarra/core/reports/schemas.ts";
import { api } from "../../lib/api.ts";
import { downloadFile } from "../../lib/download-file.ts";

export const SUMMARY_PATH = "/api/admin/reports/summary";
export const SUMMARY_CSV_PATH = "/api/admin/reports/summary.csv";

export const fetchReportSummary = (range: ReportRange, signal?: AbortSignal) =>
  api.get<ReportSummary>(SUMMARY_PATH, { query: { from: range.from, to: range.to }, signal });

/** The range's figures as a CSV, under the server's file name (or the one it would give). */
export const downloadReportCsv = (range: ReportRange): Promise<void> =>
  downloadFile(SUMMARY_CSV_PATH, {
    query: { from: range.from, to: range.to },
    accept: "text/csv",
    fallbackName: `reports-${range.from}-to-${range.to}.csv`,
  });
