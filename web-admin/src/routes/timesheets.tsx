import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { timesheetsQuery } from "../features/timesheets/timesheets-api.ts";
import { timesheetsSearchSchema } from "../features/timesheets/timesheets-search.ts";
import { rangeOf, todayYmd } from "../features/timesheets/timesheet-week.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with its first visit, not with the staff area.
const TimesheetsPage = lazyRouteComponent(() => import("../features/timesheets/timesheets-page.tsx"), "TimesheetsPage");

/** /timesheets?from=&to=: each cleaner's hours over a week (this week when absent), issue 31. */
export const timesheetsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/timesheets",
  validateSearch: timesheetsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the week's load with the navigation; the page shows its own loading state meanwhile.
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(timesheetsQuery(rangeOf(deps, todayYmd())));
    await TimesheetsPage.preload?.();
  },
  component: function TimesheetsRoute() {
    const navigate = timesheetsRoute.useNavigate();
    return <TimesheetsPage search={timesheetsRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
