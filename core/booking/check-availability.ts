/** The availability check behind the booking form's "Check availability" button. */
import type { z } from "zod";
import type { SettingsStore } from "../settings/ports.ts";
import type { Clock } from "../shared/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { capacityWindow, isSlotBlocked, SLOT_UNAVAILABLE } from "./capacity.ts";
import type { BookingReader } from "./ports.ts";
import type { AvailabilityCheck, availabilityResultSchema } from "./schemas.ts";
import { checkStartTime, DEFAULT_AVAILABILITY_HOURS } from "./scheduling.ts";

export type Availability = z.output<typeof availabilityResultSchema>;

export function makeCheckAvailability(deps: {
  settings: Pick<SettingsStore, "getScheduling">;
  bookings: Pick<BookingReader, "capacityStartsBetween">;
  clock: Clock;
}) {
  /** Advice only, never a 422: times the business never takes are "not available", with why. */
  return async (check: AvailabilityCheck): Promise<Availability> => {
    // availabilitySchema accepted it, so it parses.
    const start = parseIsoInstant(check.startTimeISO) as Date;
    const scheduling = await deps.settings.getScheduling();
    const answer = { startTime: start.toISOString(), durationHours: check.durationHours ?? DEFAULT_AVAILABILITY_HOURS };
    const outside = checkStartTime(start, deps.clock.now(), scheduling);
    if (outside) return { ...answer, available: false, reason: outside, code: "OUTSIDE_BOOKING_HOURS" };
    const window = capacityWindow(start, scheduling);
    const starts = await deps.bookings.capacityStartsBetween(window.from, window.to);
    return isSlotBlocked(start, starts, scheduling)
      ? { ...answer, available: false, reason: SLOT_UNAVAILABLE.message, code: SLOT_UNAVAILABLE.code }
      : { ...answer, available: true };
  };
}
