import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { reportsSearchSchema } from "../features/reports/reports-search.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk, and chart.js one more behind it: neither loads with the staff area.
const ReportsPage = lazyRouteComponent(() => import("../features/reports/reports-page.tsx"), "ReportsPage");

/** /reports?preset=&from=&to=: the owner's figures for a range of Melbourne days (issue 32). */
export const reportsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/reports",
  validateSearch: reportsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the range's and the previous period's loads with the navigation.
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ prefetchReports }] = await Promise.all([import("../features/reports/reports-queries.ts"), ReportsPage.preload?.()]);
    prefetchReports(queryClient, deps);
  },
  component: function ReportsRoute() {
    const navigate = reportsRoute.useNavigate();
    return <ReportsPage search={reportsRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
