import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import { cleanersQuery } from "../features/team/cleaners-api.ts";
import { flagParam } from "../lib/search-params.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const TeamPage = lazyRouteComponent(() => import("../features/team/team-page.tsx"), "TeamPage");
// Issue 32: each cleaner's average rating, the feedback feature's, with its query.
const CleanerRating = lazyRouteComponent(() => import("../features/feedback/cleaner-rating.tsx"), "CleanerRating");
const feedbackQueries = () => import("../features/feedback/feedback-queries.ts");

export const teamRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/team",
  validateSearch: z.object({ includeInactive: flagParam }),
  loaderDeps: ({ search }) => ({ includeInactive: search.includeInactive ?? false }),
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(cleanersQuery(deps.includeInactive));
    const [{ cleanerRatingsQuery }] = await Promise.all([feedbackQueries(), TeamPage.preload?.(), CleanerRating.preload?.()]);
    void queryClient.prefetchQuery(cleanerRatingsQuery);
  },
  component: function TeamRoute() {
    const { includeInactive = false } = teamRoute.useSearch();
    const navigate = teamRoute.useNavigate();
    return (
      <TeamPage
        showInactive={includeInactive}
        onShowInactiveChange={(shown) => void navigate({ search: { includeInactive: shown || undefined } })}
        ratingOf={(cleanerId) => <CleanerRating cleanerId={cleanerId} />}
      />
    );
  },
});
