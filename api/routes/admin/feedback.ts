/**
 * Feedback after each job (issue 32), the staff calls: the feedback settings (any admin reads,
 * superadmins change them, audited), a booking's feedback and asking for it again, the rated jobs
 * (of a customer or a cleaner) and each cleaner's average. Mounted under /api/admin behind requireAdmin.
 */
import type { Context } from "hono";
import type { Actor } from "../../../core/shared/audit.ts";
import type { FeedbackSettingsStore } from "../../../core/feedback/ports.ts";
import { type FeedbackSettingsAdmin, feedbackSettingsInputSchema, feedbackSettingsSchema } from "../../../core/feedback/settings.ts";
import { bookingFeedbackSchema, cleanerRatingsSchema, ratedJobsQuerySchema, ratedJobsSchema } from "../../../core/feedback/schemas.ts";
import { ASK_FEEDBACK_ERRORS, BOOKING_FEEDBACK_ERRORS, type FeedbackUseCases } from "../../../core/feedback/use-cases.ts";
import { FEEDBACK_LINK_DAYS } from "../../../core/feedback/rules.ts";
import { answerWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";

export interface FeedbackAdminUseCases {
  feedback: FeedbackUseCases;
  settings: Pick<FeedbackSettingsStore, "get">;
  settingsAdmin: FeedbackSettingsAdmin;
}

const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const settingsTags: [string] = ["Staff: settings and accounts"];
const tags: [string] = ["Staff: bookings and inquiries"];

const getSettings = route({
  method: "get", path: "/settings/feedback", tags: settingsTags, "x-required-role": "admin",
  summary: "Feedback after each job: whether, when, and the review page",
  description: "The defaults until saved: enabled, sent when the job is marked DONE (delayHours 0), no review page.",
  responses: { 200: json(feedbackSettingsSchema, "The settings") },
});
const saveSettings = route({
  method: "put", path: "/settings/feedback", tags: settingsTags, "x-required-role": "superadmin",
  summary: "Save the feedback settings (superadmin only)",
  description: "enabled: customers are e-mailed a link to rate each finished job. delayHours 0: the request goes when the job is marked " +
    "DONE; 1-168: that many hours after the job's end, by a job in the API process, for jobs whose time came within the last 48 hours " +
    "(turning it on never mails an old backlog). reviewUrl: an https:// page offered to customers who rate 4 or 5; blank or null for none. " +
    "422 with fieldErrors.delayHours or fieldErrors.reviewUrl. Audited as settings.feedback.",
  request: { body: jsonBody(feedbackSettingsInputSchema) },
  responses: { 200: json(feedbackSettingsSchema, "The saved settings") },
});
const getBookingFeedback = route({
  method: "get", path: "/bookings/{id}/feedback", tags, "x-required-role": "admin", summary: "A job's feedback",
  description: "null while the customer has never been asked; else when the working link was sent and expires, how often they were asked, " +
    "and the rating and comment once given.",
  request: { params: IdParams },
  errors: BOOKING_FEEDBACK_ERRORS,
  responses: { 200: json(bookingFeedbackSchema, "The feedback") },
});
const askForFeedback = route({
  method: "post", path: "/bookings/{id}/feedback-request", tags, "x-required-role": "admin", summary: "Ask the customer for feedback again",
  description: `E-mails the customer a new link (the old one stops working), expiring ${FEEDBACK_LINK_DAYS} days from now; requestCount + 1. ` +
    "Whatever the settings say. Audited as booking.feedback_request. 409 JOB_NOT_DONE unless the booking is DONE (a quote never is); " +
    "409 FEEDBACK_ALREADY_GIVEN once rated.",
  request: { params: IdParams },
  errors: ASK_FEEDBACK_ERRORS,
  responses: { 201: json(bookingFeedbackSchema, "The feedback with its new link's times") },
});
const listRated = route({
  method: "get", path: "/feedback", tags, "x-required-role": "admin", summary: "Rated jobs, newest rated first",
  description: "Only jobs with a rating; customerId and cleanerId narrow them (a job counts for each of its cleaners). averageRating " +
    "(1 decimal) and ratings are over every rating the filters select, not only the page.",
  request: { query: ratedJobsQuerySchema },
  responses: { 200: json(ratedJobsSchema, "The rated jobs") },
});
const cleanerRatings = route({
  method: "get", path: "/feedback/cleaners", tags, "x-required-role": "admin", summary: "Each cleaner's average rating",
  description: "All time, cleaners with at least one rating (those who left included): a job's rating counts for each cleaner on it.",
  responses: { 200: json(cleanerRatingsSchema, "The cleaners' averages") },
});

export function feedbackAdminRoutes(useCases: FeedbackAdminUseCases) {
  const { feedback, settings, settingsAdmin } = useCases;
  return routeGroup()
    .openapi(getSettings, async (c) => c.json(await settings.get(), 200))
    .openapi(saveSettings, async (c) => c.json(await settingsAdmin.save(actorOf(c), c.req.valid("json")), 200))
    .openapi(getBookingFeedback, async (c) => answerWith(getBookingFeedback, c, await feedback.forBooking(c.req.valid("param").id), 200))
    .openapi(askForFeedback, async (c) => {
      return answerWith(askForFeedback, c, await feedback.askAgain(actorOf(c), c.req.valid("param").id), 201);
    })
    .openapi(listRated, async (c) => c.json(await feedback.ratedJobs(c.req.valid("query")), 200))
    .openapi(cleanerRatings, async (c) => c.json(await feedback.cleanerRatings(), 200));
}
