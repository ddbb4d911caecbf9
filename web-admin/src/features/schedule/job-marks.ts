/**
 * Issue 31: what a job's card says of its cleaners' taps (GET /api/admin/schedule's attendance):
 * on the way, arrived, done; and the server's late flag. Text, so it reads without the colours.
 */
import { SCHEDULE_LATE_AFTER_MIN } from "@yarra/core/booking/staff/schedule-schemas.ts";
import type { ScheduleJob } from "./schedule-api.ts";
import { formatTime } from "./schedule-dates.ts";

export const JOB_MARKS_TEXT = {
  onTheWay: (time: string) => `On the way ${time}`,
  arrived: (time: string) => `Arrived ${time}`,
  done: (time: string) => `Done ${time}`,
  late: "Late",
  /** Read after "Late" by a screen reader; the colour says it to the eye. */
  lateDetail: ": not checked in",
  lateLegend: `not checked in ${SCHEDULE_LATE_AFTER_MIN} min after the start`,
  lateCount: (count: number) => `${count} late`,
} as const;

export interface JobMarks {
  /** The first On my way, while nobody has arrived; null otherwise. */
  onTheWayAt: string | null;
  /** The first check-in of any of its cleaners. */
  arrivedAt: string | null;
  /** The last check-out, once everyone who checked in has checked out. */
  doneAt: string | null;
}

const earliest = (times: (string | null)[]) =>
  times.filter((time) => time !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
const latest = (times: (string | null)[]) =>
  times.filter((time) => time !== null).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;

export function jobMarks(job: Pick<ScheduleJob, "attendance">): JobMarks {
  const attendance = job.attendance ?? [];
  const arrivedAt = earliest(attendance.map((mark) => mark.checkInAt));
  const arrived = attendance.filter((mark) => mark.checkInAt !== null);
  // One cleaner leaving while another still works is not the job done.
  const allLeft = arrived.length > 0 && arrived.every((mark) => mark.checkOutAt !== null);
  return {
    onTheWayAt: arrivedAt === null ? earliest(attendance.map((mark) => mark.onMyWayAt)) : null,
    arrivedAt,
    doneAt: allLeft ? latest(arrived.map((mark) => mark.checkOutAt)) : null,
  };
}

/** The card's marks as text, in the order they happen: ["Arrived 8:52 am", "Done 11:40 am"]. */
export function markTexts(marks: JobMarks): { kind: "on-the-way" | "arrived" | "done"; text: string }[] {
  const texts: { kind: "on-the-way" | "arrived" | "done"; text: string }[] = [];
  if (marks.onTheWayAt) texts.push({ kind: "on-the-way", text: JOB_MARKS_TEXT.onTheWay(formatTime(marks.onTheWayAt)) });
  if (marks.arrivedAt) texts.push({ kind: "arrived", text: JOB_MARKS_TEXT.arrived(formatTime(marks.arrivedAt)) });
  if (marks.doneAt) texts.push({ kind: "done", text: JOB_MARKS_TEXT.done(formatTime(marks.doneAt)) });
  return texts;
}
