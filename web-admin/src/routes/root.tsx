import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import "../styles/admin.css";
// The parts every screen shares (cards, buttons, fields) stay global: the screens load lazily, and
// none may depend on another having loaded them first.
import "../ui/admin-parts.css";

/** What every route's loader gets: the staff area's one query cache. */
interface AdminRouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<AdminRouterContext>()({
  component: () => (
    <div className="admin-root">
      <Outlet />
    </div>
  ),
});
