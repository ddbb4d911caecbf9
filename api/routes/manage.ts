/**
 * Manage my booking (issue 15): the calls of the customer's link. The token is the only key, so
 * an unknown, malformed or expired one is a plain 404; it travels in the URL, so no answer is
 * stored by a cache or leaks it in a Referer (manageResponseHeaders).
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  MANAGE_AVAILABILITY_ERRORS,
  MANAGE_CANCEL_ERRORS,
  MANAGE_CANCEL_SERIES_ERRORS,
  MANAGE_RESCHEDULE_ERRORS,
  MANAGE_RESCHEDULE_VISIT_ERRORS,
  MANAGE_SKIP_ERRORS,
  MANAGE_SKIP_VISIT_ERRORS,
  MANAGE_VIEW_ERRORS,
  MANAGE_VISIT_AVAILABILITY_ERRORS,
  type ManageBooking,
} from "../../core/workflows/manage-booking.ts";
import {
  manageAvailabilityQuerySchema,
  manageCancelSchema,
  manageCancelSeriesSchema,
  manageRescheduleSchema,
  manageViewSchema,
} from "../../core/booking/manage/schemas.ts";
import { availabilityCalendarSchema } from "../../core/booking/schemas.ts";
import type { DomainError } from "../../core/shared/result.ts";
import { answerWith, HTTP_ERRORS } from "../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";

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
/** Every call of the link counts against a rate limit (the reads' or the public writes'). */
const { rateLimited } = HTTP_ERRORS;

/** What the messages of a refused change say, for an integrator: which state and which cut-off. */
const REFUSALS = "A quote, or a cancelled, done or not yet placed booking, is refused with BOOKING_NOT_CHANGEABLE, and a change " +
  "inside the free-change cut-off with CHANGE_CUTOFF_PASSED (its message states the fee and the phone).";
/** What a customer's move is told when the booking's cleaner can't come: the time is taken, never who is busy. */
const MOVE_REFUSALS = "SLOT_UNAVAILABLE also answers a new time at which the booking's cleaner is on another job " +
  "(in team mode another free cleaner takes it, if one works then).";

/**
 * What one declaration of the link's calls says of itself. The link's own booking and another
 * visit of its regular clean (issue 28) take the same calls with the same request and answers;
 * only these differ.
 */
interface LinkCall<Path extends string, Params extends z.ZodObject, Errors extends readonly DomainError[]> {
  path: Path;
  params: Params;
  summary: string;
  description: string;
  /** The use case's errors (the link, or which visit of it, not found; why a change is refused). */
  errors: Errors;
}

/** A change of a booking: what its 200 answer holds. */
interface LinkChange<Path extends string, Params extends z.ZodObject, Errors extends readonly DomainError[]>
  extends LinkCall<Path, Params, Errors> {
  answer: string;
}

/** GET …/availability: the free start times for moving the booking. */
const availabilityRoute = <Path extends string, Params extends z.ZodObject, const Errors extends readonly DomainError[]>(
  call: LinkCall<Path, Params, Errors>,
) =>
  route({
    method: "get", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params, query: manageAvailabilityQuerySchema },
    errors: [...call.errors, rateLimited],
    responses: { 200: json(availabilityCalendarSchema, "The days, in date order") },
  });

/** POST …/skip: the visit is cancelled and keeps its place in the series. */
const skipRoute = <Path extends string, Params extends z.ZodObject, const Errors extends readonly DomainError[]>(
  call: LinkChange<Path, Params, Errors>,
) =>
  route({
    method: "post", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params },
    errors: [...call.errors, rateLimited],
    responses: { 200: json(manageViewSchema, call.answer) },
  });

/** POST …/reschedule: the booking moves to a new start. */
const rescheduleRoute = <Path extends string, Params extends z.ZodObject, const Errors extends readonly DomainError[]>(
  call: LinkChange<Path, Params, Errors>,
) =>
  route({
    method: "post", path: call.path, tags, "x-required-role": role, summary: call.summary, description: call.description,
    request: { params: call.params, body: jsonBody(manageRescheduleSchema) },
    errors: [...call.errors, rateLimited],
    responses: { 200: json(manageViewSchema, call.answer) },
  });

const viewBooking = route({
  method: "get", path: "/manage/{token}", tags, "x-required-role": role, summary: "The booking a customer's link opens",
  description: "Details, status and reference, and whether (and until when) the customer may move or cancel it here. " +
    "A link is valid until the job is over.",
  request: { params: TokenParams },
  errors: [...MANAGE_VIEW_ERRORS, rateLimited],
  responses: { 200: json(manageViewSchema, "The booking") },
});
const manageAvailability = availabilityRoute({
  path: "/manage/{token}/availability", params: TokenParams, errors: MANAGE_AVAILABILITY_ERRORS,
  summary: "Free start times for moving this booking",
  description: "As GET /api/availability, judged for this booking's job length, its own place not counted against it.",
});
const cancelBooking = route({
  method: "post", path: "/manage/{token}/cancel", tags, "x-required-role": role, summary: "The customer cancels their booking",
  description: "Free of charge until the cut-off before the start. E-mails the customer (with a calendar cancellation) and the office. " +
    REFUSALS,
  request: { params: TokenParams, body: jsonBody(manageCancelSchema) },
  errors: [...MANAGE_CANCEL_ERRORS, rateLimited],
  responses: { 200: json(manageViewSchema, "The booking, cancelled") },
});
const skipVisit = skipRoute({
  path: "/manage/{token}/skip", params: TokenParams, errors: MANAGE_SKIP_ERRORS,
  summary: "The customer skips this visit of their regular clean",
  description: "Free of charge until the cut-off before the visit. The visit is cancelled (reason \"Skipped by the customer\") and " +
    "keeps its place in the series, so it is never planned again; the later visits stay. " +
    "E-mails the customer (with a calendar cancellation) and the office. " + REFUSALS,
  answer: "The visit, skipped, and the series' next visits",
});
const cancelSeries = route({
  method: "post", path: "/manage/{token}/cancel-series", tags, "x-required-role": role,
  summary: "The customer cancels their regular clean from this visit on",
  description: "Free of charge until the cut-off before this visit. The series ends from this visit's planned date: this visit and " +
    "every later one not done are cancelled, and no more are planned. One e-mail to the customer (listing the visits " +
    "cancelled, with a calendar cancellation of this one) and one to the office. " + REFUSALS,
  request: { params: TokenParams, body: jsonBody(manageCancelSeriesSchema) },
  errors: [...MANAGE_CANCEL_SERIES_ERRORS, rateLimited],
  responses: { 200: json(manageViewSchema, "This visit, cancelled, and the series, ended") },
});
const rescheduleBooking = rescheduleRoute({
  path: "/manage/{token}/reschedule", params: TokenParams, errors: MANAGE_RESCHEDULE_ERRORS,
  summary: "The customer moves their booking",
  description: "Under the rules of a new booking for the same job length, capacity included; the status stays. " +
    "E-mails the customer (with a calendar update) and the office. " + REFUSALS + " " + MOVE_REFUSALS,
  answer: "The booking, moved",
});

const visitAvailability = availabilityRoute({
  path: "/manage/{token}/visits/{bookingId}/availability", params: VisitParams, errors: MANAGE_VISIT_AVAILABILITY_ERRORS,
  summary: "Free start times for moving another visit of this regular clean",
  description: "As GET /api/manage/{token}/availability, judged for that visit's job length, its own place not counted against it.",
});
const skipSeriesVisit = skipRoute({
  path: "/manage/{token}/visits/{bookingId}/skip", params: VisitParams, errors: MANAGE_SKIP_VISIT_ERRORS,
  summary: "The customer skips a coming visit of their regular clean",
  description: "As POST /api/manage/{token}/skip, for any coming visit of the link's regular clean, under that visit's own cut-off. " +
    "E-mails the customer (with a calendar cancellation of that visit) and the office. Answers the link's own booking, " +
    "with series.visits as they now are. " + REFUSALS,
  answer: "The link's booking and the series' coming visits",
});
const rescheduleSeriesVisit = rescheduleRoute({
  path: "/manage/{token}/visits/{bookingId}/reschedule", params: VisitParams, errors: MANAGE_RESCHEDULE_VISIT_ERRORS,
  summary: "The customer moves a coming visit of their regular clean",
  description: "As POST /api/manage/{token}/reschedule, for any coming visit of the link's regular clean, under that visit's own " +
    "cut-off; the visit keeps its series date. E-mails the customer (with a calendar update of that visit) and the office. " +
    "Answers the link's own booking, with series.visits as they now are. " + REFUSALS + " " + MOVE_REFUSALS,
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
      return answerWith(viewBooking, c, await manage.view(c.req.valid("param").token), 200);
    })
    .openapi(manageAvailability, async (c) => {
      return answerWith(manageAvailability, c, await manage.availability(c.req.valid("param").token, c.req.valid("query")), 200);
    })
    .openapi(cancelBooking, async (c) => {
      return answerWith(cancelBooking, c, await manage.cancel(c.req.valid("param").token, c.req.valid("json")), 200);
    })
    .openapi(skipVisit, async (c) => {
      return answerWith(skipVisit, c, await manage.skip(c.req.valid("param").token), 200);
    })
    .openapi(cancelSeries, async (c) => {
      return answerWith(cancelSeries, c, await manage.cancelSeries(c.req.valid("param").token, c.req.valid("json")), 200);
    })
    .openapi(rescheduleBooking, async (c) => {
      return answerWith(rescheduleBooking, c, await manage.reschedule(c.req.valid("param").token, c.req.valid("json")), 200);
    })
    .openapi(visitAvailability, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      return answerWith(visitAvailability, c, await manage.visitAvailability(token, bookingId, c.req.valid("query")), 200);
    })
    .openapi(skipSeriesVisit, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      return answerWith(skipSeriesVisit, c, await manage.skipVisit(token, bookingId), 200);
    })
    .openapi(rescheduleSeriesVisit, async (c) => {
      const { token, bookingId } = c.req.valid("param");
      return answerWith(rescheduleSeriesVisit, c, await manage.rescheduleVisit(token, bookingId, c.req.valid("json")), 200);
    });
}
