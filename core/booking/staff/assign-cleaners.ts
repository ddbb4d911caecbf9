/**
 * Putting cleaners on a job (issue 16, `PUT /api/admin/bookings/{id}/cleaners`): a booking's
 * change, so it lives with the bookings and goes through the one reservation (issue 28); the team's
 * own rules (who may be put on a job at all) are the cleaners' (core/cleaners/rules.ts).
 */
import { type Actor, type AuditEntry, auditEntry } from "../../shared/audit.ts";
import type { Clock, InTransaction } from "../../shared/ports.ts";
import { err, type ErrorOf, ok, type Result, VALIDATION_FAILED } from "../../shared/result.ts";
import type { SettingsStore } from "../../settings/ports.ts";
import { SCHEDULING_DEFAULTS } from "../../settings/types.ts";
import { checkAssignment, CLEANER_ERRORS, sameAssignment } from "../../cleaners/rules.ts";
import type { AssignmentInput } from "../../cleaners/schemas.ts";
import type { Cleaner } from "../../cleaners/types.ts";
import { RESERVATION_ERRORS, reservation, type ReserveJob } from "../capacity/reservation.ts";
import { BOOKING_NOT_FOUND } from "../status.ts";
import type { BookingRecord } from "../types.ts";

/** Ports inside one transaction: the assignment and its audit row commit together. */
export interface AssignCleanersTx {
  /** Reads the booking (with its cleaners) and holds its row until the transaction ends. */
  lockBooking(id: string): Promise<BookingRecord | null>;
  /** The cleaners of the team among `ids` (any that are not are left out), active or not. */
  cleanersByIds(ids: readonly string[]): Promise<Cleaner[]>;
  /** The one reservation (core/booking/capacity/reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  /** Replaces the booking's cleaners with `cleanerIds`, in that order, and returns the booking. */
  setBookingCleaners(bookingId: string, cleanerIds: readonly string[], at: Date): Promise<BookingRecord>;
  audit(entry: AuditEntry): Promise<void>;
}

/**
 * What putting cleaners on a job can refuse: the booking, who may be put on it (a quote, a
 * cancelled booking, an unknown or inactive cleaner), then the one reservation (each cleaner free
 * then; in team mode working and not on leave).
 */
export const ASSIGN_CLEANERS_ERRORS = [
  BOOKING_NOT_FOUND,
  CLEANER_ERRORS.quote,
  CLEANER_ERRORS.cancelled,
  VALIDATION_FAILED,
  ...RESERVATION_ERRORS,
] as const;
export type AssignCleanersError = ErrorOf<typeof ASSIGN_CLEANERS_ERRORS>;

export function makeCleanerAssignment(deps: {
  store: { transaction: InTransaction<AssignCleanersTx> };
  clock: Clock;
  settings?: Pick<SettingsStore, "getScheduling">;
}) {
  const { store, clock } = deps;
  const scheduling = () => deps.settings?.getScheduling() ?? Promise.resolve(SCHEDULING_DEFAULTS);
  return {
    /**
     * Puts `cleanerIds` on the booking, in that order, replacing whoever was on it. Under the
     * booking's row lock and the cleaners' locks, so of two jobs at overlapping times racing for
     * one cleaner exactly one gets them; the loser gets 409 CLEANER_BUSY naming the winner.
     */
    assign: async (actor: Actor, bookingId: string, input: AssignmentInput): Promise<Result<BookingRecord, AssignCleanersError>> => {
      const rules = await scheduling();
      return store.transaction(async (tx) => {
        const before = await tx.lockBooking(bookingId);
        if (!before) return err(BOOKING_NOT_FOUND);
        const { cleanerIds } = input;
        if (sameAssignment(before.cleanerIds, cleanerIds)) return ok(before);
        const allowed = checkAssignment(before, cleanerIds, await tx.cleanersByIds(cleanerIds));
        if (!allowed.ok) return allowed;
        // The one reservation (issue 28): each cleaner free then (in team mode, working and not on
        // leave), under the job's day locks and the cleaners' locks; the job's own place is unchanged.
        const reserved = await tx.reserve(
          reservation({ start: before.startTime, end: before.endTime }, rules, {
            bookingId,
            takesPlace: false,
            refuseClosed: false,
            cleaners: { kind: "require", ids: cleanerIds, stays: before.cleanerIds },
            pick: false,
            audience: "staff",
          }),
          () => tx.setBookingCleaners(bookingId, cleanerIds, clock.now()),
        );
        if (!reserved.ok) return reserved;
        const after = reserved.value.booking;
        await tx.audit(
          auditEntry(actor, "booking.cleaners", "booking", bookingId, { cleanerIds: before.cleanerIds }, { cleanerIds: after.cleanerIds }),
        );
        return ok(after);
      });
    },
  };
}

export type CleanerAssignment = ReturnType<typeof makeCleanerAssignment>;
