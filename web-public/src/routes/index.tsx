import { createRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/home-page.tsx";
import { loadStartingPrices } from "../features/home/pricing-teaser.tsx";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const indexRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/",
  staticData: {
    seo: {
      title: (p) => `${p.brandName} · Home & Commercial Cleaning in ${p.addressLocality}`,
      description: (p) =>
        `Home, end-of-lease and commercial cleaning across ${p.addressLocality}. Insured, police-checked cleaners and eco-safe products. Book online in under two minutes.`,
    },
  },
  loader: loadStartingPrices,
  component: HomePage,
});
