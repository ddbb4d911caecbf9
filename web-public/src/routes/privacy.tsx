import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const privacyRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/privacy",
  staticData: {
    solidNav: true,
    seo: {
      title: withBrand("Privacy Policy"),
      description: (p) =>
        `How ${p.brandName} collects, uses, stores and protects your personal information under the Australian Privacy Principles, and how to see or correct it.`,
    },
  },
  // Starts GET /api/legal/privacy without awaiting it, from the page's own chunk (lib/loadable.ts).
  loader: () => import("../features/legal/legal-page.tsx").then((page) => page.loadLegalPage("privacy")),
  component: lazyRouteComponent(() => import("../features/legal/legal-page.tsx"), "PrivacyPage"),
});
