import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { siteRoute } from "./site.tsx";

export const bookNowRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/book-now",
  component: lazyRouteComponent(() => import("../features/booking/booking-page.tsx"), "BookingPage"),
});
