import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const servicesRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services",
  staticData: {
    seo: {
      title: withBrand("Cleaning Services"),
      description: (p) =>
        `Hourly, regular, spring, move in/out and commercial cleaning across ${p.councils.length} ${p.addressLocality} councils. See what each clean covers, room by room.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/services/services-page.tsx"), "ServicesPage"),
});
