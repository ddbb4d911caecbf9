import { createRoute } from "@tanstack/react-router";
import { BookingRecordPage } from "../features/bookings/booking-record-page.tsx";
import { BookingsPage } from "../features/bookings/bookings-page.tsx";
import { bookingListQuery, bookingQuery } from "../features/bookings/bookings-queries.ts";
import { bookingsSearchSchema, filtersOf, listQueryProblem } from "../features/bookings/bookings-search.ts";
import { EditBookingPage } from "../features/staff-booking/edit-booking-page.tsx";
import { NewBookingPage } from "../features/staff-booking/new-booking-page.tsx";
import { bookingRecordQuery, catalogueQuery } from "../features/staff-booking/staff-booking-api.ts";
import { authedRoute } from "./authed.tsx";

export const bookingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings",
  validateSearch: bookingsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: ({ context: { queryClient }, deps }) => {
    const filters = filtersOf(deps);
    if (listQueryProblem(filters) === null) void queryClient.prefetchQuery(bookingListQuery(filters, deps.page ?? 1));
  },
  component: function BookingsRoute() {
    const navigate = bookingsRoute.useNavigate();
    return (
      <BookingsPage
        search={bookingsRoute.useSearch()}
        onSearchChange={(search, options) => void navigate({ search, replace: options?.replace })}
      />
    );
  },
});

export const bookingRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings/$bookingId",
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(bookingQuery(params.bookingId));
  },
  component: function BookingRoute() {
    const { bookingId } = bookingRoute.useParams();
    return <BookingRecordPage key={bookingId} bookingId={bookingId} />;
  },
});

/** A booking the office takes (issue 16); declared beside /bookings/$bookingId, whose "new" it is not. */
export const bookingNewRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings/new",
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(catalogueQuery);
  },
  component: NewBookingPage,
});

/** Changing a booking or quote, and converting a quote (issue 16). */
export const bookingEditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings/$bookingId/edit",
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(bookingRecordQuery(params.bookingId));
    void queryClient.prefetchQuery(catalogueQuery);
  },
  component: function BookingEditRoute() {
    const { bookingId } = bookingEditRoute.useParams();
    return <EditBookingPage key={bookingId} bookingId={bookingId} />;
  },
});
