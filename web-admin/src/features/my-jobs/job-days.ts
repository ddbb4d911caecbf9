/** The days My jobs shows (issue 31) and how it writes them: Melbourne days, as the cleaner lives them. */
import { addDaysYmd, formatMelbourneTime, melbourneYmd, parseYmd, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { TeamJob } from "./my-jobs-api.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Friday 27 Nov' ('Fri 27 Nov' when short). */
export function dayText(ymd: string, short = false): string {
  const parts = parseYmd(ymd);
  if (!parts) return ymd;
  const weekday = WEEKDAYS[weekdayOfYmd(ymd)];
  return `${short ? weekday.slice(0, 3) : weekday} ${parts.day} ${MONTHS[parts.month - 1]}`;
}

export interface JobDay {
  ymd: string;
  /** 'Today', 'Tomorrow', then 'Friday 27 Nov'. */
  title: string;
  /** The date under Today and Tomorrow ('Wed 25 Nov'); none when the title is the date. */
  date: string | null;
  jobs: TeamJob[];
}

/** Each day of the range, with its jobs by start (a day without any has none, and says so). */
export function jobDays(jobs: readonly TeamJob[], range: { from: string; to: string }): JobDay[] {
  const byDay = new Map<string, TeamJob[]>();
  for (const job of jobs) {
    const ymd = melbourneYmd(new Date(job.startTime));
    byDay.set(ymd, [...(byDay.get(ymd) ?? []), job]);
  }
  const days: JobDay[] = [];
  // At most 32 days: the server answers no more than 31, and a range of bad text must still end.
  for (let ymd = range.from, index = 0; ymd <= range.to && index <= 31; ymd = addDaysYmd(ymd, 1), index += 1) {
    const named = index === 0 ? "Today" : index === 1 ? "Tomorrow" : null;
    days.push({
      ymd,
      title: named ?? dayText(ymd),
      date: named ? dayText(ymd, true) : null,
      jobs: (byDay.get(ymd) ?? []).toSorted((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a._id.localeCompare(b._id)),
    });
  }
  return days;
}

/** '9:00 am – 12:00 pm'. */
export const timeRange = (job: Pick<TeamJob, "startTime" | "endTime">): string =>
  `${formatMelbourneTime(new Date(job.startTime))} – ${formatMelbourneTime(new Date(job.endTime))}`;

/** A mark's time ('8:31 am'); another day's mark says its day too ('Fri 27 Nov, 8:31 am'). */
export function markTime(iso: string, jobStart: string): string {
  const at = new Date(iso);
  const time = formatMelbourneTime(at);
  const ymd = melbourneYmd(at);
  return ymd === melbourneYmd(new Date(jobStart)) ? time : `${dayText(ymd, true)}, ${time}`;
}
