import { createRoute } from "@tanstack/react-router";
import { ExtrasPage } from "../features/extras/extras-page.tsx";
import { authedRoute } from "./authed.tsx";

export const extrasRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/extras",
  component: ExtrasPage,
});
