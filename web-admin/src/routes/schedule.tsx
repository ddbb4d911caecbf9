import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import { dayBookingsQuery, scheduleQuery } from "../features/schedule/schedule-api.ts";
import { rangeOf, SCHEDULE_VIEWS, shownDate, todayYmd } from "../features/schedule/schedule-dates.ts";
import { dayParam, enumParam, textParam } from "../lib/search-params.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks: each screen's code loads with its first visit, not with the staff area.
const SchedulePage = lazyRouteComponent(() => import("../features/schedule/schedule-page.tsx"), "SchedulePage");
const RunSheetPage = lazyRouteComponent(() => import("../features/schedule/run-sheet-page.tsx"), "RunSheetPage");

/** `date` is a Melbourne day (today when absent or not a real date); `view` is day unless week. */
export const scheduleRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/schedule",
  validateSearch: z.object({ date: dayParam, view: enumParam(SCHEDULE_VIEWS) }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { from, to } = rangeOf(deps.view ?? "day", shownDate(deps.date));
    void queryClient.prefetchQuery(scheduleQuery(from, to));
    await SchedulePage.preload?.();
  },
  component: function ScheduleRoute() {
    const search = scheduleRoute.useSearch();
    const navigate = scheduleRoute.useNavigate();
    return (
      <SchedulePage
        date={shownDate(search.date)}
        view={search.view ?? "day"}
        // Day is the default view and today the default date: both stay out of the URL.
        onNavigate={({ date, view }) =>
          void navigate({ search: { date: date === todayYmd() ? undefined : date, view: view === "week" ? view : undefined } })}
      />
    );
  },
});

/** /schedule/print?date=YYYY-MM-DD[&cleaner=id]: the day's run sheets. */
export const runSheetRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/schedule/print",
  validateSearch: z.object({ date: dayParam, cleaner: textParam }),
  loaderDeps: ({ search }) => ({ date: search.date }),
  loader: async ({ context: { queryClient }, deps }) => {
    const date = shownDate(deps.date);
    void queryClient.prefetchQuery(scheduleQuery(date, date));
    void queryClient.prefetchQuery(dayBookingsQuery(date));
    await RunSheetPage.preload?.();
  },
  component: function RunSheetRoute() {
    const search = runSheetRoute.useSearch();
    const navigate = runSheetRoute.useNavigate();
    return (
      <RunSheetPage
        date={shownDate(search.date)}
        only={search.cleaner || undefined}
        onOnlyChange={(cleaner) => void navigate({ search: { date: search.date, cleaner }, replace: true })}
      />
    );
  },
});
