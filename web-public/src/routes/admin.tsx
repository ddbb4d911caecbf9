import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import "../lib/route-static-data.ts";
import { withBrand } from "../lib/seo.ts";
import { rootRoute } from "./root.tsx";

/**
 * /admin and everything under it belong to the remote's own router. One parent route keeps
 * the remote mounted while the staff member moves between its pages.
 */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "admin",
  staticData: {
    seo: {
      title: withBrand("Staff area"),
      description: (p) => `Staff sign-in for ${p.brandName}.`,
      noindex: true,
    },
  },
  // Lazy: the remote loader and the mount's CSS ship only to staff pages, never with '/'.
  component: lazyRouteComponent(() => import("../features/admin-mount/admin-mount.tsx"), "AdminMount"),
});

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
});

export const adminSplatRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "$",
});
