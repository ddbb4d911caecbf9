/**
 * Card payments online (issue 30), the public calls: what is offered (GET /api/payments/config),
 * a Stripe Checkout for the manage link's booking or for the deposit of a booking just made, and
 * Stripe's webhook, checked against the raw body's signature before anything is read from it.
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  CHECKOUT_KINDS,
  DEPOSIT_CHECKOUT_ERRORS,
  MANAGE_CHECKOUT_ERRORS,
  ONLINE_PAYMENT_ERRORS,
  PAYMENT_OPTIONS_ERRORS,
  type OnlinePayments,
} from "../../core/booking/payments/online.ts";
import { paymentsConfig, paymentsConfigSchema } from "../../core/settings/payment-settings.ts";
import type { SettingsStore } from "../../core/settings/ports.ts";
import { declareError } from "../../core/shared/result.ts";
import { completedCheckoutOf, type StripeWebhook } from "../../adapters/stripe/stripe-gateway.ts";
import { answerWith, failWith, HTTP_ERRORS } from "../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";

export interface PaymentRouteDeps {
  online: OnlinePayments;
  /** null when payments are off. */
  webhook: StripeWebhook | null;
  settings: Pick<SettingsStore, "getPaymentSettings">;
  /** The public writes' budget (checkouts) and the reads' (the manage page's options). */
  guards: { submit: MiddlewareHandler; read: MiddlewareHandler };
  /** Where the webhook's outcome is written (stderr by default). */
  log?: (line: string) => void;
}

const tags: [string] = ["Card payments"];
const role = "public" as const;
const { rateLimited } = HTTP_ERRORS;

export const WEBHOOK_SIGNATURE_INVALID = declareError(
  "bad_request",
  "WEBHOOK_SIGNATURE_INVALID",
  "The Stripe-Signature header does not match this body.",
);

const checkoutBody = z.object({
  kind: z.enum(CHECKOUT_KINDS, { error: "kind must be DEPOSIT or BALANCE." }),
}).meta({ id: "CheckoutRequest" });
const checkoutAnswer = z.object({
  url: z.string().meta({ description: "Stripe Checkout's page: send the customer there" }),
}).meta({ id: "Checkout" });

const getConfig = route({
  method: "get", path: "/payments/config", tags, "x-required-role": role, summary: "What can be paid online",
  description: "enabled only when the server has its Stripe keys; with payments off, deposit is NONE and balanceOnline false.",
  responses: { 200: json(paymentsConfigSchema, "The offer") },
});
const paymentOptions = route({
  method: "get", path: "/manage/{token}/payment-options", tags, "x-required-role": role,
  summary: "What the manage link's booking may pay by card now",
  description: "paidToDate and balance from the payment ledger (refunds counted back); depositDue and balanceDue: what a checkout " +
    "of DEPOSIT or BALANCE would take now, null when it may not be paid online. 404 PAYMENTS_OFF without Stripe keys.",
  request: { params: z.object({ token: z.string() }) },
  errors: [...PAYMENT_OPTIONS_ERRORS, rateLimited],
  responses: {
    200: json(z.object({
      paidToDate: z.number(),
      balance: z.number().nullable(),
      depositDue: z.number().nullable(),
      balanceDue: z.number().nullable(),
    }).meta({ id: "PaymentOptions" }), "What may be paid"),
  },
});
const manageCheckout = route({
  method: "post", path: "/manage/{token}/checkout", tags, "x-required-role": role, summary: "Pay by card from the manage link",
  description: "Opens a Stripe Checkout Session (A$, one line 'Deposit for <reference>' or 'Balance for <reference>') and answers its " +
    "URL; Stripe sends the customer back to /manage/<token>?paid=1 (or ?paid=0 when they cancel). DEPOSIT: the deposit setting " +
    "(a percent of the first service total or a fixed amount, never more than the balance) while nothing is paid; BALANCE: what " +
    "is still owed, when the balance may be paid online. 409 NOTHING_DUE when nothing is (or may be) paid, QUOTE_NOT_PAYABLE for a " +
    "quote; 404 PAYMENTS_OFF without Stripe keys. The payment is recorded when Stripe's webhook reports it.",
  request: { params: z.object({ token: z.string() }), body: jsonBody(checkoutBody) },
  errors: [...MANAGE_CHECKOUT_ERRORS, rateLimited],
  responses: { 201: json(checkoutAnswer, "Where to pay") },
});
const depositCheckout = route({
  method: "post", path: "/bookings/{id}/deposit-checkout", tags, "x-required-role": role,
  summary: "Pay the deposit of a booking just made",
  description: "The booking form's \"Pay deposit now\": within an hour of booking, by the _id POST /api/bookings answered. " +
    "The payment page does not show the customer's e-mail (the id proves nothing about who asks). Stripe sends the customer " +
    "back to /book-now?deposit=paid (or deposit=cancelled) with the reference. Errors as the manage link's checkout.",
  request: { params: z.object({ id: z.string() }) },
  errors: [...DEPOSIT_CHECKOUT_ERRORS, rateLimited],
  responses: { 201: json(checkoutAnswer, "Where to pay") },
});
const webhook = route({
  method: "post", path: "/payments/stripe/webhook", tags, "x-required-role": role, summary: "Stripe's events",
  description: "Verified with the endpoint's signing secret over the raw body (400 WEBHOOK_SIGNATURE_INVALID otherwise). " +
    "checkout.session.completed, paid, records one CARD payment of amount_total / 100 on metadata.bookingId, exactly once per " +
    "event and per session, whatever Stripe redelivers; an unknown booking is logged and answered 200 (nothing is written), as " +
    "is any other event.",
  errors: [WEBHOOK_SIGNATURE_INVALID, ONLINE_PAYMENT_ERRORS.off],
  responses: { 200: json(z.object({ received: z.literal(true), outcome: z.string() }).meta({ id: "WebhookAnswer" }), "Handled") },
});

export function paymentRoutes(deps: PaymentRouteDeps) {
  const { online } = deps;
  const log = deps.log ?? ((line: string) => console.error(line));
  const group = routeGroup();
  // Before the body is read: the budget counts every attempt, as the other public writes.
  group.on("POST", ["/manage/:token/checkout", "/bookings/:id/deposit-checkout"], deps.guards.submit);
  group.on("GET", ["/manage/:token/payment-options"], deps.guards.read);
  return group
    .openapi(getConfig, async (c) => c.json(paymentsConfig(online.enabled, await deps.settings.getPaymentSettings()), 200))
    .openapi(paymentOptions, async (c) => {
      return answerWith(paymentOptions, c, await online.paymentOptions(c.req.valid("param").token), 200);
    })
    .openapi(manageCheckout, async (c) => {
      const { token } = c.req.valid("param");
      return answerWith(manageCheckout, c, await online.checkoutFromManage(token, c.req.valid("json").kind), 201);
    })
    .openapi(depositCheckout, async (c) => {
      return answerWith(depositCheckout, c, await online.checkoutDeposit(c.req.valid("param").id), 201);
    })
    .openapi(webhook, async (c) => {
      if (!deps.webhook) return failWith(webhook, c, ONLINE_PAYMENT_ERRORS.off);
      // The raw text, as Stripe signed it: never a re-serialised parse.
      const event = await deps.webhook.verify(await c.req.text(), c.req.header("stripe-signature"));
      if (!event) return failWith(webhook, c, WEBHOOK_SIGNATURE_INVALID);
      const completed = completedCheckoutOf(event);
      const outcome = completed ? await online.recordCompleted(completed) : "ignored";
      if (outcome === "unknown_booking") {
        log(`stripe: event ${event.id} (${event.type}) names no booking here (${completed?.bookingId ?? "none"}); nothing recorded`);
      }
      return c.json({ received: true as const, outcome }, 200);
    });
}
