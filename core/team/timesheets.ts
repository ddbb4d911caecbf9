/**
 * Timesheets (issue 31), as values: per cleaner, their jobs in a range of days with the times they
 * checked in and out, the sums payroll needs, and the CSV. Pure: the store reads the entries.
 */
import { csvDateTime, csvLine } from "../shared/csv.ts";
import { melbourneYmd } from "../shared/melbourne-time.ts";
import { isLateCheckIn } from "./rules.ts";
import type { Timesheet } from "./schemas.ts";

/** One cleaner on one job starting in the range, with their marks (null when they made none). */
export interface TimesheetEntryFacts {
  cleanerId: string;
  cleanerName: string;
  bookingId: string;
  reference: string;
  start: Date;
  end: Date;
  checkIn: Date | null;
  checkOut: Date | null;
}

const MINUTE_MS = 60_000;

/** Whole minutes worked on one job: check-out − check-in, rounded down; 0 unless both are there. */
export function workedMinutesOf(entry: Pick<TimesheetEntryFacts, "checkIn" | "checkOut">): number {
  if (!entry.checkIn || !entry.checkOut) return 0;
  return Math.max(0, Math.floor((entry.checkOut.getTime() - entry.checkIn.getTime()) / MINUTE_MS));
}

/** Whole minutes the job was booked for. */
export const scheduledMinutesOf = (entry: Pick<TimesheetEntryFacts, "start" | "end">): number =>
  Math.max(0, Math.round((entry.end.getTime() - entry.start.getTime()) / MINUTE_MS));

const byStart = (a: TimesheetEntryFacts, b: TimesheetEntryFacts) =>
  a.start.getTime() - b.start.getTime() || a.bookingId.localeCompare(b.bookingId);

/** Each cleaner with a job among `entries` (by name, then id), their jobs by start and their sums. */
export function timesheetsOf(entries: readonly TimesheetEntryFacts[]): Timesheet[] {
  const byCleaner = new Map<string, TimesheetEntryFacts[]>();
  for (const entry of entries) byCleaner.set(entry.cleanerId, [...(byCleaner.get(entry.cleanerId) ?? []), entry]);
  return [...byCleaner.values()]
    .map((own) => {
      const sorted = own.toSorted(byStart);
      return {
        cleanerId: sorted[0].cleanerId,
        name: sorted[0].cleanerName,
        jobs: sorted.length,
        scheduledMinutes: sorted.reduce((sum, entry) => sum + scheduledMinutesOf(entry), 0),
        workedMinutes: sorted.reduce((sum, entry) => sum + workedMinutesOf(entry), 0),
        late: sorted.filter((entry) => isLateCheckIn(entry.start, entry.checkIn)).length,
        entries: sorted.map((entry) => ({
          bookingId: entry.bookingId,
          reference: entry.reference,
          start: entry.start.toISOString(),
          end: entry.end.toISOString(),
          checkIn: entry.checkIn?.toISOString() ?? null,
          checkOut: entry.checkOut?.toISOString() ?? null,
        })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en-AU") || a.cleanerId.localeCompare(b.cleanerId));
}

/** Hours as payroll writes them: 2 decimals ('7.25'). */
const hours = (minutes: number): string => (minutes / 60).toFixed(2);

export const TIMESHEET_CSV_COLUMNS = [
  "cleaner",
  "date",
  "reference",
  "start",
  "end",
  "checkIn",
  "checkOut",
  "scheduledMinutes",
  "workedMinutes",
  "workedHours",
  "late",
] as const;

/**
 * The timesheets as CSV for payroll: one line per job (Melbourne times, late "yes" or ""), then a
 * total line per cleaner (its reference cell says how many jobs; late is the count). UTF-8 with a
 * byte-order mark and CRLF lines, as the other exports.
 */
export function timesheetCsv(sheets: readonly Timesheet[], range: { from: string; to: string }): { fileName: string; csv: string } {
  const lines: string[] = [csvLine(TIMESHEET_CSV_COLUMNS)];
  for (const sheet of sheets) {
    for (const entry of sheet.entries) {
      const start = new Date(entry.start);
      const checkIn = entry.checkIn ? new Date(entry.checkIn) : null;
      const worked = workedMinutesOf({ checkIn, checkOut: entry.checkOut ? new Date(entry.checkOut) : null });
      lines.push(csvLine([
        sheet.name,
        melbourneYmd(start),
        entry.reference,
        csvDateTime(start),
        csvDateTime(new Date(entry.end)),
        csvDateTime(checkIn),
        csvDateTime(entry.checkOut ? new Date(entry.checkOut) : null),
        scheduledMinutesOf({ start, end: new Date(entry.end) }),
        worked,
        hours(worked),
        isLateCheckIn(start, checkIn) ? "yes" : "",
      ]));
    }
    lines.push(csvLine([
      sheet.name,
      "",
      `Total (${sheet.jobs} ${sheet.jobs === 1 ? "job" : "jobs"})`,
      "",
      "",
      "",
      "",
      sheet.scheduledMinutes,
      sheet.workedMinutes,
      hours(sheet.workedMinutes),
      sheet.late,
    ]));
  }
  return { fileName: `timesheets-${range.from}-to-${range.to}.csv`, csv: `\uFEFF${lines.join("\r\n")}\r\n` };
}
