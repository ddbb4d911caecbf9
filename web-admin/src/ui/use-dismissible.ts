import { useState } from "react";

/** A failure the staff member can Dismiss: it shows until dismissed, and the next failure shows again. */
export function useDismissible<T>(failure: T | null): [T | null, () => void] {
  const [dismissed, setDismissed] = useState<T | null>(null);
  const shown = failure !== null && failure !== dismissed ? failure : null;
  return [shown, () => setDismissed(failure)];
}
