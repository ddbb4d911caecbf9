/**
 * The team's rules (issue 16): who may be put on a job, how a clash is told (the rule about time is
 * team.ts's) and the colour a new cleaner is drawn in.
 */
import { formatAppointment } from "../shared/melbourne-time.ts";
import { declareError, type DomainError, err, notFound, ok, type Result, validationError, type ValidationFailed } from "../shared/result.ts";
import { CLEANER_MESSAGES } from "./schemas.ts";
import type { Cleaner, CleanerCommitment } from "./types.ts";

/**
 * Colours a new cleaner gets when staff choose none, in order. Each is dark enough for white text
 * (contrast 4.5:1 or more) and far enough from the others to tell columns apart.
 */
export const CLEANER_PALETTE = [
  "#1f7a6d", // teal
  "#6d28d9", // violet
  "#b45309", // amber
  "#be185d", // pink
  "#1d4ed8", // blue
  "#4d7c0f", // olive
  "#9f1239", // rose
  "#0e7490", // cyan
  // Twelve in all (issue 34): a team of ten or twelve still has a colour each on the schedule.
  "#4338ca", // indigo
  "#15803d", // green
  "#a21caf", // fuchsia
  "#475569", // slate
] as const;

/** The first palette colour no active cleaner has; past the palette's twelve it starts again. */
export function defaultColour(coloursInUse: readonly string[]): string {
  const used = new Set(coloursInUse.map((colour) => colour.toLowerCase()));
  return CLEANER_PALETTE.find((colour) => !used.has(colour)) ?? CLEANER_PALETTE[coloursInUse.length % CLEANER_PALETTE.length];
}

export const CLEANER_ERRORS = {
  notFound: notFound("Cleaner", "CLEANER_NOT_FOUND"),
  quote: {
    kind: "conflict",
    code: "QUOTE_NOT_ASSIGNABLE",
    message: "A quote has no job to clean yet. Turn it into a booking first.",
  },
  cancelled: {
    kind: "conflict",
    code: "BOOKING_NOT_ASSIGNABLE",
    message: "This booking is cancelled, so no one can be put on it.",
  },
} as const satisfies Record<string, DomainError>;

/** A cleaner already on another job then (the database's own guard answers with this text). */
export const CLEANER_BUSY = declareError(
  "conflict",
  "CLEANER_BUSY",
  "The cleaner for this job is already booked at that time. Please choose another time.",
);

/** 409 CLEANER_BUSY: names the cleaner, the other booking's reference and its time. */
export function cleanerBusy(cleanerName: string, clash: CleanerCommitment): DomainError<"CLEANER_BUSY"> {
  return {
    ...CLEANER_BUSY,
    message: `${cleanerName} is already on ${clash.reference} at that time: ${formatAppointment(clash.start, clash.end)}.`,
    details: { cleanerId: clash.cleanerId, bookingId: clash.bookingId, reference: clash.reference },
  };
}

/**
 * Whether `cleanerIds` may be put on `booking`, given the cleaners of the team they name
 * (`found`). Emptying a job is always allowed. Only bookings that are not cancelled take cleaners;
 * each must be a cleaner of the team, and an active one, unless already on this job (a cleaner
 * who left can stay on the jobs they had).
 */
export function checkAssignment(
  booking: { type: "BOOKING" | "QUOTE"; status: string; cleanerIds: readonly string[] },
  cleanerIds: readonly string[],
  found: readonly Cleaner[],
): Result<null, DomainError<"QUOTE_NOT_ASSIGNABLE" | "BOOKING_NOT_ASSIGNABLE" | "VALIDATION_FAILED">> {
  if (cleanerIds.length === 0) return ok(null);
  if (booking.type === "QUOTE") return err(CLEANER_ERRORS.quote);
  if (booking.status === "CANCELLED") return err(CLEANER_ERRORS.cancelled);
  return checkCleaners(booking.cleanerIds, cleanerIds, found);
}

/**
 * Whether `cleanerIds` may be put on jobs that now have `current`: each a cleaner of the team
 * (`found`), and an active one unless among `current`. A 422 on cleanerIds, each problem said once.
 */
export function checkCleaners(
  current: readonly string[],
  cleanerIds: readonly string[],
  found: readonly Cleaner[],
): Result<null, ValidationFailed> {
  const byId = new Map(found.map((cleaner) => [cleaner._id, cleaner]));
  const messages: string[] = [];
  for (const id of cleanerIds) {
    const cleaner = byId.get(id);
    if (!cleaner) {
      if (!messages.includes(CLEANER_MESSAGES.unknown)) messages.push(CLEANER_MESSAGES.unknown);
    } else if (!cleaner.active && !current.includes(id)) {
      messages.push(CLEANER_MESSAGES.inactive(cleaner.name));
    }
  }
  return messages.length === 0 ? ok(null) : err(validationError({ cleanerIds: messages }));
}

/** The same cleaners in the same order: saving it again changes nothing. */
export const sameAssignment = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);
