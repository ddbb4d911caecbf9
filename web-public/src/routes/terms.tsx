import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const termsRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/terms",
  staticData: {
    solidNav: true,
    seo: {
      title: withBrand("Terms and Conditions"),
      description: (p) =>
        `The terms for booking a clean with ${p.brandName}: prices, confirmation, access, changes and cancellations, payment and our happiness guarantee.`,
    },
  },
  // Starts GET /api/legal/terms without awaiting it, from the page's own chunk (lib/loadable.ts).
  loader: () => import("../features/legal/legal-page.tsx").then((page) => page.loadLegalPage("terms")),
  component: lazyRouteComponent(() => import("../features/legal/legal-page.tsx"), "TermsPage"),
});
