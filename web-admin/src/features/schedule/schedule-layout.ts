/** How a day is laid out: its columns, the hours on its axis, and jobs side by side where they overlap. */
import type { SchedulingSettings } from "@yarra/core/settings/types.ts";
import type { Schedule, ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";
import { jobDate, wallMinutes } from "./schedule-dates.ts";

/** The column of jobs nobody is on yet (and the drop target that takes a cleaner off a job). */
export const UNASSIGNED = "unassigned";

export interface DayColumn {
  /** A cleaner's id, or UNASSIGNED. */
  id: string;
  cleaner: ScheduleCleaner | null;
  jobs: ScheduleJob[];
}

/** The day's jobs by start (the server sends them so; a list patched after a write may not be). */
export const jobsOn = (schedule: Schedule, date: string) =>
  schedule.jobs.filter((job) => jobDate(job.startTime) === date).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));

/**
 * Unassigned first (it must stand out), then a column per active cleaner, and an inactive one only
 * while they still hold a job that day. A job with two cleaners is in both their columns.
 */
export function dayColumns(schedule: Schedule, date: string): DayColumn[] {
  const jobs = jobsOn(schedule, date);
  const known = new Set(schedule.cleaners.map((cleaner) => cleaner._id));
  // A job whose only cleaners the answer does not list would vanish: it shows as unassigned.
  const unassigned = jobs.filter((job) => !job.cleanerIds.some((id) => known.has(id)));
  const columns: DayColumn[] = [{ id: UNASSIGNED, cleaner: null, jobs: unassigned }];
  for (const cleaner of schedule.cleaners) {
    const theirs = jobs.filter((job) => job.cleanerIds.includes(cleaner._id));
    if (cleaner.active || theirs.length > 0) columns.push({ id: cleaner._id, cleaner, jobs: theirs });
  }
  return columns;
}

/** Whole hours from the first start hour to the close of the day, widened to fit any job outside them. */
export function axisHours(
  jobs: readonly ScheduleJob[],
  settings: Pick<SchedulingSettings, "firstSlotHour" | "dayEndHour">,
): { first: number; last: number } {
  let first = settings.firstSlotHour;
  let last = Math.max(settings.dayEndHour, first + 1);
  for (const job of jobs) {
    const start = wallMinutes(job.startTime);
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.min(24, Math.ceil((start + lengthMinutes(job)) / 60)));
  }
  return { first, last };
}

/** At least half an hour, so a job is never drawn too thin to read. */
export const lengthMinutes = (job: ScheduleJob) => Math.max(30, Math.round((Date.parse(job.endTime) - Date.parse(job.startTime)) / 60_000));

export interface Lane {
  lane: number;
  lanes: number;
}

/** Overlapping jobs in one column sit side by side: each group of overlaps shares its lane count. */
export function lanesOf(jobs: readonly ScheduleJob[]): Map<string, Lane> {
  const placed = new Map<string, Lane>();
  const sorted = [...jobs].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  let group: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const closeGroup = () => {
    for (const member of group) placed.set(member.id, { lane: member.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const job of sorted) {
    const start = Date.parse(job.startTime);
    const end = Math.max(Date.parse(job.endTime), start + 30 * 60_000);
    if (start >= groupEnd) {
      closeGroup();
      groupEnd = Number.NEGATIVE_INFINITY;
    }
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    group.push({ id: job._id, lane });
    groupEnd = Math.max(groupEnd, end);
  }
  closeGroup();
  return placed;
}

/**
 * A job dragged from one column to another: off the column it left (unless that was Unassigned),
 * onto the one it reached (unless that is Unassigned). Null when nothing changes.
 */
export function movedCleanerIds(job: ScheduleJob, from: string, to: string): string[] | null {
  if (from === to) return null;
  const kept = from === UNASSIGNED ? [...job.cleanerIds] : job.cleanerIds.filter((id) => id !== from);
  const next = to === UNASSIGNED || kept.includes(to) ? kept : [...kept, to];
  const same = next.length === job.cleanerIds.length && next.every((id, index) => id === job.cleanerIds[index]);
  return same ? null : next;
}
