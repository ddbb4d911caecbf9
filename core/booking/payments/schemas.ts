/** The wire shapes of the payment ledger calls: an amount, a payment to record or void, the ledger. */
import { z } from "zod";
import { fromCents, MONEY_MAX } from "../../shared/money.ts";
import { moneySchema } from "../../shared/money-schema.ts";
import { parseIsoInstant } from "../../shared/iso-instant.ts";
import {
  isPaymentAmount,
  PAYMENT_MESSAGES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_NOTE_MAX,
  paymentAmountCents,
  VOID_REASON_MAX,
} from "./ledger.ts";
import { PAYMENT_STATUSES } from "../types.ts";

const M = PAYMENT_MESSAGES;

/**
 * A$ received: a JSON number, or a numeric string as a prompt returns it; positive, at most 2
 * decimals, at most A$100,000; anything else is 'Invalid amount.'. Read as its exact cents.
 */
export const paymentAmount = () =>
  z.union([z.number(), z.string().trim().min(1).transform(Number)], { error: M.invalidAmount })
    .pipe(z.number({ error: M.invalidAmount }).refine(isPaymentAmount, M.invalidAmount)
      .transform((amount) => fromCents(paymentAmountCents(amount)!)))
    .meta({ description: `A$ received: more than 0, at most ${MONEY_MAX}, at most 2 decimals` });

const methodField = z.enum(PAYMENT_METHODS, { error: M.invalidMethod });

const noteField = z.string({ error: M.noteNotText }).trim().max(PAYMENT_NOTE_MAX, M.noteTooLong)
  .meta({ description: `Optional, up to ${PAYMENT_NOTE_MAX} characters; ends trimmed` });

/** POST /api/admin/bookings/{id}/payments */
export const recordPaymentSchema = z.object({
  amount: paymentAmount(),
  method: methodField,
  note: noteField.optional(),
  receivedAt: z.string({ error: M.invalidReceivedAt })
    .refine((text) => parseIsoInstant(text) !== null, M.invalidReceivedAt)
    .transform((text) => parseIsoInstant(text)!)
    .optional()
    .meta({ description: "ISO 8601 with an offset, not in the future; default: now", format: "date-time" }),
}).meta({ id: "RecordPayment" });

/** confirm-payment's method and note: optional, so the spec's {amountPaid} alone still works. */
export const confirmPaymentExtras = {
  method: methodField.optional().meta({ description: "How it was paid; default OTHER" }),
  note: noteField.optional(),
};

/** POST /api/admin/bookings/{id}/payments/{paymentId}/void */
export const voidPaymentSchema = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(VOID_REASON_MAX, M.reasonTooLong)
    .meta({ description: `Why the payment is void: required, up to ${VOID_REASON_MAX} characters` }),
}).meta({ id: "VoidPayment" });

const staffSnapshotSchema = z.object({
  adminId: z.string().nullable().meta({ description: "null once that admin account is deleted, or for payments from before the ledger" }),
  name: z.string(),
  email: z.string(),
}).meta({ id: "PaymentStaff" });

export const paymentRecordSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  amount: moneySchema.meta({ description: "A$: positive for a payment, negative for a refund" }),
  kind: z.enum(PAYMENT_KINDS).optional().meta({ description: "PAYMENT (money received) or REFUND (money given back through Stripe); absent reads as PAYMENT" }),
  refundOf: z.string().nullable().optional().meta({ description: "A refund's payment" }),
  stripe: z.object({
    sessionId: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    refundId: z.string().nullable(),
  }).nullable().optional().meta({ id: "PaymentStripeIds", description: "The Stripe ids of a card payment taken online or of a refund; null otherwise" }),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  receivedAt: z.string().meta({ format: "date-time" }),
  recordedBy: staffSnapshotSchema,
  createdAt: z.string().meta({ format: "date-time" }),
  voidedAt: z.string().nullable().meta({ format: "date-time", description: "Set once a superadmin voids it; a voided payment counts for nothing" }),
  voidedBy: staffSnapshotSchema.nullable(),
  voidReason: z.string().nullable(),
}).meta({ id: "Payment" });

export const paymentSummarySchema = z.object({
  items: z.array(paymentRecordSchema).meta({ description: "Every payment, voided ones too, latest received first" }),
  paidToDate: moneySchema.meta({ description: "The sum of the payments not voided" }),
  balance: moneySchema.nullable().meta({ description: "firstServiceTotal - paidToDate, negative when overpaid; null for quotes" }),
  paymentStatus: z.enum(PAYMENT_STATUSES).meta({ description: "PAID once paidToDate reaches firstServiceTotal" }),
}).meta({ id: "PaymentLedger" });
