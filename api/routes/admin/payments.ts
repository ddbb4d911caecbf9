/** The staff payment ledger calls (issue 15): a booking's payments, record one, void one. */
import type { Context } from "hono";
import { z } from "zod";
import { paymentSummarySchema, recordPaymentSchema, voidPaymentSchema } from "../../../core/booking/payments/schemas.ts";
import {
  LIST_PAYMENTS_ERRORS,
  type PaymentsAdmin,
  RECORD_PAYMENT_ERRORS,
  VOID_PAYMENT_ERRORS,
} from "../../../core/booking/payments/admin.ts";
import { INVALID_AMOUNT } from "../../../core/booking/payments/ledger.ts";
import { fieldErrorsOf } from "../../../core/shared/parse-input.ts";
import { validationError } from "../../../core/shared/result.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../../openapi.ts";

const tags: [string] = ["Staff: bookings and inquiries"];

const BookingParams = z.object({ id: z.string().meta({ description: "The booking's _id" }) });
const PaymentParams = BookingParams.extend({
  paymentId: z.string().meta({ description: "The payment's _id" }),
});

const listPayments = route({
  method: "get", path: "/bookings/{id}/payments", tags, "x-required-role": "admin", summary: "A booking's payment ledger",
  description: "Every payment, voided ones too (latest received first), what they add up to and the balance against the first service total.",
  request: { params: BookingParams },
  errors: LIST_PAYMENTS_ERRORS,
  responses: { 200: json(paymentSummarySchema, "The ledger") },
});
const recordPayment = route({
  method: "post", path: "/bookings/{id}/payments", tags, "x-required-role": "admin", summary: "Record a payment",
  description: "Adds one payment to the ledger. The booking is PAID once the payments not voided reach its first service total (paidAt: when the running total, in the order received, reached it); a booking already PAID may take more (the staff screen asks first). The write holds the booking's row, so simultaneous payments are all kept. Audited as booking.payment (after: the payment, the totals and the balance). " +
    "A bad amount (not more than 0, more than 2 decimals, or over A$100,000) is a 422 INVALID_AMOUNT; a bad method, note or receivedAt (not ISO 8601, or in the future), VALIDATION_FAILED.",
  request: { params: BookingParams, body: jsonBody(recordPaymentSchema) },
  errors: RECORD_PAYMENT_ERRORS,
  responses: { 201: json(paymentSummarySchema, "The ledger with the new payment") },
});
const voidPayment = route({
  method: "post", path: "/bookings/{id}/payments/{paymentId}/void", tags, "x-required-role": "superadmin", summary: "Void a payment",
  description: "The payment stays in the ledger, struck through with who voided it and why, and counts for nothing: the booking's status is recomputed (it may go back to UNPAID). Audited as booking.payment_void with the reason.",
  request: { params: PaymentParams, body: jsonBody(voidPaymentSchema) },
  errors: VOID_PAYMENT_ERRORS,
  responses: { 200: json(paymentSummarySchema, "The ledger after the void") },
});

/** A bad amount keeps the spec's code and text; other fields are named as any validation failure. */
const invalidPayment = (result: { success: boolean; error?: z.ZodError }, c: Context) => {
  if (result.success) return undefined;
  const issues = result.error?.issues ?? [];
  const amountIsBad = issues.some((issue) => issue.path[0] === "amount");
  const fieldErrors = fieldErrorsOf(issues);
  return failWith(recordPayment, c, amountIsBad ? { ...INVALID_AMOUNT, fieldErrors } : validationError(fieldErrors));
};

/** Mounted under /api/admin behind requireAdmin. */
export function paymentsAdminRoutes(payments: PaymentsAdmin) {
  return routeGroup()
    .openapi(listPayments, async (c) => {
      return answerWith(listPayments, c, await payments.list(c.req.valid("param").id), 200);
    })
    .openapi(recordPayment, async (c) => {
      return answerWith(recordPayment, c, await payments.record(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 201);
    }, invalidPayment)
    .openapi(voidPayment, async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return answerWith(voidPayment, c, await payments.void(c.get("admin"), id, paymentId, c.req.valid("json").reason), 200);
    });
}
