import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { frequenciesQuery } from "../features/frequencies/frequencies-api.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const FrequenciesPage = lazyRouteComponent(() => import("../features/frequencies/frequencies-page.tsx"), "FrequenciesPage");

export const frequenciesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/frequencies",
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(frequenciesQuery);
    await FrequenciesPage.preload?.();
  },
  component: FrequenciesPage,
});
