import { createRoute } from "@tanstack/react-router";
import { AdminMount } from "../features/admin-mount/admin-mount.tsx";
import { rootRoute } from "./root.tsx";

/**
 * /admin and everything under it belong to the remote's own router. One parent route keeps
 * the remote mounted while the staff member moves between its pages.
 */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "admin",
  component: AdminMount,
});

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
});

export const adminSplatRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "$",
});
