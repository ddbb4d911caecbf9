import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const contactUsRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/contact-us",
  component: lazyRouteComponent(() => import("../features/contact/contact-page.tsx"), "ContactPage"),
});
