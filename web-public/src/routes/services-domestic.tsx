import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const domesticRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services/domestic",
  component: lazyRouteComponent(() => import("../features/domestic/domestic-page.tsx"), "DomesticPage"),
});
