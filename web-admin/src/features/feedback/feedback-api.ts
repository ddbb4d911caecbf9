/**
 * The staff feedback calls (issue 32): a job's feedback and asking for it again, a customer's
 * ratings, each cleaner's average, and the feedback settings. The shapes are the API
 * contract, written here until core declares them.
 */
import type { FeedbackSettings } from "@yarra/core/feedback/settings.ts";
import { api } from "../../lib/api.ts";

/** A job's feedback row: asked (requestedAt) and, once the customer answered, their rating. */
export interface BookingFeedback {
  requestedAt: string;
  expiresAt: string;
  requestCount: number;
  rating: number | null;
  comment: string | null;
  ratedAt: string | null;
}

/** One rated job, as GET /api/admin/feedback lists it (newest rating first). */
export interface RatedJob {
  bookingId: string;
  reference: string;
  customerName: string;
  startTime: string;
  serviceName: string;
  rating: number;
  comment: string | null;
  ratedAt: string;
  cleanerNames: string[];
}

export interface RatingList {
  items: RatedJob[];
  /** To 1 decimal place; null without ratings. */
  averageRating: number | null;
  /** How many ratings there are in all (the list holds at most `limit` of them). */
  ratings: number;
}

export interface CleanerRating {
  cleanerId: string;
  averageRating: number;
  ratings: number;
}

/** GET and PUT /api/admin/settings/feedback: core's shape (a type only, nothing of core's code). */
export type { FeedbackSettings };

export const FEEDBACK_SETTINGS_DEFAULTS: FeedbackSettings = { enabled: true, delayHours: 0, reviewUrl: null };

const bookingPath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}`;
const SETTINGS_PATH = "/api/admin/settings/feedback";

/** The job's feedback row, or null while nobody has been asked. */
export const fetchBookingFeedback = async (bookingId: string, signal?: AbortSignal) =>
  (await api.get<{ feedback: BookingFeedback | null }>(`${bookingPath(bookingId)}/feedback`, { signal })).feedback;

/** E-mails the customer a new link (the old one stops working); answers the row as it now stands. */
export const askForFeedback = async (bookingId: string) =>
  (await api.post<{ feedback: BookingFeedback }>(`${bookingPath(bookingId)}/feedback-request`)).feedback;

/** The customer's rated jobs, newest rating first, with their average. */
export const fetchCustomerRatings = (customerId: string, signal?: AbortSignal) =>
  api.get<RatingList>("/api/admin/feedback", { query: { customerId }, signal });

/** Every cleaner's all-time average, by cleaner id (cleaners without a rating are not in it). */
export async function fetchCleanerRatings(signal?: AbortSignal): Promise<Map<string, CleanerRating>> {
  const ratings = await api.list<CleanerRating>("/api/admin/feedback/cleaners", { signal });
  return new Map(ratings.map((rating) => [rating.cleanerId, rating]));
}

/** The saved settings over the defaults, so a field the server leaves out still has its value. */
export const fetchFeedbackSettings = async (signal?: AbortSignal): Promise<FeedbackSettings> =>
  ({ ...FEEDBACK_SETTINGS_DEFAULTS, ...(await api.get<FeedbackSettings>(SETTINGS_PATH, { signal })) });

/** Superadmins only (an admin's PUT is answered 403). */
export const saveFeedbackSettings = (body: FeedbackSettings) => api.put<FeedbackSettings>(SETTINGS_PATH, body);
