/**
 * Feedback after each job (issue 32): the customer's link (see the job, rate it once), the staff's
 * reads (a booking's feedback, the rated jobs, each cleaner's average) and asking again by hand.
 * The request sent when a job is marked DONE is part of that status change (workflows/bookings-admin.ts),
 * the delayed one a job's (adapters/jobs/feedback-requests.ts); both use `newFeedbackRequest`.
 */
import { type Actor, type AuditEntry, auditEntry } from "../shared/audit.ts";
import type { Clock } from "../shared/ports.ts";
import { declareError, err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import { BOOKING_NOT_FOUND } from "../booking/status.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { feedbackLowRatingNotification, feedbackRequestEmail } from "../notifications/feedback-emails.ts";
import type { Feedback, FeedbackJob, FeedbackSettingsStore, FeedbackStore, RatedJobsQuery } from "./ports.ts";
import { alreadyRated, canAskForFeedback, feedbackLinkOpen, firstNameOf, isLowRating, newFeedbackRequest, reviewUrlFor } from "./rules.ts";
import type { BookingFeedbackView, FeedbackRatingInput, FeedbackView, RatedJobsView, StaffFeedbackView } from "./schemas.ts";
import { FEEDBACK_TOKEN_PATTERN, feedbackUrl, hashFeedbackToken } from "./token.ts";

export const FEEDBACK_ERRORS = {
  linkInvalid: declareError("not_found", "FEEDBACK_LINK_INVALID", "This feedback link is invalid or has expired."),
  alreadyGiven: declareError("conflict", "FEEDBACK_ALREADY_GIVEN", "You've already rated this clean. Thank you!"),
  jobNotDone: declareError("conflict", "JOB_NOT_DONE", "Feedback can be asked for once the job is done."),
} as const;

/** Opening the link: unknown, malformed or expired. */
export const VIEW_FEEDBACK_ERRORS = [FEEDBACK_ERRORS.linkInvalid] as const;
/** Rating: the link, then once per job. */
export const RATE_FEEDBACK_ERRORS = [FEEDBACK_ERRORS.linkInvalid, FEEDBACK_ERRORS.alreadyGiven] as const;
/** A booking's feedback: only the booking can be missing. */
export const BOOKING_FEEDBACK_ERRORS = [BOOKING_NOT_FOUND] as const;
/** Asking again: the booking, a job not done (or a quote), a job already rated. */
export const ASK_FEEDBACK_ERRORS = [BOOKING_NOT_FOUND, FEEDBACK_ERRORS.jobNotDone, FEEDBACK_ERRORS.alreadyGiven] as const;

type LinkInvalid = ErrorOf<typeof VIEW_FEEDBACK_ERRORS>;
export type RateFeedbackError = ErrorOf<typeof RATE_FEEDBACK_ERRORS>;
export type AskFeedbackError = ErrorOf<typeof ASK_FEEDBACK_ERRORS>;

export interface FeedbackDeps {
  store: FeedbackStore;
  settings: Pick<FeedbackSettingsStore, "get">;
  clock: Clock;
  /** The business's name, notification address and site URL, read before a transaction opens. */
  mailContext: () => Promise<MessageContext>;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** What the customer's page shows; the review page only once rated 4 or 5. */
export function feedbackView(job: FeedbackJob, businessName: string, reviewUrl: string | null): FeedbackView {
  const { booking, feedback } = job;
  return {
    reference: booking.reference,
    serviceName: booking.serviceNameAtBooking,
    startTimeISO: booking.startTime.toISOString(),
    firstName: booking.firstName,
    cleanerFirstNames: job.cleanerNames.map(firstNameOf),
    businessName,
    rating: feedback.rating,
    comment: feedback.rating === null ? null : feedback.comment,
    ratedAt: iso(feedback.ratedAt),
    reviewUrl: reviewUrlFor(feedback.rating, reviewUrl),
  };
}

export const staffFeedbackView = (feedback: Feedback): StaffFeedbackView => ({
  requestedAt: feedback.requestedAt.toISOString(),
  expiresAt: feedback.expiresAt.toISOString(),
  requestCount: feedback.requestCount,
  rating: feedback.rating,
  comment: feedback.rating === null ? null : feedback.comment,
  ratedAt: iso(feedback.ratedAt),
});

/** The customer's audit row: no admin, their e-mail as who acted (as their manage link's changes). */
const customerAudit = (booking: BookingRecord, before: unknown, after: unknown): AuditEntry => ({
  adminId: null,
  adminEmail: booking.email,
  action: "booking.feedback",
  entity: "booking",
  entityId: booking._id,
  before,
  after,
});

export function makeFeedback(deps: FeedbackDeps) {
  const { store, clock } = deps;
  const linkInvalid = err(FEEDBACK_ERRORS.linkInvalid);
  const hashOf = (token: string): string | null => (FEEDBACK_TOKEN_PATTERN.test(token) ? hashFeedbackToken(token) : null);

  return {
    /** The job a link opens: a token of the right shape, known, not expired. */
    async view(token: string): Promise<Result<FeedbackView, LinkInvalid>> {
      const hash = hashOf(token);
      const job = hash ? await store.byTokenHash(hash) : null;
      if (!job || !feedbackLinkOpen(job.feedback, clock.now())) return linkInvalid;
      const [ctx, settings] = await Promise.all([deps.mailContext(), deps.settings.get()]);
      return ok(feedbackView(job, ctx.profile.brandName, settings.reviewUrl));
    },

    /**
     * The customer's rating, once: under the row's lock, so of two at once one is kept and the
     * other answered 409. A rating of 3 or less e-mails the office in the same transaction.
     */
    async rate(token: string, input: FeedbackRatingInput): Promise<Result<FeedbackView, RateFeedbackError>> {
      const hash = hashOf(token);
      if (!hash) return linkInvalid;
      // Read before the transaction: it holds the row (and PGlite's one connection).
      const [ctx, settings] = await Promise.all([deps.mailContext(), deps.settings.get()]);
      const now = clock.now();
      return store.transaction(async (tx): Promise<Result<FeedbackView, RateFeedbackError>> => {
        const job = await tx.lockByTokenHash(hash);
        if (!job || !feedbackLinkOpen(job.feedback, now)) return linkInvalid;
        if (alreadyRated(job.feedback)) return err(FEEDBACK_ERRORS.alreadyGiven);
        const given = { rating: input.rating, comment: input.comment };
        const feedback = await tx.saveRating(job.booking._id, { ...given, ratedAt: now });
        if (isLowRating(given.rating)) await tx.enqueueEmail(feedbackLowRatingNotification(job.booking, given, ctx, job.cleanerNames));
        await tx.audit(customerAudit(job.booking, { rating: null }, given));
        return ok(feedbackView({ ...job, feedback }, ctx.profile.brandName, settings.reviewUrl));
      });
    },

    async forBooking(bookingId: string): Promise<Result<BookingFeedbackView, ErrorOf<typeof BOOKING_FEEDBACK_ERRORS>>> {
      const found = await store.forBooking(bookingId);
      if (!found) return err(BOOKING_NOT_FOUND);
      return ok({ feedback: found.feedback ? staffFeedbackView(found.feedback) : null });
    },

    /**
     * Staff ask again by hand (whatever the settings say): a new link e-mailed, replacing the old
     * one's hash (so it stops working), expiring 30 days from now, the count + 1; audited.
     */
    async askAgain(actor: Actor, bookingId: string): Promise<Result<BookingFeedbackView, AskFeedbackError>> {
      const ctx = await deps.mailContext();
      const now = clock.now();
      const request = newFeedbackRequest(bookingId, now);
      return store.transaction(async (tx): Promise<Result<BookingFeedbackView, AskFeedbackError>> => {
        const locked = await tx.lockBooking(bookingId);
        if (!locked) return err(BOOKING_NOT_FOUND);
        if (!canAskForFeedback(locked.booking)) return err(FEEDBACK_ERRORS.jobNotDone);
        const before = locked.feedback;
        if (before && alreadyRated(before)) return err(FEEDBACK_ERRORS.alreadyGiven);
        const feedback = await tx.replaceRequest(request.row, actor._id);
        await tx.enqueueEmail(feedbackRequestEmail(locked.booking, ctx, { url: feedbackUrl(ctx.siteUrl, request.token), expiresAt: feedback.expiresAt }));
        await tx.audit(auditEntry(
          actor,
          "booking.feedback_request",
          "booking",
          bookingId,
          before ? { requestCount: before.requestCount } : null,
          { requestCount: feedback.requestCount },
        ));
        return ok({ feedback: staffFeedbackView(feedback) });
      });
    },

    /** Rated jobs, newest rated first, with the average and count of all the filters select. */
    async ratedJobs(query: RatedJobsQuery): Promise<RatedJobsView> {
      const { items, averageRating, ratings } = await store.ratedJobs(query);
      return {
        items: items.map((item) => ({ ...item, startTime: item.startTime.toISOString(), ratedAt: item.ratedAt.toISOString() })),
        averageRating,
        ratings,
      };
    },

    /** Each cleaner's average over every job they were on that was rated. */
    async cleanerRatings() {
      return { items: await store.cleanerRatings() };
    },
  };
}

export type FeedbackUseCases = ReturnType<typeof makeFeedback>;
