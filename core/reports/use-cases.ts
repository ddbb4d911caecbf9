/**
 * The reports (issue 32): one range's figures for the Reports screen, and the same as a CSV. The
 * range comes checked (reportRangeSchema); cleaners without a week of their own work the
 * business's default week, read from the scheduling settings at each call.
 */
import type { SettingsStore } from "../settings/ports.ts";
import { reportCsvFileName, summaryCsv } from "./csv.ts";
import type { ReportsStore } from "./ports.ts";
import type { ReportRange, ReportSummary } from "./schemas.ts";

export interface ReportsDeps {
  store: ReportsStore;
  settings: Pick<SettingsStore, "getScheduling">;
}

export interface Reports {
  summary(range: ReportRange): Promise<ReportSummary>;
  summaryCsv(range: ReportRange): Promise<{ fileName: string; csv: string }>;
}

export function makeReports({ store, settings }: ReportsDeps): Reports {
  const summary = async (range: ReportRange): Promise<ReportSummary> => {
    const { closedWeekdays, firstSlotHour, dayEndHour } = await settings.getScheduling();
    return await store.summary({ from: range.from, to: range.to, scheduling: { closedWeekdays, firstSlotHour, dayEndHour } });
  };
  return {
    summary,
    summaryCsv: async (range) => ({ fileName: reportCsvFileName(range), csv: summaryCsv(await summary(range)) }),
  };
}
