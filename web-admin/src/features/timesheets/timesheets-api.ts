/** The Timesheets screen's calls (issue 31): GET /api/admin/timesheets and its CSV for payroll. */
import { queryOptions } from "@tanstack/react-query";
import type { Timesheet, TimesheetEntry } from "@yarra/core/team/schemas.ts";
import { api } from "../../lib/api.ts";
import { downloadFile } from "../../lib/download-file.ts";
import type { DayRange } from "./timesheet-week.ts";

export type { Timesheet, TimesheetEntry };

/** Every timesheet read; a corrected check-in marks them all stale. */
export const TIMESHEETS_KEY = ["timesheets"] as const;

export const timesheetsQuery = ({ from, to }: DayRange) =>
  queryOptions({
    queryKey: [...TIMESHEETS_KEY, from, to] as const,
    queryFn: ({ signal }) => api.list<Timesheet>("/api/admin/timesheets", { query: { from, to }, signal }),
  });

/** One line per job and a total line per cleaner, saved under the server's file name. */
export const downloadTimesheetsCsv = ({ from, to }: DayRange) =>
  downloadFile("/api/admin/timesheets.csv", { query: { from, to }, accept: "text/csv", fallbackName: `timesheets-${from}-to-${to}.csv` });
