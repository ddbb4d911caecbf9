import type { QueryClient } from "@tanstack/react-query";
import {
  createBrowserHistory,
  createRouter,
  type LocationRewrite,
  type RouterHistory,
} from "@tanstack/react-router";
import { adminsRoute } from "./routes/admins.tsx";
import { auditRoute } from "./routes/audit.tsx";
import { authedRoute } from "./routes/authed.tsx";
import { bookingEditRoute, bookingNewRoute, bookingRoute, bookingsRoute } from "./routes/bookings.tsx";
import { customerRoute, customersRoute } from "./routes/customers.tsx";
import { extrasRoute } from "./routes/extras.tsx";
import { frequenciesRoute } from "./routes/frequencies.tsx";
import { indexRoute } from "./routes/index.tsx";
import { inquiriesRoute, inquiryRoute } from "./routes/inquiries.tsx";
import { loginRoute } from "./routes/login.tsx";
import { myJobsRoute } from "./routes/my-jobs.tsx";
import { notFoundRoute } from "./routes/not-found.tsx";
import { OUTSIDE_PATH, outsideRoute } from "./routes/outside.tsx";
import { questionsRoute } from "./routes/questions.tsx";
import { reportsRoute } from "./routes/reports.tsx";
import { rootRoute } from "./routes/root.tsx";
import { runSheetRoute, scheduleRoute } from "./routes/schedule.tsx";
import { seriesListRoute, seriesRoute } from "./routes/series.tsx";
import { setPasswordRoute } from "./routes/set-password.tsx";
import { settingsRoute } from "./routes/settings.tsx";
import { teamRoute } from "./routes/team.tsx";
import { timesheetsRoute } from "./routes/timesheets.tsx";
import { AppErrorPage, NotFoundPage } from "./ui/message-page.tsx";

export const routeTree = rootRoute.addChildren([
  loginRoute,
  setPasswordRoute,
  outsideRoute,
  authedRoute.addChildren([
    indexRoute,
    myJobsRoute,
    scheduleRoute,
    runSheetRoute,
    teamRoute,
    timesheetsRoute,
    extrasRoute,
    frequenciesRoute,
    questionsRoute,
    bookingsRoute,
    bookingRoute,
    bookingNewRoute,
    bookingEditRoute,
    seriesListRoute,
    seriesRoute,
    customersRoute,
    customerRoute,
    inquiriesRoute,
    inquiryRoute,
    reportsRoute,
    settingsRoute,
    adminsRoute,
    auditRoute,
    notFoundRoute,
  ]),
]);

export interface AdminRouterOptions {
  /** The host's history when mounted by web-public, so both routers follow one URL. */
  history?: RouterHistory;
  basepath: string;
  queryClient: QueryClient;
}

/**
 * Mounts the router under `basepath`, matched case-insensitively. This is what TanStack's own
 * `basepath` option does, except that its index URL would be '/admin/' instead of '/admin'.
 */
export function mountAt(basepath: string): LocationRewrite | undefined {
  const base = `/${basepath.replace(/^\/+|\/+$/g, "")}`;
  if (base === "/") return undefined;
  const lowerBase = base.toLowerCase();
  return {
    input: ({ url }) => {
      const pathname = url.pathname.toLowerCase();
      if (pathname === lowerBase || pathname === `${lowerBase}/`) url.pathname = "/";
      else if (pathname.startsWith(`${lowerBase}/`)) url.pathname = url.pathname.slice(base.length);
      // A shared history also reports the host's own pages: park on a route that does nothing.
      else url.pathname = OUTSIDE_PATH;
      return url;
    },
    output: ({ url }) => {
      url.pathname = url.pathname === "/" ? base : `${base}${url.pathname}`;
      return url;
    },
  };
}

export function createAdminRouter({ history, basepath, queryClient }: AdminRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history: history ?? createBrowserHistory(),
    rewrite: mountAt(basepath),
    caseSensitive: false,
    defaultErrorComponent: AppErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
}
