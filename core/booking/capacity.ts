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
import { type DomainError, err, ok } from "../shared/result.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import type { CapacityClaim, Occupancy } from "./ports.ts";

export type CapacitySettings = Pick<
  SchedulingSettings,
  "slotBufferMin" | "maxConcurrentPerSlot" | "enforceBuffer"
>;

export const SLOT_UNAVAILABLE = {
  kind: "conflict",
  code: "SLOT_UNAVAILABLE",
  message: "That time isn’t available. Please choose another.",
} as const satisfies DomainError;

const MS_PER_MINUTE = 60_000;

/**
 * The longest a visit may run, in minutes: the end-of-day rule keeps a booked visit within its
 * day, so a booking that started more than this before a start can never reach it.
 */
export const MAX_JOB_MINUTES = 24 * 60;

/** A bare start is a visit of no length: only the spec's start rule applies to it. */
const asOccupancy = (visit: Date | Occupancy): Occupancy => (visit instanceof Date ? { start: visit, end: visit } : visit);

/** Whether `other` counts against `job`: starts within the buffer, or the visits overlap. */
function counts(job: Occupancy, other: Occupancy, bufferMs: number): boolean {
  const startsNear = Math.abs(other.start.getTime() - job.start.getTime()) < bufferMs;
  const overlap = other.start.getTime() < job.end.getTime() && job.start.getTime() < other.end.getTime();
  return startsNear || overlap;
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
 * its start to the buffer after its start or its end, whichever is later.
 */
export function capacityWindow(
  job: Date | Occupancy,
  settings: Pick<SchedulingSettings, "slotBufferMin">,
): { from: Date; to: Date } {
  const visit = asOccupancy(job);
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  const lookBackMs = Math.max(bufferMs, MAX_JOB_MINUTES * MS_PER_MINUTE);
  return {
    from: new Date(visit.start.getTime() - lookBackMs),
    to: new Date(Math.max(visit.start.getTime() + bufferMs, visit.end.getTime())),
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
