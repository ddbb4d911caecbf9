import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { seriesListQuery, seriesQuery } from "../features/series/series-api.ts";
import { filtersOf, seriesSearchSchema } from "../features/series/series-search.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks: each screen's code loads with its first visit, not with the staff area.
const SeriesListPage = lazyRouteComponent(() => import("../features/series/series-list-page.tsx"), "SeriesListPage");
const SeriesPage = lazyRouteComponent(() => import("../features/series/series-page.tsx"), "SeriesPage");

/** /series?status=&q=&page=: the regular cleans (issue 17). */
export const seriesListRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/series",
  validateSearch: seriesSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(seriesListQuery(filtersOf(deps), deps.page ?? 1));
    await SeriesListPage.preload?.();
  },
  component: function SeriesListRoute() {
    const navigate = seriesListRoute.useNavigate();
    return (
      <SeriesListPage
        search={seriesListRoute.useSearch()}
        onSearchChange={(search, options) => void navigate({ search, replace: options?.replace })}
      />
    );
  },
});

/** /series/{id}: one regular clean, its visits and what staff change. */
export const seriesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/series/$seriesId",
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(seriesQuery(params.seriesId));
    await SeriesPage.preload?.();
  },
  component: function SeriesRoute() {
    const { seriesId } = seriesRoute.useParams();
    return <SeriesPage key={seriesId} seriesId={seriesId} />;
  },
});
