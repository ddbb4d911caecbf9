import { createBrowserHistory, createRouter, type RouterHistory } from "@tanstack/react-router";
import { AppErrorPage, NotFoundPage } from "./ui/message-page.tsx";
import { adminIndexRoute, adminRoute, adminSplatRoute } from "./routes/admin.tsx";
import { aboutUsRoute } from "./routes/about-us.tsx";
import { bookNowRoute } from "./routes/book-now.tsx";
import { contactUsRoute } from "./routes/contact-us.tsx";
import { faqRoute } from "./routes/faq.tsx";
import { indexRoute } from "./routes/index.tsx";
import { commercialRoute } from "./routes/services-commercial.tsx";
import { domesticRoute } from "./routes/services-domestic.tsx";
import { servicesRoute } from "./routes/services.tsx";
import { notFoundRoute } from "./routes/not-found.tsx";
import { privacyRoute } from "./routes/privacy.tsx";
import { termsRoute } from "./routes/terms.tsx";
import { manageRoute } from "./routes/manage.tsx";
import { feedbackRoute } from "./routes/feedback.tsx";
import { rootRoute } from "./routes/root.tsx";
import { siteRoute } from "./routes/site.tsx";

export const routeTree = rootRoute.addChildren([
  siteRoute.addChildren([
    indexRoute,
    aboutUsRoute,
    servicesRoute,
    commercialRoute,
    domesticRoute,
    faqRoute,
    contactUsRoute,
    bookNowRoute,
    privacyRoute,
    termsRoute,
    manageRoute,
    feedbackRoute,
    notFoundRoute,
  ]),
  adminRoute.addChildren([adminIndexRoute, adminSplatRoute]),
]);

/**
 * History is injectable so tests and the prerender step can use memory history; the browser
 * gets its own. The prerender step also gives the origin, having no window to read it from.
 */
export function createAppRouter(history: RouterHistory = createBrowserHistory(), origin?: string) {
  return createRouter({
    routeTree,
    history,
    origin,
    // public-site.md: routes are matched case-insensitively (TanStack's default, stated on purpose).
    caseSensitive: false,
    defaultErrorComponent: AppErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    // Types getRouteApi, Link and the loaders' data from this router's routes.
    router: ReturnType<typeof createAppRouter>;
  }
}
