import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const commercialRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/services/commercial",
  staticData: {
    seo: {
      title: withBrand("Commercial Cleaning"),
      description: (p) =>
        `Office, school, healthcare, retail, warehouse and Airbnb cleaning in ${p.addressLocality}. Tell us about your site and get a tailored quote.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/commercial/commercial-page.tsx"), "CommercialPage"),
});
