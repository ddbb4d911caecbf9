/**
 * The rules of feedback after each job (issue 32), as plain functions: when a job is asked, how long
 * its link works, that it is answered once, which ratings the office hears of at once and which
 * are offered the business's review page, and the averages staff read.
 */
import { MAX_JOB_MINUTES } from "../booking/capacity/capacity.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { FeedbackSettings } from "./settings.ts";
import { type FeedbackToken, hashFeedbackToken, newFeedbackToken } from "./token.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a feedback link works after it was sent. */
export const FEEDBACK_LINK_DAYS = 30;
/** A rating at or below this e-mails the office at once; above it, the customer is offered the review page. */
export const LOW_RATING_MAX = 3;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX = 2000;
/**
 * A delayed request is sent only while its time (the job's end + delayHours) is at most this many
 * hours past, so turning the setting on (or a long outage) never mails an old backlog.
 */
export const DELAYED_REQUEST_WINDOW_HOURS = 48;

/** When a link sent at `requestedAt` stops working. */
export const feedbackExpiry = (requestedAt: Date): Date => new Date(requestedAt.getTime() + FEEDBACK_LINK_DAYS * DAY_MS);

/** Whether a link still opens its job's feedback: until its expiry (answered or not). */
export const feedbackLinkOpen = (feedback: { expiresAt: Date }, now: Date): boolean => now.getTime() < feedback.expiresAt.getTime();

/** Once per job: a rating is never replaced. */
export const alreadyRated = (feedback: { rating: number | null }): boolean => feedback.rating !== null;

export const isLowRating = (rating: number): boolean => rating <= LOW_RATING_MAX;

/** The review page a customer is offered: only once they have rated 4 or 5, and only when the business has one. */
export const reviewUrlFor = (rating: number | null, reviewUrl: string | null): string | null =>
  rating !== null && !isLowRating(rating) ? reviewUrl : null;

/** Feedback is asked for a finished job only: a BOOKING marked DONE (a quote never is). */
export const canAskForFeedback = (record: Pick<BookingRecord, "type" | "status">): boolean =>
  record.type === "BOOKING" && record.status === "DONE";

/** Whether marking this job DONE e-mails the request at once (with a delay, the job sends it later). */
export const asksWhenDone = (record: Pick<BookingRecord, "type" | "status">, settings: FeedbackSettings): boolean =>
  settings.enabled && settings.delayHours === 0 && canAskForFeedback(record);

/** What the store keeps of a link: its hash and its times. */
export interface FeedbackRequestRow {
  bookingId: string;
  tokenHash: string;
  requestedAt: Date;
  expiresAt: Date;
}

/** A new link for a job, sent now: the token for the e-mail, the row for the store. */
export function newFeedbackRequest(
  bookingId: string,
  now: Date,
  link: FeedbackToken = newFeedbackToken(),
): { token: string; row: FeedbackRequestRow } {
  return {
    token: link.token,
    row: { bookingId, tokenHash: hashFeedbackToken(link.token), requestedAt: now, expiresAt: feedbackExpiry(now) },
  };
}

/**
 * The jobs a delayed request is due for at `now`: those whose end + delayHours lies in
 * (now − DELAYED_REQUEST_WINDOW_HOURS, now]. `startsAfter` bounds their start too (no job runs
 * longer than MAX_JOB_MINUTES), so the read can use the start index.
 */
export function delayedRequestWindow(settings: Pick<FeedbackSettings, "delayHours">, now: Date) {
  const endedBy = new Date(now.getTime() - settings.delayHours * HOUR_MS);
  const endedAfter = new Date(endedBy.getTime() - DELAYED_REQUEST_WINDOW_HOURS * HOUR_MS);
  return { endedBy, endedAfter, startsAfter: new Date(endedAfter.getTime() - MAX_JOB_MINUTES * 60_000) };
}

/** Whether the feedback job sends this job's request now (the SQL in adapters/jobs/feedback-requests.ts says the same). */
export function isDelayedRequestDue(
  job: Pick<BookingRecord, "type" | "status" | "endTime"> & { requested: boolean },
  settings: FeedbackSettings,
  now: Date,
): boolean {
  if (!settings.enabled || settings.delayHours === 0 || job.requested || !canAskForFeedback(job)) return false;
  const { endedBy, endedAfter } = delayedRequestWindow(settings, now);
  return job.endTime.getTime() <= endedBy.getTime() && job.endTime.getTime() > endedAfter.getTime();
}

/** An average rating to 1 decimal (half away from zero), or null for none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  // Integers over integers: a half is exact in binary, so Math.round sees it as the SQL does.
  return Math.round((sum * 10) / ratings.length) / 10;
}

/** The name a customer knows their cleaner by: the first word of the team member's name. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? "";
