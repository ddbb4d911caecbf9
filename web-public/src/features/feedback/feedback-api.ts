/**
 * The feedback page's calls (issue 32), through the site's one fetch client: the link's job is
 * one TanStack Query query, which the rating's answer replaces.
 */
import { queryOptions } from "@tanstack/react-query";
import { isApiError } from "@yarra/api/client/http.ts";
import type { FeedbackView as FeedbackViewDto } from "@yarra/core/feedback/schemas.ts";
import { api } from "../../lib/api.ts";

/** A rating the customer gives: 1 (poor) to 5 (excellent). */
export type Rating = 1 | 2 | 3 | 4 | 5;
export const RATINGS: readonly Rating[] = [1, 2, 3, 4, 5];

/** GET and POST /api/feedback/{token} answer with this: core's schema, the server's own. */
export type FeedbackView = FeedbackViewDto;

/** The rating given, as one of the five; null before (or for anything else, never shown as a rating). */
export const givenRating = (view: Pick<FeedbackView, "rating">): Rating | null =>
  RATINGS.find((rating) => rating === view.rating) ?? null;

export interface FeedbackInput {
  rating: Rating;
  comment?: string;
}

/** What the server takes, so the form refuses the same (contract B). */
export const FEEDBACK_LIMITS = { comment: 2000 } as const;

const base = (token: string) => `/api/feedback/${encodeURIComponent(token)}`;

export const fetchFeedback = (token: string, options?: { signal?: AbortSignal }) => api.get<FeedbackView>(base(token), options);

/** The link's job and any rating already given. */
export const feedbackQuery = (token: string) =>
  queryOptions({
    queryKey: ["feedback", token],
    queryFn: ({ signal }) => fetchFeedback(token, { signal }),
  });

/** A blank comment is no comment: the server trims it anyway. */
export const sendFeedback = (token: string, rating: Rating, comment: string) =>
  api.post<FeedbackView>(base(token), comment.trim() ? { rating, comment } satisfies FeedbackInput : { rating } satisfies FeedbackInput);

/**
 * The link is unknown or expired (FEEDBACK_LINK_INVALID). Read from the status: under
 * /api/feedback/{token} a 404 can only mean the link.
 */
export const isInvalidLink = (error: unknown) => isApiError(error) && error.status === 404;

/** The clean is already rated (FEEDBACK_ALREADY_GIVEN, the one 409 of the POST). */
export const isAlreadyRated = (error: unknown) => isApiError(error) && error.status === 409;

/** The server's messages for one field of a refused rating. */
export const fieldRefusals = (error: unknown, field: keyof FeedbackInput): string[] | undefined =>
  isApiError(error) && error.status === 422 ? error.fieldErrors?.[field] : undefined;
