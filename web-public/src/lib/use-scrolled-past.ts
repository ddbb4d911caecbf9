import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
};

/** True once the page is scrolled more than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold, () => false);
}
