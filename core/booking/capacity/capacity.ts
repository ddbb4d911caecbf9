/**
 * The capacity rule of admin-area.md section 9 (decisions.md, Scheduling), extended by issue 14
 * to the job's real length.
 *
 * Read literally, a start S is blocked once maxConcurrentPerSlot capacity-holding bookings start
 * within slotBufferMin minutes of it. A visit now lasts its job length, so a booking also counts
 * against S when the two visits overlap in time. With every visit as long as the buffer or shorter
 * (the defaults: 2-hour visits, a 120-minute buffer) the two conditions are the same and the rule
 * is the spec's, word for word; a longer visit blocks the starts it would really run into.
 */
import { declareError, err, ok } from "../../shared/result.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import type { CapacityClaim, CapacityWindow, Occupancy, PackedVisits } from "../ports.ts";

export type CapacitySettings = Pick<
  SchedulingSettings,
  "slotBufferMin" | "maxConcurrentPerSlot" | "enforceBuffer"
>;

export const SLOT_UNAVAILABLE = declareError("conflict", "SLOT_UNAVAILABLE", "That time isn’t available. Please choose another.");

const MS_PER_MINUTE = 60_000;

/**
 * The longest a visit may run, in minutes: the end-of-day rule keeps a booked visit within its
 * day, so a booking that started more than this before a start can never reach it.
 */
export const MAX_JOB_MINUTES = 24 * 60;

/** A bare start is a visit of no length: only the spec's start rule applies to it. */
const asOccupancy = (visit: Date | Occupancy): Occupancy => (visit instanceof Date ? { start: visit, end: visit } : visit);

/** Whether a visit counts against a job (times in ms): starts within the buffer, or the visits overlap. */
function countsMs(jobStart: number, jobEnd: number, otherStart: number, otherEnd: number, bufferMs: number): boolean {
  return Math.abs(otherStart - jobStart) < bufferMs || (otherStart < jobEnd && jobStart < otherEnd);
}

function counts(job: Occupancy, other: Occupancy, bufferMs: number): boolean {
  return countsMs(job.start.getTime(), job.end.getTime(), other.start.getTime(), other.end.getTime(), bufferMs);
}

/**
 * Whether a visit (its start, or its start and end) is blocked by `existing`: the capacity-holding
 * BOOKING visits (PENDING, CONFIRMED, DONE) near it.
 */
export function isSlotBlocked(
  job: Date | Occupancy,
  existing: ReadonlyArray<Date | Occupancy>,
  settings: CapacitySettings,
): boolean {
  if (!settings.enforceBuffer) return false;
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  const visit = asOccupancy(job);
  const nearby = existing.filter((other) => counts(visit, asOccupancy(other), bufferMs)).length;
  return nearby >= settings.maxConcurrentPerSlot;
}

/**
 * The starts a store must read to decide on a visit: from the buffer (or the longest visit) before
 * its start to the buffer after its start or its end, whichever is later. Of the visits starting
 * a buffer or more before it, only those still running at its start can count (`counts`): a
 * visit that starts after `startsAfter` or ends after `endsAfter`.
 */
export function capacityWindow(
  job: Date | Occupancy,
  settings: Pick<SchedulingSettings, "slotBufferMin">,
): CapacityWindow {
  const visit = asOccupancy(job);
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  const lookBackMs = Math.max(bufferMs, MAX_JOB_MINUTES * MS_PER_MINUTE);
  return {
    from: new Date(visit.start.getTime() - lookBackMs),
    to: new Date(Math.max(visit.start.getTime() + bufferMs, visit.end.getTime())),
    startsAfter: new Date(visit.start.getTime() - bufferMs),
    endsAfter: visit.start,
  };
}

/** A booking's visit under the capacity rule, for the store to decide under its lock. */
export function capacityClaim(job: Date | Occupancy, settings: CapacitySettings): CapacityClaim {
  const visit = asOccupancy(job);
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  return {
    window: capacityWindow(job, settings),
    lockSpan: {
      from: new Date(visit.start.getTime() - bufferMs),
      to: new Date(Math.max(visit.start.getTime() + bufferMs, visit.end.getTime())),
    },
    decide: (nearby) => (isSlotBlocked(job, nearby, settings) ? err(SLOT_UNAVAILABLE) : ok(null)),
  };
}

/** Occupancy objects packed. */
export function packVisits(visits: ReadonlyArray<Occupancy>): PackedVisits {
  const starts = new Float64Array(visits.length);
  const ends = new Float64Array(visits.length);
  for (let i = 0; i < visits.length; i++) {
    starts[i] = visits[i].start.getTime();
    ends[i] = visits[i].end.getTime();
  }
  return { starts, ends };
}

/**
 * The visits of a range, sorted by start into two arrays of milliseconds, to judge many slots on
 * (the availability calendar: every slot of two months over a busy book). `blocks` is
 * isSlotBlocked on the visits of the job's capacityWindow, counted with the same rule without an
 * object per visit, and stops at the cap.
 */
export interface CapacityIndex {
  blocks(job: Occupancy, settings: CapacitySettings): boolean;
}

export function capacityIndex(visits: ReadonlyArray<Occupancy> | PackedVisits): CapacityIndex {
  let { starts, ends } = "starts" in visits ? visits : packVisits(visits);
  let inOrder = true;
  for (let i = 1; i < starts.length && inOrder; i++) if (starts[i] < starts[i - 1]) inOrder = false;
  if (!inOrder) {
    // Readers usually give them in start order already (an index's order); sorted here otherwise.
    const order = Array.from(starts.keys()).sort((a, b) => starts[a] - starts[b]);
    [starts, ends] = [Float64Array.from(order, (i) => starts[i]), Float64Array.from(order, (i) => ends[i])];
  }
  // The longest of these visits: one that starts further than that (and than the buffer) before a
  // job has ended before it and cannot count, so the scan starts there, not a whole
  // MAX_JOB_MINUTES before (a day of a busy book that no visit of a few hours can reach).
  let longestMs = 0;
  for (let i = 0; i < starts.length; i++) longestMs = Math.max(longestMs, ends[i] - starts[i]);
  return {
    blocks(job, settings) {
      if (!settings.enforceBuffer) return false;
      const cap = settings.maxConcurrentPerSlot;
      if (cap <= 0) return true;
      const window = capacityWindow(job, settings);
      const [jobStart, jobEnd] = [job.start.getTime(), job.end.getTime()];
      const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
      const [from, to] = [Math.max(window.from.getTime(), jobStart - Math.max(bufferMs, longestMs)), window.to.getTime()];
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (starts[mid] < from) low = mid + 1;
        else high = mid;
      }
      let holding = 0;
      for (let i = low; i < starts.length && starts[i] <= to; i++) {
        if (countsMs(jobStart, jobEnd, starts[i], ends[i], bufferMs) && ++holding >= cap) return true;
      }
      return false;
    },
  };
}
