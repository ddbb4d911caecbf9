import { createRoute } from "@tanstack/react-router";
import { BookingRecordPage } from "../features/bookings/booking-record-page.tsx";
import { BookingsPage } from "../features/bookings/bookings-page.tsx";
import { bookingListQuery, bookingQuery } from "../features/bookings/bookings-queries.ts";
import { bookingsSearchSchema, filtersOf, listQueryProblem } from "../features/bookings/bookings-search.ts";
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
