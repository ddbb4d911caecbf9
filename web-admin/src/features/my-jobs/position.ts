/** How long a check-in waits for the phone's position before it goes without one. */
export const POSITION_WAIT_MS = 5000;

export interface Position {
  lat: number;
  lng: number;
}

/**
 * Where the phone says it is, or null when it has no position to give within `waitMs` (no GPS,
 * permission refused, or a permission prompt left unanswered: the timeout option alone does not
 * count the time the prompt stays open, so a timer of our own ends the wait too).
 */
export function currentPosition(waitMs: number = POSITION_WAIT_MS): Promise<Position | null> {
  const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    const done = (position: Position | null) => {
      clearTimeout(timer);
      resolve(position);
    };
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => done(Number.isFinite(coords.latitude) && Number.isFinite(coords.longitude) ? { lat: coords.latitude, lng: coords.longitude } : null),
        () => done(null),
        { enableHighAccuracy: true, timeout: waitMs, maximumAge: 60_000 },
      );
    } catch {
      done(null);
    }
  });
}
