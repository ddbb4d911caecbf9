import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export interface BookNowSearch {
  /** A service's slug: "Book Now" on a service's page chooses it on the form. */
  service?: string;
}

/** A slug as the catalogue writes them (lowercase letters, digits, hyphens); anything else is dropped. */
const SERVICE_SLUG = /^[a-z0-9-]{1,120}$/;

export const bookNowRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/book-now",
  // A mangled slug is dropped (set undefined, over the raw value the router would keep); an unknown
  // one chooses nothing, as the form matches it against the catalogue.
  validateSearch: (search: Record<string, unknown>): BookNowSearch => ({
    service: typeof search.service === "string" && SERVICE_SLUG.test(search.service) ? search.service : undefined,
  }),
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
