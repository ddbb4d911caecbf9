/**
 * Issue 31: the evening run sheet. At the hour the office chose (Melbourne time; none by default)
 * each cleaner with jobs tomorrow gets one e-mail listing them in order, once per cleaner and day:
 * the job (adapters/jobs/cleaner-notices.ts) claims (cleaner, day) in cleaner_run_sheets with the
 * e-mail, so a restart, a second process or a later minute of the same evening sends nothing more.
 */
import type { TeamNoticeSettings } from "../settings/team-notices.ts";
import { addDaysYmd, melbourneHourMinute, melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";

/** The Melbourne day whose run sheets are due at `now`, with its bounds; null when none is. */
export interface RunSheetDay {
  /** YYYY-MM-DD, tomorrow in Melbourne. */
  day: string;
  /** Jobs starting from this instant (Melbourne midnight)... */
  from: Date;
  /** ...and before this one (the next midnight). */
  to: Date;
}

/**
 * From the chosen hour until midnight, tomorrow's sheets are due (a process that was down at the
 * hour sends them when it is back the same evening); never when the run sheet is off.
 */
export function runSheetDue(settings: TeamNoticeSettings, now: Date): RunSheetDay | null {
  if (settings.runSheetHour === null) return null;
  if (melbourneHourMinute(now).hour < settings.runSheetHour) return null;
  const day = addDaysYmd(melbourneYmd(now), 1);
  return { day, from: melbourneInstant(day, 0), to: melbourneInstant(addDaysYmd(day, 1), 0) };
}

/** One of a cleaner's jobs on the run sheet: never a price, only what the visit needs. */
export interface RunSheetJob {
  bookingId: string;
  cleanerId: string;
  reference: string;
  startTime: Date;
  endTime: Date;
  address: string;
  customerFirstName: string;
  /** The service with its size: "Hourly Cleaning, 3 hours". */
  service: string;
}

export interface RunSheet {
  cleanerId: string;
  to: string;
  day: string;
  /** By start time. */
  jobs: RunSheetJob[];
}

/**
 * The run sheets to send for `day`: one per cleaner with an e-mail address and jobs that day who
 * has not had that day's sheet, each listing their jobs by start.
 */
export function runSheetsFor(
  day: string,
  jobs: readonly RunSheetJob[],
  emails: ReadonlyMap<string, string>,
  alreadySent: ReadonlySet<string>,
): RunSheet[] {
  const byCleaner = new Map<string, RunSheetJob[]>();
  for (const job of jobs) {
    if (melbourneYmd(job.startTime) !== day || alreadySent.has(job.cleanerId)) continue;
    if ((emails.get(job.cleanerId)?.trim() ?? "") === "") continue;
    byCleaner.set(job.cleanerId, [...byCleaner.get(job.cleanerId) ?? [], job]);
  }
  return [...byCleaner].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([cleanerId, list]) => ({
    cleanerId,
    to: emails.get(cleanerId)!.trim(),
    day,
    jobs: list.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || (a.bookingId < b.bookingId ? -1 : 1)),
  }));
}
