import { useEffect, useEffectEvent } from "react";
import { onSessionRejected } from "./api.ts";

/**
 * Calls onRejected, while the caller is mounted, each time the server refuses a call (a load or a
 * write) because it no longer takes the session: a logout elsewhere, a password change, the account
 * deactivated.
 */
export function useSessionRejected(onRejected: () => void) {
  const reject = useEffectEvent(onRejected);
  useEffect(() => onSessionRejected(() => reject()), []);
}
