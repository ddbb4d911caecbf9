/**
 * When this staff member last saw the schedule, kept in this browser per user, so jobs booked
 * since then can be marked "New". The first look ever marks nothing: everything would be new.
 */
import { useEffect, useState } from "react";

export const LAST_LOOK_KEY = "admin.schedule.last-look.v1";

const keyOf = (userId: string) => `${LAST_LOOK_KEY}:${userId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch, or null when this user has not looked in this browser. */
export function readLastLook(userId: string): number | null {
  const raw = storage()?.getItem(keyOf(userId));
  const at = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(at) && at > 0 ? at : null;
}

export function writeLastLook(userId: string, at: number): void {
  try {
    storage()?.setItem(keyOf(userId), String(at));
  } catch {
    // A full or blocked storage only loses the "New" marks.
  }
}

/**
 * The last look before this visit (fixed while the screen stays open, so a job that arrives
 * during the visit is new too); each schedule shown (`shownAt`, when its data arrived) is
 * remembered as the latest look for the next visit.
 */
export function useLastLook(userId: string, shownAt: number): number | null {
  const [since] = useState(() => readLastLook(userId));
  useEffect(() => {
    if (shownAt > 0) writeLastLook(userId, shownAt);
  }, [userId, shownAt]);
  return since;
}

export const isNewSince = (since: number | null, createdAt: string) => since !== null && Date.parse(createdAt) > since;
