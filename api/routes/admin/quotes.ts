/** The office's prices of quotes (issue 30): price a quote, read its price, quote an inquiry. */
import { z } from "zod";
import { presentPricedQuote, priceQuoteSchema, pricedQuoteSchema } from "../../../core/booking/quotes/priced-quote.ts";
import { inquiryQuoteSchema } from "../../../core/booking/quotes/inquiry-quote.ts";
import {
  GET_PRICED_QUOTE_ERRORS,
  PRICE_QUOTE_ERRORS,
  type PricedQuotes,
  QUOTE_INQUIRY_ERRORS,
} from "../../../core/workflows/priced-quotes.ts";
import { answerWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const tags: [string] = ["Staff: bookings and inquiries"];
const role = "admin" as const;

/** A use case's value on the wire (its instants as ISO text); an error as it is. */
const mapOk = <T, U, E>(result: { ok: true; value: T } | { ok: false; error: E }, to: (value: T) => U) =>
  result.ok ? { ok: true as const, value: to(result.value) } : result;

const priceQuote = route({
  method: "put", path: "/bookings/{id}/quote", tags, "x-required-role": role, summary: "Price a quote and send it to the customer",
  description: "Stores the quote's lines (each amount = quantity × unitPrice rounded to the cent; the total is their sum), the message and " +
    "the last valid day (today or later, Melbourne), and e-mails the customer \"Your quote from <brand>\" with the lines, the total and " +
    "their manage-my-booking link, where they accept it at a free time or decline it. Pricing again while the customer has not answered " +
    "replaces the price and e-mails again. Audited as booking.quote_priced. A booking is a 409 NOT_A_QUOTE; a quote the customer " +
    "accepted or declined, 409 QUOTE_ALREADY_DECIDED; a validUntil before today, 422 VALIDATION_FAILED.",
  request: { params: IdParams, body: jsonBody(priceQuoteSchema) },
  errors: PRICE_QUOTE_ERRORS,
  responses: { 200: json(pricedQuoteSchema, "The quote's price as stored and sent") },
});
const getQuote = route({
  method: "get", path: "/bookings/{id}/quote", tags, "x-required-role": role, summary: "A quote's price",
  description: "pricedQuote: the lines, total, message, valid-until day and the customer's answer (SENT, ACCEPTED or DECLINED, with the " +
    "reason); null while the office has not priced it, or for a booking that was never a priced quote. A booking the customer made by " +
    "accepting a price keeps it (ACCEPTED).",
  request: { params: IdParams },
  errors: GET_PRICED_QUOTE_ERRORS,
  responses: {
    200: json(z.object({ pricedQuote: pricedQuoteSchema.nullable() }).meta({ id: "RecordPrice" }), "The record's price, or null"),
  },
});
const quoteInquiry = route({
  method: "post", path: "/inquiries/{id}/quote", tags, "x-required-role": role, summary: "Make a commercial inquiry a priced quote",
  description: "A QUOTE record for the inquirer (name, e-mail, phone; the address given, else the inquiry's suburb), for serviceId at the " +
    "service's smallest job, priced and e-mailed to the customer at once as PUT /bookings/{id}/quote does; the customer picks the time when " +
    "accepting. The inquiry is marked read. Audited as booking.quote_priced and inquiry.quoted.",
  request: { params: IdParams, body: jsonBody(inquiryQuoteSchema) },
  errors: QUOTE_INQUIRY_ERRORS,
  responses: {
    201: json(
      z.object({ bookingId: z.string(), reference: z.string().meta({ examples: ["YS-7K3F9Q"] }), pricedQuote: pricedQuoteSchema })
        .meta({ id: "InquiryQuoted" }),
      "The new quote and its price",
    ),
  },
});

/** Mounted under /api/admin behind requireAdmin. */
export function quotesAdminRoutes(quotes: PricedQuotes) {
  return routeGroup()
    .openapi(priceQuote, async (c) => {
      return answerWith(priceQuote, c, mapOk(await quotes.price(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), presentPricedQuote), 200);
    })
    .openapi(getQuote, async (c) => {
      const result = await quotes.get(c.req.valid("param").id);
      return answerWith(getQuote, c, mapOk(result, (quote) => ({ pricedQuote: quote && presentPricedQuote(quote) })), 200);
    })
    .openapi(quoteInquiry, async (c) => {
      const result = await quotes.quoteInquiry(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return answerWith(quoteInquiry, c, mapOk(result, (made) => ({ ...made, pricedQuote: presentPricedQuote(made.pricedQuote) })), 201);
    });
}
