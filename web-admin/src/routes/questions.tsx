import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { questionsQuery } from "../features/questions/questions-api.ts";
import { liveServicesQuery } from "../lib/live-services.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const QuestionsPage = lazyRouteComponent(() => import("../features/questions/questions-page.tsx"), "QuestionsPage");

export const questionsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/questions",
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(questionsQuery);
    void queryClient.prefetchQuery(liveServicesQuery);
    await QuestionsPage.preload?.();
  },
  component: QuestionsPage,
});
