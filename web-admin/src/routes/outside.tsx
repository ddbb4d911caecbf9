import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "./root.tsx";

/** Where the router parks while the shared history is on a host page, just before the host unmounts it. */
export const OUTSIDE_PATH = "/__outside-basepath";

export const outsideRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: OUTSIDE_PATH,
  component: () => null,
});
