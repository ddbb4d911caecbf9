/** The feedback pieces' cached reads. */
import { queryOptions } from "@tanstack/react-query";
import { fetchBookingFeedback, fetchCleanerRatings, fetchCustomerRatings, fetchFeedbackSettings } from "./feedback-api.ts";

/**
 * Under the bookings key, so every bookings write marks it stale too. The status is in the key:
 * marking the job done may ask for feedback on the server, so a new status reads it again.
 */
export const bookingFeedbackQuery = (bookingId: string, status: string) =>
  queryOptions({
    queryKey: ["bookings", "feedback", bookingId, status] as const,
    queryFn: ({ signal }) => fetchBookingFeedback(bookingId, signal),
  });

/** Every feedback read but the booking's own: the customers' lists and the cleaners' averages. */
export const FEEDBACK_KEY = ["feedback"] as const;

export const customerRatingsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...FEEDBACK_KEY, "customer", customerId] as const,
    queryFn: ({ signal }) => fetchCustomerRatings(customerId, signal),
  });

/** One read for the whole Team screen: each row picks its cleaner from it. */
export const cleanerRatingsQuery = queryOptions({
  queryKey: [...FEEDBACK_KEY, "cleaners"] as const,
  queryFn: ({ signal }) => fetchCleanerRatings(signal),
  staleTime: 60_000,
});

export const feedbackSettingsQuery = queryOptions({
  queryKey: ["settings", "feedback"] as const,
  queryFn: ({ signal }) => fetchFeedbackSettings(signal),
});
