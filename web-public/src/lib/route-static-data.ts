/** Per-route flags the layout reads from the matched routes (TanStack Router `staticData`). */
declare module "@tanstack/router-core" {
  interface StaticDataRouteOption {
    /** The page has no dark hero behind the navigation bar, so the bar is always solid. */
    solidNav?: boolean;
  }
}

export {};
