import { createRootRoute, Outlet } from "@tanstack/react-router";
import "../styles/admin.css";

export const rootRoute = createRootRoute({
  component: () => (
    <div className="admin-root">
      <Outlet />
    </div>
  ),
});
