import { useRouterState } from "@tanstack/react-router";
import { type RefObject, useEffect, useRef } from "react";

/** Lazy pages may render a moment after the route changes: look for the hash's element this long. */
const HASH_LOOKUP_MS = 3000;

/**
 * On route change: scroll to the top (or smoothly to the hash's element) and move focus to the
 * main area (or to that element), so keyboard and screen-reader users start at the new content.
 */
export function useRouteChangeFocus(mainRef: RefObject<HTMLElement | null>) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const hash = useRouterState({ select: (state) => state.location.hash.replace(/^#/, "") });
  const isFirstRender = useRef(true);

  useEffect(() => {
    const firstRender = isFirstRender.current;
    isFirstRender.current = false;
    const id = hash ? safeDecode(hash) : "";
    let frame = 0;
    const startedAt = performance.now();

    const goToHash = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView?.({ behavior: "smooth", block: "start" });
        // The first paint keeps the browser's own focus order (skip link first).
        if (!firstRender) focusWithoutScroll(target === mainRef.current ? mainRef.current : target);
        return;
      }
      if (performance.now() - startedAt < HASH_LOOKUP_MS) frame = requestAnimationFrame(goToHash);
      else if (!firstRender) focusWithoutScroll(mainRef.current);
    };

    if (id) {
      goToHash();
    } else if (!firstRender) {
      window.scrollTo({ top: 0, left: 0 });
      focusWithoutScroll(mainRef.current);
    }
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, mainRef]);
}

function safeDecode(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Focuses an element, making it focusable first if it is not a control. */
function focusWithoutScroll(element: HTMLElement | null) {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}
