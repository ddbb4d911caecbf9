import { createRoute } from "@tanstack/react-router";
import { SettingsPage } from "../features/settings/settings-page.tsx";
import { authedRoute } from "./authed.tsx";

export const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings",
  component: SettingsPage,
});
