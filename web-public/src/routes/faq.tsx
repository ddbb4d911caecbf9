import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const faqRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/faq",
  component: lazyRouteComponent(() => import("../features/faq/faq-page.tsx"), "FaqPage"),
});
