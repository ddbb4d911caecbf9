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
  // Starts the page's requests without awaiting them (see lib/loadable.ts), from the page's own chunk.
  loader: () => import("../features/booking/booking-page.tsx").then((page) => page.loadBookingPage()),
  // Fresh catalogue and settings on each visit; a link back to the page it is on keeps the form's data.
  shouldReload: ({ cause }) => cause === "enter",
  component: lazyRouteComponent(() => import("../features/booking/booking-page.tsx"), "BookingPage"),
});
