import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const servicesRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services",
  component: lazyRouteComponent(() => import("../features/services/services-page.tsx"), "ServicesPage"),
});
