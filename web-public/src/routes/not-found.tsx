import { createRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../ui/message-page.tsx";
import "../lib/route-static-data.ts";
import { withBrand } from "../lib/seo.ts";
import { siteRoute } from "./site.tsx";

/** Catch-all: any path no other route claims shows 'Not found' inside the site layout. */
export const notFoundRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "$",
  staticData: {
    solidNav: true,
    seo: {
      title: withBrand("Not found"),
      description: () => "We couldn’t find that page. It may have moved, or the address may be mistyped.",
      noindex: true,
    },
  },
  component: NotFoundPage,
});
