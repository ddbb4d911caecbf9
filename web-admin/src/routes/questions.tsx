import { createRoute } from "@tanstack/react-router";
import { questionsQuery } from "../features/questions/questions-api.ts";
import { QuestionsPage } from "../features/questions/questions-page.tsx";
import { liveServicesQuery } from "../lib/live-services.ts";
import { authedRoute } from "./authed.tsx";

export const questionsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/questions",
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(questionsQuery);
    void queryClient.prefetchQuery(liveServicesQuery);
  },
  component: QuestionsPage,
});
