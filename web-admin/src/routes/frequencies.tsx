import { createRoute } from "@tanstack/react-router";
import { FrequenciesPage } from "../features/frequencies/frequencies-page.tsx";
import { authedRoute } from "./authed.tsx";

export const frequenciesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/frequencies",
  component: FrequenciesPage,
});
