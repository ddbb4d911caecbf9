import { createRoute } from "@tanstack/react-router";
import { contentQuery, schedulingQuery, SettingsPage } from "../features/settings/settings-page.tsx";
import { authedRoute } from "./authed.tsx";

export const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings",
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(schedulingQuery);
    void queryClient.prefetchQuery(contentQuery);
  },
  component: SettingsPage,
});
