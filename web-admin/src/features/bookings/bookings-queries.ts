/** The bookings screens' cached reads, and how a write's answer reaches them. */
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { type BookingDto, type BookingPage, type BookingStats, fetchBooking, fetchBookings } from "./bookings-api.ts";
import { type BookingFilters, buildListQuery } from "./bookings-search.ts";

const BOOKINGS = ["bookings"] as const;

export const bookingListQuery = (filters: BookingFilters, page: number) =>
  queryOptions({
    queryKey: [...BOOKINGS, "list", filters, page],
    queryFn: ({ signal }) => {
      // Built when asked, so "now" (Upcoming, Today…) is the moment of loading, Refresh included.
      const built = buildListQuery(filters, new Date());
      if (!built.ok) throw new Error(built.message);
      return fetchBookings(built.query, page, signal);
    },
    // The pager and the chips stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const bookingQuery = (id: string) =>
  queryOptions({ queryKey: [...BOOKINGS, "record", id], queryFn: () => fetchBooking(id) });

/** Chips follow an action at once instead of waiting for the next load. */
function restat(stats: BookingStats | null, before: BookingDto, after: BookingDto): BookingStats | null {
  if (!stats) return stats;
  const status = { ...stats.status };
  const payment = { ...stats.payment };
  if (before.status !== after.status) {
    status[before.status] = Math.max(0, (status[before.status] ?? 0) - 1);
    status[after.status] = (status[after.status] ?? 0) + 1;
  }
  if (before.paymentStatus !== after.paymentStatus) {
    payment[before.paymentStatus] = Math.max(0, (payment[before.paymentStatus] ?? 0) - 1);
    payment[after.paymentStatus] = (payment[after.paymentStatus] ?? 0) + 1;
  }
  return { status, payment };
}

/**
 * A status or payment change as the server answered it: the record and every cached list holding
 * it show it at once; then all bookings reads are marked stale, so each reloads when next opened.
 */
export function settleBooking(queryClient: QueryClient, updated: BookingDto): void {
  queryClient.setQueryData(bookingQuery(updated._id).queryKey, updated);
  queryClient.setQueriesData<BookingPage>({ queryKey: [...BOOKINGS, "list"] }, (page) => {
    const before = page?.items.find((item) => item._id === updated._id);
    if (!page || !before) return page;
    return {
      ...page,
      items: page.items.map((item) => (item._id === updated._id ? updated : item)),
      stats: restat(page.stats, before, updated),
    };
  });
  void queryClient.invalidateQueries({ queryKey: BOOKINGS, refetchType: "none" });
}
