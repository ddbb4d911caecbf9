/** The capacity rule of admin-area.md section 9, read literally (decisions.md, Scheduling). */
import { type DomainError, err, ok } from "../shared/result.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import type { CapacityClaim } from "./ports.ts";

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
 * A start S is blocked when at least maxConcurrentPerSlot existing starts E have
 * |E - S| < slotBufferMin minutes. `existingStarts` are capacity-holding BOOKING starts only.
 */
export function isSlotBlocked(
  start: Date,
  existingStarts: Date[],
  settings: CapacitySettings,
): boolean {
  if (!settings.enforceBuffer) return false;
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  const nearby =
    existingStarts.filter((e) => Math.abs(e.getTime() - start.getTime()) < bufferMs).length;
  return nearby >= settings.maxConcurrentPerSlot;
}

/** The closed interval of starts a store must read to decide on `start` (start ± buffer). */
export function capacityWindow(
  start: Date,
  settings: Pick<SchedulingSettings, "slotBufferMin">,
): { from: Date; to: Date } {
  const bufferMs = settings.slotBufferMin * MS_PER_MINUTE;
  return { from: new Date(start.getTime() - bufferMs), to: new Date(start.getTime() + bufferMs) };
}

/** A booking at `start` under the capacity rule, for the store to decide under its lock. */
export function capacityClaim(start: Date, settings: CapacitySettings): CapacityClaim {
  return {
    window: capacityWindow(start, settings),
    decide: (startsNearby) =>
      isSlotBlocked(start, startsNearby, settings) ? err(SLOT_UNAVAILABLE) : ok(null),
  };
}
