/**
 * The customer's answer to a quote the office priced (issue 30), through their manage-my-booking
 * link: accept it at a free time (it becomes a PENDING booking at the quoted total) or decline it.
 * Mounted beside the manage routes: the same no-store, no-referrer answers and the same budget.
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { manageRescheduleSchema, manageViewSchema } from "../../core/booking/manage/schemas.ts";
import { declineQuoteSchema } from "../../core/booking/quotes/priced-quote.ts";
import { ACCEPT_QUOTE_ERRORS, DECLINE_QUOTE_ERRORS, type PricedQuotes } from "../../core/workflows/priced-quotes.ts";
import { answerWith, HTTP_ERRORS } from "../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";

export interface ManageQuoteRouteDeps {
  quotes: PricedQuotes;
  /** The public writes' budget (bookings, quotes, inquiries, the link's changes). */
  submit: MiddlewareHandler;
}

const TokenParams = z.object({
  token: z.string().meta({ description: "The token of the customer's link (43 characters, base64url)" }),
});
const tags: [string] = ["Manage my booking"];
const role = "public" as const;
const { rateLimited } = HTTP_ERRORS;

const acceptQuote = route({
  method: "post", path: "/manage/{token}/accept", tags, "x-required-role": role, summary: "The customer accepts their priced quote",
  description: "At startTimeISO, a time GET /api/manage/{token}/availability offers: judged as a new booking for the quote's job length " +
    "(closed dates, lead time, horizon, the working day) and reserved through the same capacity rule (in team mode, a cleaner who works " +
    "then), in one transaction. The quote becomes a PENDING booking at the quoted total, keeping its reference; the customer gets the " +
    "booking request e-mail with a calendar invite, and the office is told. 409 SLOT_UNAVAILABLE when the time is taken; " +
    "409 QUOTE_NOT_PRICED, QUOTE_EXPIRED (after its valid-until day) or QUOTE_ALREADY_DECIDED; 422 for a time that can't be booked.",
  request: { params: TokenParams, body: jsonBody(manageRescheduleSchema) },
  errors: [...ACCEPT_QUOTE_ERRORS, rateLimited],
  responses: { 200: json(manageViewSchema, "The booking the quote became") },
});
const declineQuote = route({
  method: "post", path: "/manage/{token}/decline", tags, "x-required-role": role, summary: "The customer declines their priced quote",
  description: "With a reason (1 to 500 characters): the quote is DECLINED and the office is e-mailed the reason. " +
    "409 QUOTE_NOT_PRICED, QUOTE_EXPIRED or QUOTE_ALREADY_DECIDED.",
  request: { params: TokenParams, body: jsonBody(declineQuoteSchema) },
  errors: [...DECLINE_QUOTE_ERRORS, rateLimited],
  responses: { 200: json(manageViewSchema, "The quote, declined") },
});

export function manageQuoteRoutes({ quotes, submit }: ManageQuoteRouteDeps) {
  const group = routeGroup();
  // Before the body is read: the budget counts every attempt.
  group.on("POST", ["/manage/:token/accept", "/manage/:token/decline"], submit);
  return group
    .openapi(acceptQuote, async (c) => {
      return answerWith(acceptQuote, c, await quotes.accept(c.req.valid("param").token, c.req.valid("json")), 200);
    })
    .openapi(declineQuote, async (c) => {
      return answerWith(declineQuote, c, await quotes.decline(c.req.valid("param").token, c.req.valid("json")), 200);
    });
}
