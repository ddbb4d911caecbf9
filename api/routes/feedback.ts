/**
 * Feedback after each job (issue 32), the customer's calls: the job their link opens, and their
 * rating. The token is the only key, so an unknown, malformed or expired one is a plain 404; it
 * travels in the URL, so no answer is stored by a cache or leaks it in a Referer (the manage
 * link's headers, api/app.ts). Both calls count against a rate limit, as the manage link's do.
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { feedbackRatingSchema, feedbackViewSchema } from "../../core/feedback/schemas.ts";
import { type FeedbackUseCases, RATE_FEEDBACK_ERRORS, VIEW_FEEDBACK_ERRORS } from "../../core/feedback/use-cases.ts";
import { FEEDBACK_LINK_DAYS, LOW_RATING_MAX } from "../../core/feedback/rules.ts";
import { answerWith, HTTP_ERRORS } from "../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";

export interface FeedbackRouteDeps {
  feedback: FeedbackUseCases;
  guards: {
    /** The public writes' budget (bookings, quotes, inquiries, the manage link's changes): the rating. */
    submit: MiddlewareHandler;
    /** The availability budget, as the manage link's reads: the view. */
    read: MiddlewareHandler;
  };
}

const TokenParams = z.object({
  token: z.string().meta({ description: "The token of the customer's feedback link (43 characters, base64url)" }),
});
const tags: [string] = ["Feedback"];
const role = "public" as const;
const { rateLimited } = HTTP_ERRORS;

const viewFeedback = route({
  method: "get", path: "/feedback/{token}", tags, "x-required-role": role, summary: "The finished job a customer's feedback link opens",
  description: `The job (reference, service, start, who cleaned it) and the rating once given. A link works for ${FEEDBACK_LINK_DAYS} days ` +
    "after it was e-mailed; asking again replaces it. reviewUrl is the business's review page, only once rated 4 or 5.",
  request: { params: TokenParams },
  errors: [...VIEW_FEEDBACK_ERRORS, rateLimited],
  responses: { 200: json(feedbackViewSchema, "The job and its rating") },
});
const rateFeedback = route({
  method: "post", path: "/feedback/{token}", tags, "x-required-role": role, summary: "The customer rates their clean",
  description: `Once per job: a second rating is a 409 FEEDBACK_ALREADY_GIVEN. A rating of ${LOW_RATING_MAX} or less e-mails the office at once ` +
    "(feedback-low-rating-notification); 4 or 5 answers the business's review page in reviewUrl, when it has one. " +
    "Audited as booking.feedback, by the customer.",
  request: { params: TokenParams, body: jsonBody(feedbackRatingSchema) },
  errors: [...RATE_FEEDBACK_ERRORS, rateLimited],
  responses: { 201: json(feedbackViewSchema, "The job, rated") },
});

export function feedbackRoutes({ feedback, guards }: FeedbackRouteDeps) {
  const group = routeGroup();
  // Before the body is read: the budget counts every attempt.
  group.on("GET", "/feedback/:token", guards.read);
  group.on("POST", "/feedback/:token", guards.submit);
  return group
    .openapi(viewFeedback, async (c) => answerWith(viewFeedback, c, await feedback.view(c.req.valid("param").token), 200))
    .openapi(rateFeedback, async (c) => {
      return answerWith(rateFeedback, c, await feedback.rate(c.req.valid("param").token, c.req.valid("json")), 201);
    });
}
