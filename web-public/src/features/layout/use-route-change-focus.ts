import { useRouterState } from "@tanstack/react-router";
import { type RefObject, useEffect, useRef } from "react";

/**
 * On route change: scroll to the top (or smoothly to the hash's element) and move focus to the
 * main area, so keyboard and screen-reader users start at the new page's content.
 */
export function useRouteChangeFocus(mainRef: RefObject<HTMLElement | null>) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const hash = useRouterState({ select: (state) => state.location.hash.replace(/^#/, "") });
  const isFirstRender = useRef(true);

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
    if (target) {
      target.scrollIntoView?.({ behavior: "smooth", block: "start" });
    } else if (!isFirstRender.current) {
      window.scrollTo({ top: 0, left: 0 });
    }
    // The first paint keeps the browser's own focus order (skip link first).
    if (!isFirstRender.current) mainRef.current?.focus({ preventScroll: true });
    isFirstRender.current = false;
  }, [pathname, hash, mainRef]);
}
