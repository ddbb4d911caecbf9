/** The availability check behind the booking form's "Check availability" button. */
import type { SettingsStore } from "../settings/ports.ts";
import type { Clock } from "../shared/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { isRecord } from "../shared/input.ts";
import {
  err,
  type FieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import { capacityWindow, isSlotBlocked } from "./capacity.ts";
import { DRAFT_MESSAGES } from "./draft-validation.ts";
import type { BookingReader } from "./ports.ts";
import { checkStartTime, DEFAULT_AVAILABILITY_HOURS } from "./scheduling.ts";
import { SLOT_UNAVAILABLE } from "./create-booking.ts";

export interface Availability {
  available: boolean;
  /** Why not, in words a customer understands. */
  reason?: string;
  /** Why not, for programs: SLOT_UNAVAILABLE or OUTSIDE_BOOKING_HOURS. */
  code?: string;
  startTime: string;
  durationHours: number;
}

export const DURATION_MESSAGE = "Duration must be between 0.5 and 24 hours.";

export function makeCheckAvailability(deps: {
  settings: Pick<SettingsStore, "getScheduling">;
  bookings: Pick<BookingReader, "capacityStartsBetween">;
  clock: Clock;
}) {
  /** `shapeErrors`: what the API's request schema found wrong (see create-booking.ts). */
  return async (input: unknown, shapeErrors: FieldErrors = {}): Promise<Result<Availability>> => {
    const body = isRecord(input) ? input : {};
    const raw = typeof body.startTimeISO === "string" ? body.startTimeISO.trim() : "";
    const start = raw ? parseIsoInstant(raw) : null;
    const duration = body.durationHours === undefined || body.durationHours === null
      ? DEFAULT_AVAILABILITY_HOURS
      : typeof body.durationHours === "number" ? body.durationHours : Number.NaN;
    const fieldErrors: FieldErrors = {};
    if (!raw) fieldErrors.startTimeISO = [DRAFT_MESSAGES.pickDateAndSlot];
    else if (!start) fieldErrors.startTimeISO = [DRAFT_MESSAGES.startTimeInvalid];
    if (!(Number.isFinite(duration) && duration >= 0.5 && duration <= 24)) {
      fieldErrors.durationHours = [DURATION_MESSAGE];
    }
    if (!start || hasFieldErrors(fieldErrors) || hasFieldErrors(shapeErrors)) {
      return err(validationError(mergeFieldErrors(fieldErrors, shapeErrors)));
    }

    const scheduling = await deps.settings.getScheduling();
    const answer = { startTime: start.toISOString(), durationHours: duration };
    const outside = checkStartTime(start, deps.clock.now(), scheduling);
    if (outside) return ok({ ...answer, available: false, reason: outside, code: "OUTSIDE_BOOKING_HOURS" });
    const window = capacityWindow(start, scheduling);
    const starts = await deps.bookings.capacityStartsBetween(window.from, window.to);
    return ok(
      isSlotBlocked(start, starts, scheduling)
        ? { ...answer, available: false, reason: SLOT_UNAVAILABLE.message, code: SLOT_UNAVAILABLE.code }
        : { ...answer, available: true },
    );
  };
}
