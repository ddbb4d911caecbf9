import { createRoute } from "@tanstack/react-router";
import { frequenciesQuery } from "../features/frequencies/frequencies-api.ts";
import { FrequenciesPage } from "../features/frequencies/frequencies-page.tsx";
import { authedRoute } from "./authed.tsx";

export const frequenciesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/frequencies",
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(frequenciesQuery);
  },
  component: FrequenciesPage,
});
