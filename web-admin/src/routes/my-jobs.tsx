import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { myJobsQuery, myJobsRange } from "../features/my-jobs/my-jobs-api.ts";
import { isCleaner, MY_JOBS_PATH } from "../lib/cleaner-area.ts";
import { authedRoute } from "./authed.tsx";
import { HOME_PATH } from "./login.tsx";

// Its own chunk: only a cleaner's login ever loads it.
const MyJobsPage = lazyRouteComponent(() => import("../features/my-jobs/my-jobs-page.tsx"), "MyJobsPage");

/** Issue 31: a cleaner's jobs, today and the next 7 days. The office has the Schedule instead. */
export const myJobsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: MY_JOBS_PATH,
  beforeLoad: ({ context: { session } }) => {
    if (!isCleaner(session.user)) throw redirect({ to: HOME_PATH, replace: true });
  },
  loader: async ({ context: { queryClient } }) => {
    const { from, to } = myJobsRange();
    void queryClient.prefetchQuery(myJobsQuery(from, to));
    await MyJobsPage.preload?.();
  },
  component: MyJobsPage,
});
