import { createRootRoute, Outlet } from "@tanstack/react-router";
import { BusinessProfileProvider } from "../lib/business-profile-context.tsx";
import { DocumentHead } from "../lib/head-sync.tsx";
import "../styles/tokens.css";
import "../styles/base.css";

export const rootRoute = createRootRoute({
  component: () => (
    <BusinessProfileProvider>
      <DocumentHead />
      <Outlet />
    </BusinessProfileProvider>
  ),
});
