import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const aboutUsRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/about-us",
  component: lazyRouteComponent(() => import("../features/about/about-page.tsx"), "AboutPage"),
});
