import type { PageSeo } from "./seo.ts";

/** Per-route flags the layout reads from the matched routes (TanStack Router `staticData`). */
declare module "@tanstack/router-core" {
  interface StaticDataRouteOption {
    /** The page has no dark hero behind the navigation bar, so the bar is always solid. */
    solidNav?: boolean;
    /** Title, description and indexing of the page (src/lib/seo.ts); the deepest match wins. */
    seo?: PageSeo;
  }
}

export {};
