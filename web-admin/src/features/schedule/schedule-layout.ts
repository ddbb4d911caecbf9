/** How a day is laid out: its columns, the hours on its axis, and jobs side by side where they overlap. */
import { CLEANER_PALETTE } from "@yarra/core/cleaners/rules.ts";
import type { SchedulingSettings } from "@yarra/core/settings/types.ts";
import type { Schedule, ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";
import { daysOf, jobDate, wallMinutes } from "./schedule-dates.ts";

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

/**
 * Issue 34: the day grid's widths, in rem. A column is narrow (a cleaner's name on two lines, the
 * cards compact until pointed at or focused), so eleven columns fit the 1280 px screen's 961 px
 * box; the grid scrolls sideways only when the minimums pass the box (past about 12 cleaners).
 */
export const DAY_GRID = {
  /** The time axis. */
  axisRem: 2.75,
  /** A column with one job at a time. */
  columnRem: 4.25,
  /** Each further job side by side in a column (up to three abreast). */
  laneRem: 3.5,
  maxLanes: 3,
  remPx: 16,
} as const;

/** Most jobs side by side anywhere in a column's day, capped at three. */
export const lanesAbreast = (lanes: ReadonlyMap<string, Lane>) =>
  Math.min(DAY_GRID.maxLanes, Math.max(1, ...[...lanes.values()].map((lane) => lane.lanes)));

/** Each column's least width (rem), from how many jobs sit side by side in it. */
export const columnMinRem = (abreast: number) => DAY_GRID.columnRem + DAY_GRID.laneRem * (Math.min(DAY_GRID.maxLanes, Math.max(1, abreast)) - 1);

/** The grid's columns (axis, then one per column, sharing what is left) and the least width it needs, in px. */
export function dayGrid(abreastByColumn: readonly number[]): { template: string; minWidthPx: number } {
  const mins = abreastByColumn.map(columnMinRem);
  const template = `${DAY_GRID.axisRem}rem ${
    mins.map((min, index) => `minmax(${min}rem, ${Math.min(DAY_GRID.maxLanes, Math.max(1, abreastByColumn[index]))}fr)`).join(" ")
  }`;
  const minWidthPx = (DAY_GRID.axisRem + mins.reduce((sum, min) => sum + min, 0)) * DAY_GRID.remPx;
  return { template, minWidthPx };
}

/** A name as the narrow column heading shows it: the first word, then the rest, on two lines. */
export function nameLines(name: string): [string, string] {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  return space === -1 ? [trimmed, ""] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}

/** Up to two initials (first and last word), for a chip too narrow for the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...words[0]][0] ?? "";
  const last = words.length > 1 ? [...words[words.length - 1]][0] ?? "" : "";
  return (first + last).toLocaleUpperCase("en-AU");
}

/**
 * Issue 34: no two cleaners on the schedule in one colour while the palette lasts. Each keeps their
 * own colour unless someone listed before them (active ones first) has it already; they then show
 * in the first palette colour nobody has. Once the palette is used up, colours repeat.
 */
export function distinctColours<C extends ScheduleCleaner>(cleaners: readonly C[]): C[] {
  const order = [...cleaners.keys()].sort((a, b) => Number(cleaners[b].active) - Number(cleaners[a].active) || a - b);
  const owners = new Set<string>();
  const clashes = new Set<number>();
  for (const index of order) {
    const colour = cleaners[index].colour.toLowerCase();
    if (owners.has(colour)) clashes.add(index);
    else owners.add(colour);
  }
  const result = [...cleaners];
  for (const index of order) {
    if (!clashes.has(index)) continue;
    const free = CLEANER_PALETTE.find((colour) => !owners.has(colour));
    if (!free) break;
    owners.add(free);
    result[index] = { ...cleaners[index], colour: free };
  }
  return result;
}

/** The Unassigned row, then one per active cleaner, and an inactive one only with a job that week. */
export interface WeekRow {
  id: string;
  cleaner: ScheduleCleaner | null;
  /** The row's jobs by date, each day's in start order. */
  byDate: Map<string, ScheduleJob[]>;
  count: number;
}

/** Issue 34: the week as a row per cleaner (and Unassigned first), a cell per day. */
export function weekRows(schedule: Schedule, from: string, to: string): WeekRow[] {
  const dates = daysOf(from, to);
  const perDay = dates.map((date) => dayColumns(schedule, date));
  const rows: WeekRow[] = [{ id: UNASSIGNED, cleaner: null, byDate: new Map(), count: 0 }];
  for (const cleaner of schedule.cleaners) rows.push({ id: cleaner._id, cleaner, byDate: new Map(), count: 0 });
  dates.forEach((date, index) => {
    for (const column of perDay[index]) {
      const row = rows.find((candidate) => candidate.id === column.id);
      if (!row) continue;
      row.byDate.set(date, column.jobs);
      row.count += column.jobs.length;
    }
  });
  return rows.filter((row) => row.cleaner === null || row.cleaner.active || row.count > 0);
}
