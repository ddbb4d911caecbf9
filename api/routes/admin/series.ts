/** The series of regular visits (issue 17): staff list, read and change them. */
import type { Context } from "hono";
import { z } from "zod";
import {
  CHANGE_SERIES_ERRORS,
  END_SERIES_ERRORS,
  GET_SERIES_ERRORS,
  MOVE_SERIES_VISIT_ERRORS,
  PAUSE_SERIES_ERRORS,
  RESUME_SERIES_ERRORS,
  type SeriesAdmin,
  SET_SERIES_CLEANERS_ERRORS,
  SKIP_SERIES_VISIT_ERRORS,
} from "../../../core/workflows/series-admin.ts";
import {
  seriesChangeSchema,
  seriesCleanersSchema,
  seriesDetailSchema,
  seriesEndSchema,
  seriesListQuerySchema,
  seriesListSchema,
  seriesMoveSchema,
  seriesPauseSchema,
  seriesResumeSchema,
  seriesSkipSchema,
} from "../../../core/series/schemas.ts";
import { answerWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: series of regular visits"] as [string], "x-required-role": "admin" as const };
const VisitParams = IdParams.extend({ bookingId: z.string().meta({ description: "The visit's booking _id" }) });

const EMAILED = "The customer gets one e-mail saying so.";
const AUDITED = (action: string) => `Audited as ${action} (entity series). The answer is the series as it now is.`;

const listSeries = route({
  ...admin, method: "get", path: "/series", summary: "Series of regular visits: filter, search, pages",
  description:
    "Newest first. q matches the customer's name, e-mail, phone digits however typed (+61 read as 0), the suburb, and the reference " +
    "of any visit, however typed. nextVisit is the next visit from now that still stands; needsAttention counts the visits that " +
    "could not be placed.",
  request: { query: seriesListQuerySchema },
  responses: { 200: json(seriesListSchema, "One page") },
});
const getSeries = route({
  ...admin, method: "get", path: "/series/{id}", summary: "One series, with every visit past and coming",
  request: { params: IdParams },
  errors: GET_SERIES_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const skipVisit = route({
  ...admin, method: "post", path: "/series/{id}/visits/{bookingId}/skip", summary: "Skip one visit",
  description:
    "The visit becomes CANCELLED with the reason given (default \"Skipped\") and keeps its series date, so it is never generated " +
    "again; only a coming visit that is PENDING, CONFIRMED or NEEDS_ATTENTION can be skipped. " + EMAILED +
    " (with a calendar update removing it and a manage-my-booking link). " + AUDITED("series.skip"),
  request: { params: VisitParams, body: jsonBody(seriesSkipSchema) },
  errors: SKIP_SERIES_VISIT_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const moveVisit = route({
  ...admin, method: "post", path: "/series/{id}/visits/{bookingId}/move", summary: "Move one visit",
  description:
    "The visit moves to startTimeISO, keeping its length and its series date. The start is judged by the office's rules (no lead " +
    "time; never in the past or on a closed date; any quarter hour within the slot hours, not on a closed weekday, ending by the " +
    "close of the day, unless allowOutsideHours: true, then recorded in the audit row) and " +
    "the capacity rule decides it under the capacity lock, leaving the visit's own place out (a superadmin may override). A " +
    "NEEDS_ATTENTION visit moved into a free place becomes PENDING or CONFIRMED, as the series' first visit is. Moving a visit to " +
    "its own time changes nothing. The visit's cleaners must be free (and, in team mode, working) at the new time. " +
    "overrideCapacity sent by an admin who is not a superadmin is refused with 403 FORBIDDEN. " + EMAILED +
    " (with the updated calendar event). " + AUDITED("series.move"),
  request: { params: VisitParams, body: jsonBody(seriesMoveSchema) },
  errors: MOVE_SERIES_VISIT_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const changeSeries = route({
  ...admin, method: "post", path: "/series/{id}/change", summary: "Change the series from a date on",
  description:
    "Any of the start time (HH:MM, Melbourne), the frequency (one that repeats), the hours or bedrooms and the add-ons; the others " +
    "keep the series' own. A change of size, add-ons or frequency is re-priced by core on the live catalogue (each visit at the " +
    "recurring price). The new terms start on fromDate (today or later): its day becomes the series' day, and its first visit is " +
    "judged by the office's start rules (any quarter hour within the slot hours). The visits from fromDate that still stand become CANCELLED (\"Replaced by a change to the " +
    "regular clean\") with their series dates freed, and the visits are generated again at once. " + EMAILED + " " +
    AUDITED("series.change"),
  request: { params: IdParams, body: jsonBody(seriesChangeSchema) },
  errors: CHANGE_SERIES_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const setSeriesCleaners = route({
  ...admin, method: "put", path: "/series/{id}/cleaners", summary: "Set the regular cleaners",
  description:
    "The regular cleaners, in order ([] for none). Each coming visit holding a place (PENDING or CONFIRMED) whose cleaners are all " +
    "among the series' old regular ones gets the new ones who are free for its whole time, under the cleaners' locks; a visit given " +
    "someone else for itself alone keeps them. A visit where a regular cleaner is busy keeps its place without them: the answer's " +
    "visits name them in missingCleanerIds. Visits planned later carry them the same way. No e-mail. " + AUDITED("series.cleaners"),
  request: { params: IdParams, body: jsonBody(seriesCleanersSchema) },
  errors: SET_SERIES_CLEANERS_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const pauseSeries = route({
  ...admin, method: "post", path: "/series/{id}/pause", summary: "Pause the series",
  description:
    "From fromDate (today or later; default today) no visit is planned: the visits from then that still stand become CANCELLED " +
    "(\"Regular clean paused\") and nothing is generated until it resumes. The body may be left out. Pausing a paused series changes " +
    "nothing. " + EMAILED + " " + AUDITED("series.pause"),
  request: { params: IdParams, body: { ...jsonBody(seriesPauseSchema), required: false } },
  errors: PAUSE_SERIES_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const resumeSeries = route({
  ...admin, method: "post", path: "/series/{id}/resume", summary: "Resume a paused series",
  description:
    "The series is ACTIVE again from fromDate (today or later; default today), on its own days and time, and its visits are " +
    "generated at once. The body may be left out. Resuming an active series changes nothing. " + EMAILED + " " +
    AUDITED("series.resume"),
  request: { params: IdParams, body: { ...jsonBody(seriesResumeSchema), required: false } },
  errors: RESUME_SERIES_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});
const endSeries = route({
  ...admin, method: "post", path: "/series/{id}/end", summary: "End the series from a date",
  description:
    "The series is ENDED from fromDate (today or later): every visit from then that is not DONE becomes CANCELLED with the reason " +
    "(default \"Regular clean ended\") and nothing more is generated. The customer gets one e-mail, not one per visit, with one " +
    "calendar update removing the cancelled visits. " + AUDITED("series.end"),
  request: { params: IdParams, body: jsonBody(seriesEndSchema) },
  errors: END_SERIES_ERRORS,
  responses: { 200: json(seriesDetailSchema, "The series") },
});

/** A pause or resume sent with no body at all takes the defaults (the declared body is optional). */
const hasBody = (c: Context) => (c.req.header("content-type") ?? "") !== "" || Number(c.req.header("content-length") ?? 0) > 0;

/** The series calls, mounted under /api/admin behind requireAdmin (any admin). */
export function seriesAdminRoutes(series: SeriesAdmin) {
  const group = routeGroup();
  group.on("POST", "/series/:id/pause", async (c, next) => {
    if (hasBody(c)) return await next();
    return answerWith(pauseSeries, c, await series.pause(c.get("admin"), c.req.param("id"), {}), 200);
  });
  group.on("POST", "/series/:id/resume", async (c, next) => {
    if (hasBody(c)) return await next();
    return answerWith(resumeSeries, c, await series.resume(c.get("admin"), c.req.param("id"), {}), 200);
  });
  return group
    .openapi(listSeries, async (c) => c.json(await series.list(c.req.valid("query")), 200))
    .openapi(getSeries, async (c) => {
      return answerWith(getSeries, c, await series.get(c.req.valid("param").id), 200);
    })
    .openapi(skipVisit, async (c) => {
      const { id, bookingId } = c.req.valid("param");
      return answerWith(skipVisit, c, await series.skip(c.get("admin"), id, bookingId, c.req.valid("json")), 200);
    })
    .openapi(moveVisit, async (c) => {
      const { id, bookingId } = c.req.valid("param");
      return answerWith(moveVisit, c, await series.move(c.get("admin"), id, bookingId, c.req.valid("json")), 200);
    })
    .openapi(changeSeries, async (c) => {
      return answerWith(changeSeries, c, await series.change(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(setSeriesCleaners, async (c) => {
      return answerWith(setSeriesCleaners, c, await series.setCleaners(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(pauseSeries, async (c) => {
      return answerWith(pauseSeries, c, await series.pause(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(resumeSeries, async (c) => {
      return answerWith(resumeSeries, c, await series.resume(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(endSeries, async (c) => {
      return answerWith(endSeries, c, await series.end(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    });
}
