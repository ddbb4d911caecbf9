/** The availability check behind the booking form's "Check availability" button. */
import type { z } from "zod";
import type { ClosedDatesStore, SettingsStore } from "../../settings/ports.ts";
import type { Clock } from "../../shared/ports.ts";
import { parseIsoInstant } from "../../shared/iso-instant.ts";
import { capacityClaim, SLOT_UNAVAILABLE } from "./capacity.ts";
import { readTeam } from "./availability.ts";
import type { TeamReader } from "./team-availability.ts";

/** Team mode's travel gap is at most 4 hours (the settings' clamp): the read reaches that far past a visit. */
const MAX_GAP_MS = 4 * 60 * 60_000;
import type { BookingReader } from "../ports.ts";
import type { AvailabilityCheck, availabilityResultSchema } from "../schemas.ts";
import { closedDateLabels, closedDateLookupDay, DEFAULT_AVAILABILITY_HOURS, startTimeProblem, visitEnd } from "./scheduling.ts";

export type Availability = z.output<typeof availabilityResultSchema>;

export function makeCheckAvailability(deps: {
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  bookings: Pick<BookingReader, "capacityHoldersBetween">;
  /** Team mode's read (issue 28). */
  team?: TeamReader;
  clock: Clock;
}) {
  /**
   * Advice only, never a 422: times the business never takes are "not available", with why. The
   * same two rules as a booking: the start's (closed dates and the end of the day included) and
   * the capacity claim's decision on the visits the store would read.
   */
  return async (check: AvailabilityCheck): Promise<Availability> => {
    // availabilitySchema accepted it, so it parses.
    const start = parseIsoInstant(check.startTimeISO) as Date;
    const durationHours = check.durationHours ?? DEFAULT_AVAILABILITY_HOURS;
    const lengthMinutes = Math.round(durationHours * 60);
    const ymd = closedDateLookupDay(start);
    const [scheduling, closedDates] = await Promise.all([
      deps.settings.getScheduling(),
      ymd ? deps.closedDates.list({ from: ymd, to: ymd }) : [],
    ]);
    const answer = { startTime: start.toISOString(), durationHours };
    const visit = { closedDates: closedDateLabels(closedDates), lengthMinutes };
    const outside = startTimeProblem(start, deps.clock.now(), scheduling, visit);
    if (outside) return { ...answer, available: false, reason: outside.message, code: "OUTSIDE_BOOKING_HOURS" };
    const job = { start, end: visitEnd(start, lengthMinutes) };
    const claim = capacityClaim(job, scheduling);
    const [nearby, team] = await Promise.all([
      deps.bookings.capacityHoldersBetween(claim.window.from, claim.window.to, claim.window),
      readTeam(deps.team, scheduling, claim.window.from, new Date(job.end.getTime() + MAX_GAP_MS)),
    ]);
    return claim.decide(nearby).ok && (!team || team.canTake(job))
      ? { ...answer, available: true }
      : { ...answer, available: false, reason: SLOT_UNAVAILABLE.message, code: SLOT_UNAVAILABLE.code };
  };
}
