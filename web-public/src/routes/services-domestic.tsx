import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const domesticRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services/domestic",
  staticData: {
    seo: {
      title: withBrand("Domestic Cleaning"),
      description: (p) =>
        `Hourly cleans, regular and spring cleans, and move in / move out cleaning for ${p.addressLocality} homes. Prices include tax. Book online.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/domestic/domestic-page.tsx"), "DomesticPage"),
});
