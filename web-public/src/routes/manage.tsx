import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

const title = withBrand("Your booking");

/**
 * A customer's link from their e-mails (issue 15). This definition is in every page's first load,
 * so it holds only what the router must know up front: the page fetches its own booking (a loader
 * would have to wait for the page's chunk too, so it would start the request no sooner).
 */
export const manageRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/manage/$token",
  staticData: { solidNav: true, seo: { title, description: title, noindex: true } },
  component: lazyRouteComponent(() => import("../features/manage/manage-page.tsx"), "ManagePage"),
});
