import { useCallback, useEffect, useState } from "react";

/** public-site.md: the hero advances every 6 seconds. */
export const HERO_INTERVAL_MS = 6000;

/**
 * The index of the current slide, advancing every `intervalMs` while the tab is visible and the
 * visitor has not paused it. Choosing a slide restarts the wait, so it stays up a full interval.
 */
export function useHeroSlides(count: number, intervalMs = HERO_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [tabHidden, setTabHidden] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const onVisibility = () => setTabHidden(document.hidden);
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (tabHidden || paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [index, tabHidden, paused, count, intervalMs]);

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  return { index, goTo, paused, setPaused };
}
