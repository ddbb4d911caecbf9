import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { bookingListQuery, bookingQuery } from "../features/bookings/bookings-queries.ts";
import { bookingsSearchSchema, filtersOf, listQueryProblem } from "../features/bookings/bookings-search.ts";
import { bookingRecordQuery, catalogueQuery } from "../features/staff-booking/staff-booking-api.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks: each screen's code loads with its first visit, not with the staff area.
const BookingsPage = lazyRouteComponent(() => import("../features/bookings/bookings-page.tsx"), "BookingsPage");
const BookingRecordPage = lazyRouteComponent(() => import("../features/bookings/booking-record-page.tsx"), "BookingRecordPage");
const NewBookingPage = lazyRouteComponent(() => import("../features/staff-booking/new-booking-page.tsx"), "NewBookingPage");
const EditBookingPage = lazyRouteComponent(() => import("../features/staff-booking/edit-booking-page.tsx"), "EditBookingPage");
const FeedbackPanel = lazyRouteComponent(() => import("../features/feedback/feedback-panel.tsx"), "FeedbackPanel");
const OnTheJobPanel = lazyRouteComponent(() => import("../features/attendance/on-the-job-panel.tsx"), "OnTheJobPanel");

export const bookingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings",
  validateSearch: bookingsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: async ({ context: { queryClient }, deps }) => {
    const filters = filtersOf(deps);
    if (listQueryProblem(filters) === null) void queryClient.prefetchQuery(bookingListQuery(filters, deps.page ?? 1));
    await BookingsPage.preload?.();
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
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(bookingQuery(params.bookingId));
    await Promise.all([BookingRecordPage.preload?.(), FeedbackPanel.preload?.(), OnTheJobPanel.preload?.()]);
  },
  component: function BookingRoute() {
    const { bookingId } = bookingRoute.useParams();
    return (
      <BookingRecordPage
        key={bookingId}
        bookingId={bookingId}
        // Issue 32: the job's feedback is its own feature; the page gives it its place.
        feedback={(booking) => <FeedbackPanel bookingId={booking._id} status={booking.status} email={booking.email} />}
        // Issue 31: the cleaners' check-ins and the office's corrections, the attendance feature's.
        onTheJob={(booking) => <OnTheJobPanel bookingId={booking._id} startTime={booking.startTime} />}
      />
    );
  },
});

/** A booking the office takes (issue 16); declared beside /bookings/$bookingId, whose "new" it is not. */
export const bookingNewRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings/new",
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(catalogueQuery);
    await NewBookingPage.preload?.();
  },
  component: NewBookingPage,
});

/** Changing a booking or quote, and converting a quote (issue 16). */
export const bookingEditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings/$bookingId/edit",
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(bookingRecordQuery(params.bookingId));
    void queryClient.prefetchQuery(catalogueQuery);
    await EditBookingPage.preload?.();
  },
  component: function BookingEditRoute() {
    const { bookingId } = bookingEditRoute.useParams();
    return <EditBookingPage key={bookingId} bookingId={bookingId} />;
  },
});
