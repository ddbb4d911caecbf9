/**
 * The office's correction of a cleaner's times (issue 31), judged before it is sent with core's
 * words: only the boxes changed are sent (an untouched time keeps its seconds), an emptied box
 * clears its time, and the check-out must come after a check-in, neither in the future.
 */
import { TEAM_MESSAGES } from "@yarra/core/team/schemas.ts";
import type { AttendanceCorrectionBody, AttendanceItem } from "./attendance-api.ts";
import { instantOfLocalInput, localInputOf } from "./attendance-times.ts";

export const CORRECTION_TEXT = {
  notATime: "Enter a date and a time.",
  unchanged: "Change a time first, or cancel.",
} as const;

/** The correction form's boxes: Melbourne wall-clock times, '' for none. */
export interface CorrectionValues {
  checkInAt: string;
  checkOutAt: string;
}

export const correctionValuesOf = (item: Pick<AttendanceItem, "checkInAt" | "checkOutAt">): CorrectionValues => ({
  checkInAt: localInputOf(item.checkInAt),
  checkOutAt: localInputOf(item.checkOutAt),
});

type Verdict = { ok: true; value: AttendanceCorrectionBody } | { ok: false; fieldErrors: Record<string, string[]> };

export function correctionOf(item: Pick<AttendanceItem, "checkInAt" | "checkOutAt">, values: CorrectionValues, now: Date): Verdict {
  const saved = correctionValuesOf(item);
  const fieldErrors: Record<string, string[]> = {};
  const body: AttendanceCorrectionBody = {};
  /** The time a box now stands for: its new one, or the saved one when untouched. */
  const effective: Record<keyof CorrectionValues, Date | null> = { checkInAt: null, checkOutAt: null };

  for (const field of ["checkInAt", "checkOutAt"] as const) {
    const typed = values[field].trim();
    if (typed === saved[field]) {
      effective[field] = item[field] ? new Date(item[field]) : null;
      continue;
    }
    if (typed === "") {
      body[field] = null;
      continue;
    }
    const instant = instantOfLocalInput(typed);
    if (!instant) fieldErrors[field] = [CORRECTION_TEXT.notATime];
    else if (instant.getTime() > now.getTime()) fieldErrors[field] = [TEAM_MESSAGES.inFuture];
    else {
      effective[field] = instant;
      body[field] = instant.toISOString();
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  if (effective.checkOutAt && !effective.checkInAt) return { ok: false, fieldErrors: { checkOutAt: [TEAM_MESSAGES.checkOutWithoutCheckIn] } };
  if (effective.checkOutAt && effective.checkInAt && effective.checkOutAt.getTime() <= effective.checkInAt.getTime()) {
    return { ok: false, fieldErrors: { checkOutAt: [TEAM_MESSAGES.checkOutBeforeCheckIn] } };
  }
  if (Object.keys(body).length === 0) return { ok: false, fieldErrors: { checkInAt: [CORRECTION_TEXT.unchanged] } };
  return { ok: true, value: body };
}
