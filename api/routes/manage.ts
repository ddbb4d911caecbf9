/**
 * Manage my booking (issue 15): the calls of the customer's link. The token is the only key, so
 * an unknown, malformed or expired one is a plain 404; it travels in the URL, so no answer is
 * stored by a cache or leaks it in a Referer (manageResponseHeaders).
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { ManageBooking } from "../../core/workflows/manage-booking.ts";
import {
  manageAvailabilityQuerySchema,
  manageCancelSchema,
  manageCancelSeriesSchema,
  manageRescheduleSchema,
  manageViewSchema,
} from "../../core/booking/manage/schemas.ts";
import { availabilityCalendarSchema } from "../../core/booking/schemas.ts";
import { failWith } from "../http-errors.ts";
import { errors, json, jsonBody, route, routeGroup } from "../openapi.ts";

export interface ManageRouteDeps {
  manage: ManageBooking;
  guards: {
    /** The public writes' budget (bookings, quotes, inquiries): cancel, move, skip, cancel the series. */
    submit: MiddlewareHandler;
    /** The availability budget: the view and the calendar. */
    read: MiddlewareHandler;
  };
}

/**
 * For every answer under /api/manage (and the page at /manage): no cache keeps it, no Referer
 * carries the token, no search engine indexes it. Mounted before secureHeaders, which would otherwise set its own Referrer-Policy.
 */
export const manageResponseHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("Referrer-Policy", "no-referrer");
  // A customer's page: never in a search index, whether or not the crawler runs the page's script.
  c.res.headers.set("X-Robots-Tag", "noindex");
};

const TokenParams = z.object({
  token: z.string().meta({ description: "The token of the customer's link (43 characters, base64url)" }),
});

/** A visit of the link's regular clean (issue 28). */
const VisitParams = TokenParams.extend({
  bookingId: z.string().meta({ description: "The visit's bookingId, as series.visits of GET /api/manage/{token} gives it" }),
});

const role = "public" as const;
const tags: [string] = ["Manage my booking"];
const invalidLink: [404, string] = [404, "MANAGE_LINK_INVALID: unknown, malformed or expired link (valid until the job is over)"];
const changeConflicts: [409, string] = [
  409,
  "CHANGE_CUTOFF_PASSED: inside the free-change cut-off (the message states the fee and the phone); " +
  "BOOKING_NOT_CHANGEABLE: a quote, or a cancelled or done booking; SLOT_UNAVAILABLE: the new time is full, or the " +
  "booking's cleaner is on another job then (in team mode another free cleaner takes it, if one works then)",
];
const seriesConflicts: [409, string] = [
  409,
  "NOT_A_SERIES: a one-off booking, not a visit of a regular clean; CHANGE_CUTOFF_PASSED: inside the free-change cut-off " +
  "before this visit (the message states the fee and the phone); BOOKING_NOT_CHANGEABLE: a quote, or a cancelled, done or " +
  "not yet placed visit",
];
const notInSeries: [404, string] = [
  404,
  "MANAGE_LINK_INVALID: unknown, malformed or expired link; VISIT_NOT_IN_SERIES: the booking is not a visit of this link's regular clean",
];
const visitConflicts: [409, string] = [
  409,
  "CHANGE_CUTOFF_PASSED: inside the free-change cut-off before that visit (the message states the fee and the phone); " +
  "BOOKING_NOT_CHANGEABLE: a cancelled, done or not yet placed visit",
];

/**
 * What one declaration of the link's calls says of itself. The link's own booking and another
 * visit of its regular clean (issue 28) take the same calls with the same request and answers;
 * only these differ.
 */
interface LinkCall<Path extends string, Params extends z.ZodObject> {
  path: Path;
  params: Params;
  summary: string;
  description: string;
  /** Which link, or which visit of it, was not found. */
  notFound: [404, string];
}

/** A change of a booking: what its 200 answer holds, and why it may be refused. */
interface LinkChange<Path extends string, Params extends z.ZodObject> extends LinkCall<Path, Params> {
  answer: string;
  conflicts: [409, string];
}

/** GET …/availability: the free start times for moving the booking. */
const availabilityRoute = <Path extends string, Params extends z.ZodObject>(call: LinkCall<Path, Params>) =>
  route({
    method: "get", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params, query: manageAvailabilityQuerySchema },
    responses: { 200: json(availabilityCalendarSchema, "The days, in date order"), ...errors(call.notFound, 422, 429) },
  });

/** POST …/skip: the visit is cancelled and keeps its place in the series. */
const skipRoute = <Path extends string, Params extends z.ZodObject>(call: LinkChange<Path, Params>) =>
  route({
    method: "post", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params },
    responses: { 200: json(manageViewSchema, call.answer), ...errors(call.notFound, call.conflicts, 429) },
  });

/** POST …/reschedule: the booking moves to a new start. */
const rescheduleRoute = <Path extends string, Params extends z.ZodObject>(call: LinkChange<Path, Params>) =>
  route({
    method: "post", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params, body: jsonBody(manageRescheduleSchema) },
    responses: { 200: json(manageViewSchema, call.answer), ...errors(call.notFound, call.conflicts, 422, 429) },
  });

const viewBooking = route({
  method: "get", path: "/manage/{token}", tags, "x-required-role": role, summary: "The booking a customer's link opens",
  description: "Details, status and reference, and whether (and until when) the customer may move or cancel it here.",
  request: { params: TokenParams },
  responses: { 200: json(manageViewSchema, "The booking"), ...errors(invalidLink, 429) },
});
const manageAvailability = availabilityRoute({
  path: "/manage/{token}/availability", params: TokenParams, notFound: invalidLink,
  summary: "Free start times for moving this booking",
  description: "As GET /api/availability, judged for this booking's job length, its own place not counted against it.",
});
const cancelBooking = route({
  method: "post", path: "/manage/{token}/cancel", tags, "x-required-role": role, summary: "The customer cancels their booking",
  description: "Free of charge until the cut-off before the start. E-mails the customer (with a calendar cancellation) and the office.",
  request: { params: TokenParams, body: jsonBody(manageCancelSchema) },
  responses: { 200: json(manageViewSchema, "The booking, cancelled"), ...errors(invalidLink, changeConflicts, 422, 429) },
});
const skipVisit = skipRoute({
  path: "/manage/{token}/skip", params: TokenParams, notFound: invalidLink, conflicts: seriesConflicts,
  summary: "The customer skips this visit of their regular clean",
  description: "Free of charge until the cut-off before the visit. The visit is cancelled (reason \"Skipped by the customer\") and " +
    "keeps its place in the series, so it is never planned again; the later visits stay. " +
    "E-mails the customer (with a calendar cancellation) and the office.",
  answer: "The visit, skipped, and the series' next visits",
});
const cancelSeries = route({
  method: "post", path: "/manage/{token}/cancel-series", tags, "x-required-role": role,
  summary: "The customer cancels their regular clean from this visit on",
  description: "Free of charge until the cut-off before this visit. The series ends from this visit's planned date: this visit and " +
    "every later one not done are cancelled, and no more are planned. One e-mail to the customer (listing the visits " +
    "cancelled, with a calendar cancellation of this one) and one to the office.",
  request: { params: TokenParams, body: jsonBody(manageCancelSeriesSchema) },
  responses: {
    200: json(manageViewSchema, "This visit, cancelled, and the series, ended"),
    ...errors(invalidLink, [409, `${seriesConflicts[1]}; SERIES_ENDED: the regular clean had ended already`], 422, 429),
  },
});
const rescheduleBooking = rescheduleRoute({
  path: "/manage/{token}/reschedule", params: TokenParams, notFound: invalidLink, conflicts: changeConflicts,
  summary: "The customer moves their booking",
  description: "Under the rules of a new booking for the same job length, capacity included; the status stays. " +
    "E-mails the customer (with a calendar update) and the office.",
  answer: "The booking, moved",
});

const visitAvailability = availabilityRoute({
  path: "/manage/{token}/visits/{bookingId}/availability", params: VisitParams, notFound: notInSeries,
  summary: "Free start times for moving another visit of this regular clean",
  description: "As GET /api/manage/{token}/availability, judged for that visit's job length, its own place not counted against it.",
});
const skipSeriesVisit = skipRoute({
  path: "/manage/{token}/visits/{bookingId}/skip", params: VisitParams, notFound: notInSeries, conflicts: visitConflicts,
  summary: "The customer skips a coming visit of their regular clean",
  description: "As POST /api/manage/{token}/skip, for any coming visit of the link's regular clean, under that visit's own cut-off. " +
    "E-mails the customer (with a calendar cancellation of that visit) and the office. Answers the link's own booking, " +
    "with series.visits as they now are.",
  answer: "The link's booking and the series' coming visits",
});
const rescheduleSeriesVisit = rescheduleRoute({
  path: "/manage/{token}/visits/{bookingId}/reschedule", params: VisitParams, notFound: notInSeries,
  conflicts: [409, `${visitConflicts[1]}; SLOT_UNAVAILABLE: the new time is full; CLEANER_BUSY: the visit's cleaner is on another job at the new time`],
  summary: "The customer moves a coming visit of their regular clean",
  description: "As POST /api/manage/{token}/reschedule, for any coming visit of the link's regular clean, under that visit's own " +
    "cut-off; the visit keeps its series date. E-mails the customer (with a calendar update of that visit) and the office. " +
    "Answers the link's own booking, with series.visits as they now are.",
  answer: "The link's booking and the series' coming visits",
});

export function manageRoutes(deps: ManageRouteDeps) {
  const { manage, guards } = deps;
  const group = routeGroup();
  // Before the body is read: the budget counts every attempt.
  group.on("GET", ["/manage/:token", "/manage/:token/availability", "/manage/:token/visits/:bookingId/availability"], guards.read);
  group.on("POST", [
    "/manage/:token/cancel",
    "/manage/:token/reschedule",
    "/manage/:token/skip",
    "/manage/:token/cancel-series",
    "/manage/:token/visits/:bookingId/skip",
    "/manage/:token/visits/:bookingId/reschedule",
  ], guards.submit);
  return group
    .openapi(viewBooking, async (c) => {
      const result = await manage.view(c.req.valid("param").token);
      return result.ok ? c.json(result.value, 200) : failWith(c, result.error);
    })
    .openapi(manageAvailability, async (c) => {
      const result = await manage.availability(c.req.valid("param").token, c.req.valid("query"));
      return result.ok ? c.json(result.value, 200) : failWith(c, result.error);
    })
    .openapi(cancelBooking, async (c) => {
      const result = await manage.cancel(c.req.valid("param").token, c.req.valid("json"));
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    })
    .openapi(skipVisit, async (c) => {
      const result = await manage.skip(c.req.valid("param").token);
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    })
    .openapi(cancelSeries, async (c) => {
      const result = await manage.cancelSeries(c.req.valid("param").token, c.req.valid("json"));
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    })
    .openapi(rescheduleBooking, async (c) => {
      const result = await manage.reschedule(c.req.valid("param").token, c.req.valid("json"));
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    })
    .openapi(visitAvailability, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      const result = await manage.availability(token, c.req.valid("query"), bookingId);
      return result.ok ? c.json(result.value, 200) : failWith(c, result.error);
    })
    .openapi(skipSeriesVisit, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      const result = await manage.skip(token, bookingId);
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    })
    .openapi(rescheduleSeriesVisit, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      const result = await manage.reschedule(token, c.req.valid("json"), bookingId);
      if (!result.ok) return failWith(c, result.error);
      return c.json(result.value, 200);
    });
}
