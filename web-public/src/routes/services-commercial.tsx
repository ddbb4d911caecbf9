import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const commercialRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services/commercial",
  component: lazyRouteComponent(() => import("../features/commercial/commercial-page.tsx"), "CommercialPage"),
});
