import { createRoute, Outlet } from "@tanstack/react-router";
import { Layout } from "../features/layout/layout.tsx";
import { rootRoute } from "./root.tsx";

/** Pathless layout route: every public page shares the navigation bar and footer. */
export const siteRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "site",
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
});
