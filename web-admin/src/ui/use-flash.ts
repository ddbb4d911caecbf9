import { useCallback, useEffect, useRef, useState } from "react";

/** admin-area.md section 4: saved confirmations vanish after 2.5 seconds. */
export const FLASH_MS = 2_500;

/** A short-lived confirmation: `show(text)` sets it, and it clears itself after FLASH_MS. */
export function useFlash(durationMs = FLASH_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), durationMs);
  }, [durationMs]);
  return { message, show } as const;
}
