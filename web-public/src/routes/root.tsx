import { createRootRoute, Outlet } from "@tanstack/react-router";
import { BusinessProfileProvider } from "../lib/business-profile-context.tsx";
import "../styles/tokens.css";
import "../styles/base.css";

export const rootRoute = createRootRoute({
  component: () => (
    <BusinessProfileProvider>
      <Outlet />
    </BusinessProfileProvider>
  ),
});
