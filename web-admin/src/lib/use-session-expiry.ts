import { useEffect, useEffectEvent } from "react";

// setTimeout overflows beyond 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

/** Calls onExpire when the session's token expires while the page stays open. */
export function useSessionExpiry(expiresAt: number, onExpire: () => void) {
  const expire = useEffectEvent(onExpire);

  useEffect(() => {
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => expire(), delay);
    return () => clearTimeout(timer);
  }, [expiresAt]);
}
