import { createRoute } from "@tanstack/react-router";
import { ServicesPage } from "../features/services/services-page.tsx";
import { authedRoute } from "./authed.tsx";

export const indexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/",
  component: ServicesPage,
});
