/**
 * The staff calls of the team (issue 16): list, add, edit and deactivate cleaners, and put them on
 * jobs. Every change is one transaction with its audit row; a change that changes nothing writes
 * nothing.
 */
import { type Actor, auditEntry } from "../admin/audit.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { Clock } from "../shared/ports.ts";
import { err, notFound, ok, type Result } from "../shared/result.ts";
import type { CleanersStore } from "./ports.ts";
import { checkAssignment, CLEANER_ERRORS, defaultColour, sameAssignment } from "./rules.ts";
import type { AssignmentInput, CleanerInput, CleanerPatch } from "./schemas.ts";
import type { Cleaner, CleanerChanges } from "./types.ts";

/** The audit rows of the team name this entity, with the cleaner's id. */
export const CLEANER_ENTITY = "cleaner";

const bookingNotFound = notFound("Booking", "BOOKING_NOT_FOUND");

/** The fields of `patch` whose value differs from `current`: what an edit really changes. */
function changesOf(current: Cleaner, patch: CleanerPatch): CleanerChanges {
  const changes: CleanerChanges = {};
  for (const key of ["name", "phone", "email", "colour", "active"] as const) {
    const value = patch[key];
    if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value });
  }
  return changes;
}

/** The same fields as they were. */
const previous = (current: Cleaner, changes: CleanerChanges): CleanerChanges =>
  Object.fromEntries(Object.keys(changes).map((key) => [key, current[key as keyof CleanerChanges]]));

export function makeCleanersAdmin(deps: { cleaners: CleanersStore; clock: Clock }) {
  const { cleaners, clock } = deps;

  /** Applies `patch` to the cleaner under its row lock; audited as `action` when it changes something. */
  const change = (actor: Actor, id: string, patch: CleanerPatch, action: string): Promise<Result<Cleaner>> =>
    cleaners.transaction(async (tx) => {
      const current = await tx.lockCleaner(id);
      if (!current) return err(CLEANER_ERRORS.notFound);
      const changes = changesOf(current, patch);
      if (Object.keys(changes).length === 0) return ok(current);
      const updated = await tx.updateCleaner(id, changes, clock.now());
      await tx.audit(auditEntry(actor, action, CLEANER_ENTITY, id, previous(current, changes), changes));
      return ok(updated);
    });

  return {
    /** The team by name; deactivated cleaners only when asked. */
    list: (options: { includeInactive: boolean }): Promise<Cleaner[]> => cleaners.list(options),

    /** A new, active cleaner; without a colour, the first palette colour no active cleaner has. */
    create: (actor: Actor, input: CleanerInput): Promise<Cleaner> =>
      cleaners.transaction(async (tx) => {
        const colour = input.colour ?? defaultColour(await tx.activeColours());
        const created = await tx.insertCleaner({ ...input, colour, active: true }, clock.now());
        await tx.audit(auditEntry(actor, "cleaner.create", CLEANER_ENTITY, created._id, null, created));
        return created;
      }),

    /** Any of name, phone, e-mail, colour and active; audited with the fields that changed, before and after. */
    update: (actor: Actor, id: string, patch: CleanerPatch): Promise<Result<Cleaner>> => change(actor, id, patch, "cleaner.update"),

    /** Deactivates: the cleaner stays on the jobs they had, and is offered for no new one. */
    deactivate: (actor: Actor, id: string): Promise<Result<Cleaner>> => change(actor, id, { active: false }, "cleaner.deactivate"),

    /**
     * Puts `cleanerIds` on the booking, in that order, replacing whoever was on it. Under the
     * booking's row lock and the cleaners' locks, so of two jobs at overlapping times racing for
     * one cleaner exactly one gets them; the loser gets 409 CLEANER_BUSY naming the winner.
     */
    assign: (actor: Actor, bookingId: string, input: AssignmentInput): Promise<Result<BookingRecord>> =>
      cleaners.transaction(async (tx) => {
        const before = await tx.lockBooking(bookingId);
        if (!before) return err(bookingNotFound);
        const { cleanerIds } = input;
        if (sameAssignment(before.cleanerIds, cleanerIds)) return ok(before);
        const allowed = checkAssignment(before, cleanerIds, await tx.cleanersByIds(cleanerIds));
        if (!allowed.ok) return allowed;
        const decision = await tx.decideCleanersFree({ bookingId, cleanerIds, start: before.startTime, end: before.endTime });
        if (!decision.ok) return decision;
        const after = await tx.setBookingCleaners(bookingId, cleanerIds, clock.now());
        await tx.audit(
          auditEntry(actor, "booking.cleaners", "booking", bookingId, { cleanerIds: before.cleanerIds }, { cleanerIds: after.cleanerIds }),
        );
        return ok(after);
      }),
  };
}

export type CleanersAdmin = ReturnType<typeof makeCleanersAdmin>;
