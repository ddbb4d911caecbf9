import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const bookNowRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/book-now",
  staticData: {
    seo: {
      title: withBrand("Book a Cleaning"),
      description: (p) =>
        `Book a clean in ${p.addressLocality} online: choose your service and add-ons, pick a date and time and see your price live. Takes less than two minutes.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/booking/booking-page.tsx"), "BookingPage"),
});
