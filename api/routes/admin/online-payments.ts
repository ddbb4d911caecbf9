/**
 * Card payments online (issue 30), the staff calls: what is taken online (any admin reads,
 * superadmins change it, audited) and a superadmin's refund of a card payment through Stripe.
 */
import type { Context } from "hono";
import { z } from "zod";
import { paymentSummarySchema } from "../../../core/booking/payments/schemas.ts";
import { ONLINE_PAYMENT_ERRORS, type OnlinePayments, REFUND_ERRORS } from "../../../core/booking/payments/online.ts";
import { PAYMENT_MESSAGES, VOID_REASON_MAX } from "../../../core/booking/payments/ledger.ts";
import { paymentAmount } from "../../../core/booking/payments/schemas.ts";
import {
  type PaymentSettingsAdmin,
  paymentSettingsSchema,
  paymentsConfig,
  paymentsConfigSchema,
} from "../../../core/settings/payment-settings.ts";
import type { SettingsStore } from "../../../core/settings/ports.ts";
import type { Actor } from "../../../core/shared/audit.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../../openapi.ts";

export interface OnlinePaymentsAdminDeps {
  online: OnlinePayments;
  settings: Pick<SettingsStore, "getPaymentSettings">;
  settingsAdmin: PaymentSettingsAdmin;
}

const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const REFUND_REASON_REQUIRED = "A reason is required to refund a payment.";

export const refundSchema = z.object({
  amount: paymentAmount().optional().meta({ description: "A$ to give back; all that is left of the payment when left out" }),
  reason: z.string({ error: REFUND_REASON_REQUIRED }).trim().min(1, REFUND_REASON_REQUIRED).max(VOID_REASON_MAX, PAYMENT_MESSAGES.reasonTooLong),
}).meta({ id: "RefundPayment" });

const settingsTags: [string] = ["Staff: settings and accounts"];
const bookingTags: [string] = ["Staff: bookings and inquiries"];

const getPaymentSettings = route({
  method: "get", path: "/settings/payments", tags: settingsTags, "x-required-role": "admin", summary: "Card payments: what is taken online",
  description: "enabled says whether the server has its Stripe keys; the deposit and balanceOnline are the saved settings (the defaults, no deposit and no balance online, until saved).",
  responses: { 200: json(paymentsConfigSchema, "The settings") },
});
const savePaymentSettings = route({
  method: "put", path: "/settings/payments", tags: settingsTags, "x-required-role": "superadmin",
  summary: "Save what is taken online (superadmin only)",
  description: "deposit.mode NONE, PERCENT (value 1-100 of the first service total) or FIXED (value in A$, never more than the balance); " +
    "balanceOnline lets customers pay the balance from their manage link. Audited as settings.payments. 404 PAYMENTS_OFF without Stripe keys.",
  request: { body: jsonBody(paymentSettingsSchema) },
  errors: [ONLINE_PAYMENT_ERRORS.off],
  responses: { 200: json(paymentsConfigSchema, "The saved settings") },
});
const refundPayment = route({
  method: "post", path: "/bookings/{id}/payments/{paymentId}/refund", tags: bookingTags, "x-required-role": "superadmin",
  summary: "Refund a card payment through Stripe (superadmin only)",
  description: "Only a card payment taken online (it has a Stripe payment_intent), not void. Stripe refunds it, then the ledger gets a " +
    "REFUND entry of the negative amount, so paid to date and the status are recomputed. At most what was paid on that payment less " +
    "earlier refunds (422 with fieldErrors.amount). Audited as booking.payment_refund with the reason.",
  request: {
    params: z.object({ id: z.string(), paymentId: z.string() }),
    body: jsonBody(refundSchema),
  },
  errors: REFUND_ERRORS,
  responses: { 200: json(paymentSummarySchema, "The ledger with the refund") },
});

/** Mounted under /api/admin behind requireAdmin. */
export function onlinePaymentsAdminRoutes(deps: OnlinePaymentsAdminDeps) {
  const { online } = deps;
  return routeGroup()
    .openapi(getPaymentSettings, async (c) => c.json(paymentsConfig(online.enabled, await deps.settings.getPaymentSettings()), 200))
    .openapi(savePaymentSettings, async (c) => {
      if (!online.enabled) return failWith(savePaymentSettings, c, ONLINE_PAYMENT_ERRORS.off);
      return c.json(paymentsConfig(true, await deps.settingsAdmin.save(actorOf(c), c.req.valid("json"))), 200);
    })
    .openapi(refundPayment, async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return answerWith(refundPayment, c, await online.refund(c.get("admin"), id, paymentId, c.req.valid("json")), 200);
    });
}
