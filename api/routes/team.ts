import { z } from "zod";
import { CHECK_IN_ERRORS, CHECK_OUT_ERRORS, ON_MY_WAY_ERRORS } from "../../core/team/rules.ts";
import { jobMarkInputSchema, TEAM_JOBS_DEFAULT_AHEAD_DAYS, TEAM_JOBS_MAX_DAYS, teamJobSchema, teamJobsQuerySchema } from "../../core/team/schemas.ts";
import type { TeamJobs } from "../../core/team/use-cases.ts";
import { answerWith } from "../http-errors.ts";
import { itemsOf, json, jsonBody, route, routeGroup } from "../openapi.ts";

const cleaner = { tags: ["Team: a cleaner's own jobs"] as [string], "x-required-role": "cleaner" as const };

const JobParams = z.object({ id: z.string().meta({ description: "The job's (booking's) _id" }) });

/** What every tap's description says. */
const tapRules = "The time is the server's. A job that is not the caller's (or unknown) is a 404 JOB_NOT_FOUND; a cancelled job, " +
  "a quote or one waiting for a new time, 409 JOB_NOT_ACTIVE. Answers the job as the caller now sees it. ";

const listJobs = route({
  ...cleaner, method: "get", path: "/jobs", summary: "The caller's own jobs, by start",
  description: `The BOOKING jobs the calling cleaner is on, PENDING, CONFIRMED or DONE, starting from \`from\` to \`to\` (Melbourne days, ` +
    `inclusive; both or neither: by default today and the next ${TEAM_JOBS_DEFAULT_AHEAD_DAYS} days; at most ${TEAM_JOBS_MAX_DAYS} days). ` +
    "Each with where, when, the customer's first name and phone, their answers, add-ons and notes, the service's checklist, the other " +
    "cleaners' names and the caller's own taps. Nothing of money (no price, payment or balance) and no other customer. " +
    "A date not written YYYY-MM-DD, one of the two alone, to before from, or too long a range is a 422.",
  request: { query: teamJobsQuerySchema },
  responses: { 200: json(itemsOf(teamJobSchema), "The caller's jobs") },
});
const onMyWay = route({
  ...cleaner, method: "post", path: "/jobs/{id}/on-my-way", summary: "Tell the customer the cleaner is on the way",
  description: tapRules +
    "Opens 2 hours before the start (409 TOO_EARLY before); after check-in it is a 409 ALREADY_CHECKED_IN. The customer is e-mailed " +
    "\"<first name> from <business> is on the way\" the first time only: a second tap answers 200 and sends nothing. Audited as job.on_my_way.",
  request: { params: JobParams },
  errors: ON_MY_WAY_ERRORS,
  responses: { 200: json(teamJobSchema, "The job") },
});
const checkIn = route({
  ...cleaner, method: "post", path: "/jobs/{id}/check-in", summary: "Check in at the job",
  description: tapRules +
    "Opens 2 hours before the start (409 TOO_EARLY \"Check-in opens 2 hours before the job starts.\"); once only (409 ALREADY_CHECKED_IN): " +
    "of two taps at once exactly one checks in. note (at most 1,000 characters), lat and lng (together) are optional. Audited as job.check_in.",
  request: { params: JobParams, body: jsonBody(jobMarkInputSchema) },
  errors: CHECK_IN_ERRORS,
  responses: { 200: json(teamJobSchema, "The job, checked in") },
});
const checkOut = route({
  ...cleaner, method: "post", path: "/jobs/{id}/check-out", summary: "Check out of the job",
  description: tapRules +
    "After check-in only (409 NOT_CHECKED_IN), once (409 ALREADY_CHECKED_OUT). A note (at most 1,000 characters) is e-mailed to the " +
    "office and shows on the booking page; lat and lng (together) are optional. Audited as job.check_out.",
  request: { params: JobParams, body: jsonBody(jobMarkInputSchema) },
  errors: CHECK_OUT_ERRORS,
  responses: { 200: json(teamJobSchema, "The job, checked out") },
});

/** The cleaners' own app (issue 31), mounted at /api/team behind requireCleaner: a cleaner's login only. */
export function teamRoutes(jobs: TeamJobs) {
  return routeGroup()
    .openapi(listJobs, async (c) => c.json({ items: await jobs.list(c.get("cleaner"), c.req.valid("query")) }, 200))
    .openapi(onMyWay, async (c) => answerWith(onMyWay, c, await jobs.onMyWay(c.get("cleaner"), c.req.valid("param").id), 200))
    .openapi(checkIn, async (c) => {
      return answerWith(checkIn, c, await jobs.checkIn(c.get("cleaner"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(checkOut, async (c) => {
      return answerWith(checkOut, c, await jobs.checkOut(c.get("cleaner"), c.req.valid("param").id, c.req.valid("json")), 200);
    });
}
