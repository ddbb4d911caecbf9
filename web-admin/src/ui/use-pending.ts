import { useCallback, useRef, useState } from "react";

/**
 * Tracks which writes are running, by key (e.g. a row id), so a screen can lock the buttons of the
 * row or form that acts while its call is in flight.
 */
export function usePending() {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  // A ref as well, so a double click in the same tick cannot start the same write twice.
  const running = useRef(new Set<string>());

  const run = useCallback(async <T>(key: string, action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current.has(key)) return undefined;
    running.current.add(key);
    setKeys(new Set(running.current));
    try {
      return await action();
    } finally {
      running.current.delete(key);
      setKeys(new Set(running.current));
    }
  }, []);

  const isPending = useCallback((key: string) => keys.has(key), [keys]);
  return { run, isPending, anyPending: keys.size > 0 } as const;
}

/** window.confirm, then the action only when the staff member agrees. */
export async function confirmThen<T>(message: string, action: () => Promise<T>): Promise<T | undefined> {
  if (!window.confirm(message)) return undefined;
  return action();
}
