import type { PageSeo } from "./seo.ts";

/** Per-route flags the layout reads from the matched routes (TanStack Router `staticData`). */
declare module "@tanstack/router-core" {
  interface StaticDataRouteOption {
    /** The page has no dark hero behind the navigation bar, so the bar is always solid. */
    solidNav?: boolean;
    /** Title, description and indexing of the page (src/lib/seo.ts); the deepest match wins. */
    seo?: PageSeo;
    /**
     * 'client-render': the page's first render depends on the day (e.g. the earliest bookable
     * date), so its prerendered HTML is a first paint that the client renders over instead of
     * hydrating (a day-old build would not match).
     */
    prerender?: "client-render";
  }
}

export {};
