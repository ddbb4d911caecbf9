import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const aboutUsRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/about-us",
  staticData: {
    seo: {
      title: withBrand("About Us"),
      description: (p) =>
        `Meet ${p.brandName}: ${p.addressLocality} cleaners since ${p.foundedYear}, with 1,200+ happy cleans, 98% repeat clients, eco-safe products and police-checked staff.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/about/about-page.tsx"), "AboutPage"),
});
