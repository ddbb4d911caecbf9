/** The Reports screen's cached reads: one range's summary, kept while the next range loads. */
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { ReportRange } from "@yarra/core/reports/schemas.ts";
import { fetchReportSummary } from "./reports-api.ts";
import { previousPeriod, resolveRange } from "./reports-range.ts";
import type { ReportsSearch } from "./reports-search.ts";

export const REPORTS_KEY = ["reports"] as const;

export const reportSummaryQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, "summary", range.from, range.to],
    queryFn: ({ signal }) => fetchReportSummary(range, signal),
    // The tiles and charts stay while another range loads, instead of blinking empty.
    placeholderData: keepPreviousData,
  });

/** Starts both of the screen's loads (the range and the period before it) with the navigation. */
export function prefetchReports(queryClient: QueryClient, search: ReportsSearch, now = new Date()): void {
  const resolved = resolveRange(search, now);
  if (!resolved.ok) return;
  void queryClient.prefetchQuery(reportSummaryQuery(resolved.range));
  void queryClient.prefetchQuery(reportSummaryQuery(previousPeriod(resolved.range)));
}
