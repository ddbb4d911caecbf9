import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const faqRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/faq",
  staticData: {
    seo: {
      title: withBrand("FAQ"),
      description: () =>
        "Answers about booking, payment and our service: notice periods, Saturdays, cancellations, parking, windows, balconies and police-checked cleaners.",
    },
  },
  component: lazyRouteComponent(() => import("../features/faq/faq-page.tsx"), "FaqPage"),
});
