/**
 * The payment ledger (issue 15): what an amount may be, the booking's payment state derived from
 * its payments, and who may void one. Amounts are summed in integer cents, so a ledger of many
 * small payments never drifts from the total by a float's rounding.
 */
import type { AdminRole } from "../../shared/staff-roles.ts";
import { fromCents, MONEY_MAX, toCents } from "../../shared/money.ts";
import { declareError, type DomainError, err, type ErrorOf, ok, type Result, validationError } from "../../shared/result.ts";
import type { PaymentStatus, RecordType } from "../types.ts";

export const PAYMENT_METHODS = ["CASH", "CARD", "BANK_TRANSFER", "OTHER"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How staff read a method on screen. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: "Cash",
  CARD: "Card",
  BANK_TRANSFER: "Bank transfer",
  OTHER: "Other",
};

/** What confirm-payment records when the caller names no method (the spec's call sends only an amount). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = "OTHER";

export const PAYMENT_NOTE_MAX = 500;
export const VOID_REASON_MAX = 500;

export const PAYMENT_MESSAGES = {
  /** The spec's text (admin-area.md section 5); STATUS_MESSAGES.invalidAmount is the same. */
  invalidAmount: "Invalid amount.",
  quoteNotPayable: "Quotes cannot be paid.",
  invalidMethod: "Method must be CASH, CARD, BANK_TRANSFER or OTHER.",
  noteNotText: "The note must be text.",
  noteTooLong: `Please keep the note under ${PAYMENT_NOTE_MAX} characters.`,
  invalidReceivedAt: "receivedAt must be an ISO 8601 time with an offset, e.g. 2026-11-27T09:00:00+11:00.",
  receivedInFuture: "A payment cannot be received in the future.",
  reasonRequired: "A reason is required to void a payment.",
  reasonTooLong: `Please keep the reason under ${VOID_REASON_MAX} characters.`,
  voidForbidden: "Only a superadmin can void a payment.",
  alreadyVoided: "This payment is already void.",
  paymentNotFound: "Payment not found.",
  /** Issue 30: money Stripe gave back stays given back. */
  refundNotVoidable: "A refund cannot be voided: the money went back to the card.",
  refundedNotVoidable: "This payment has refunds, so it cannot be voided.",
} as const;

const M = PAYMENT_MESSAGES;

/** Who recorded or voided a payment, as they were then (an admin may later be deleted). */
export interface StaffSnapshot {
  adminId: string | null;
  name: string;
  email: string;
}

/**
 * Issue 30: a ledger entry is money received (PAYMENT, a positive amount) or money given back
 * through Stripe (REFUND, a negative amount, pointing at the payment it refunds).
 */
export const PAYMENT_KINDS = ["PAYMENT", "REFUND"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The Stripe ids of a card payment taken online, or of a refund (issue 30); null on other entries. */
export interface StripeIds {
  sessionId: string | null;
  paymentIntentId: string | null;
  refundId: string | null;
}

/** One entry of a booking's ledger. A voided payment stays, struck through, with its reason. */
export interface Payment {
  _id: string;
  bookingId: string;
  /** A$, at most 2 decimals: positive for a payment, negative for a refund. */
  amount: number;
  /** Absent on entries written before issue 30's kinds: a PAYMENT. */
  kind?: PaymentKind;
  /** A refund's payment; null (or absent) on a payment. */
  refundOf?: string | null;
  stripe?: StripeIds | null;
  method: PaymentMethod;
  note: string;
  /** When the money was received (defaults to when it was recorded). */
  receivedAt: Date;
  recordedBy: StaffSnapshot;
  createdAt: Date;
  voidedAt: Date | null;
  voidedBy: StaffSnapshot | null;
  voidReason: string | null;
}

export type NewPayment = Omit<Payment, "_id" | "voidedAt" | "voidedBy" | "voidReason">;

export interface PaymentVoiding {
  at: Date;
  by: StaffSnapshot;
  reason: string;
}

/** The booking's derived payment columns: recomputed from the ledger on every ledger write. */
export interface PaymentState {
  paymentStatus: PaymentStatus;
  /** The sum of the payments not voided; null when there are none. */
  totalPaid: number | null;
  /** When the running total first reached the first service total; null while UNPAID. */
  paidAt: Date | null;
}

/** What the ledger calls answer: the payments, and what they add up to against the first service total. */
export interface PaymentSummary {
  items: Payment[];
  paidToDate: number;
  /** firstServiceTotal - paidToDate (negative when overpaid); null for quotes, which are never paid. */
  balance: number | null;
  paymentStatus: PaymentStatus;
}

/** 422 INVALID_AMOUNT: the spec's code and text for an amount that is not one (the field varies). */
export const INVALID_AMOUNT = declareError("validation", "INVALID_AMOUNT", M.invalidAmount);

/** INVALID_AMOUNT on `field`, as the form shows it. */
export const invalidAmount = (field: string): DomainError<"INVALID_AMOUNT"> => ({
  ...INVALID_AMOUNT,
  fieldErrors: { [field]: [M.invalidAmount] },
});

/**
 * An amount in integer cents, or null: a JSON number or a numeric string (as a prompt returns
 * it), positive, at most 2 decimals and at most A$100,000. The product with 100 is read at 15
 * significant digits, so 0.07 (7.000000000000001 cents) counts as 2 decimals and 12.345 does not.
 */
export function paymentAmountCents(value: unknown): number | null {
  const n = typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
    ? Number(value.trim())
    : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > MONEY_MAX) return null;
  const cents = Number((n * 100).toPrecision(15));
  return Number.isInteger(cents) ? cents : null;
}

export const isPaymentAmount = (value: unknown): boolean => paymentAmountCents(value) !== null;

/** The amount as A$ with exactly its cents, or 'Invalid amount.' on `field`. */
export function readPaymentAmount(value: unknown, field: "amount" | "amountPaid"): Result<number, DomainError<"INVALID_AMOUNT">> {
  const cents = paymentAmountCents(value);
  return cents === null ? err(invalidAmount(field)) : ok(fromCents(cents));
}

export const QUOTE_NOT_PAYABLE = declareError("conflict", "QUOTE_NOT_PAYABLE", M.quoteNotPayable);

/** Quotes are never paid: they hold no job yet. */
export const checkPayable = (record: { type: RecordType }): Result<null, DomainError<"QUOTE_NOT_PAYABLE">> =>
  record.type === "QUOTE" ? err(QUOTE_NOT_PAYABLE) : ok(null);

const isLive = (payment: Pick<Payment, "voidedAt">): boolean => payment.voidedAt === null;

/**
 * Received first counts first; payments received at the same moment in the order they were
 * recorded (the sort is stable: the store's order decides exact ties).
 */
const byReceipt = (a: Payment, b: Payment): number =>
  a.receivedAt.getTime() - b.receivedAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();

/** Whether an entry gives money back (issue 30). */
export const isRefund = (payment: Pick<Payment, "kind">): boolean => payment.kind === "REFUND";

/** The sum of the entries not voided, in cents: payments minus refunds. */
export const paidCents = (payments: readonly Payment[]): number =>
  payments.filter(isLive).reduce((sum, p) => sum + toCents(p.amount), 0);

/**
 * PAID once the entries not voided (payments minus refunds) add up to the first service total; a
 * ledger with nothing received on balance is UNPAID whatever the total. paidAt is when the running
 * total, in the order the money moved, last reached it (a refund that takes it below the total
 * reopens it). totalPaid is null while the entries add up to nothing.
 */
export function paymentState(booking: { firstServiceTotal: number }, payments: readonly Payment[]): PaymentState {
  const live = payments.filter(isLive).sort(byReceipt);
  const dueCents = toCents(booking.firstServiceTotal);
  let running = 0;
  let paidAt: Date | null = null;
  for (const payment of live) {
    running += toCents(payment.amount);
    if (running < dueCents || running <= 0) paidAt = null;
    else if (paidAt === null) paidAt = payment.receivedAt;
  }
  if (running === 0) return { paymentStatus: "UNPAID", totalPaid: null, paidAt: null };
  return { paymentStatus: paidAt ? "PAID" : "UNPAID", totalPaid: fromCents(running), paidAt };
}

/** The ledger as staff see it: newest received first, with paid to date and the balance. */
export function paymentSummary(
  booking: { type: RecordType; firstServiceTotal: number },
  payments: readonly Payment[],
): PaymentSummary {
  const paid = paidCents(payments);
  const state = paymentState(booking, payments);
  return {
    items: [...payments].sort(byReceipt).reverse(),
    paidToDate: fromCents(paid),
    balance: booking.type === "QUOTE" ? null : fromCents(toCents(booking.firstServiceTotal) - paid),
    paymentStatus: state.paymentStatus,
  };
}

/** A$ still owed on a booking (negative when overpaid): firstServiceTotal - totalPaid, in cents. */
export const balanceOf = (booking: { firstServiceTotal: number; totalPaid: number | null }): number =>
  fromCents(toCents(booking.firstServiceTotal) - toCents(booking.totalPaid ?? 0));

/** What a staff member asks to record; the amount already read by readPaymentAmount or the schema. */
export interface PaymentInput {
  amount: number;
  method: PaymentMethod;
  note?: string;
  receivedAt?: Date;
}

/** 422 on receivedAt: money is recorded once it has been received. */
export const RECEIVED_IN_FUTURE = validationError({ receivedAt: [M.receivedInFuture] }, M.receivedInFuture);

/** What planning a payment can refuse: the amount, a quote, a time in the future. */
export const PLAN_PAYMENT_ERRORS = [INVALID_AMOUNT, QUOTE_NOT_PAYABLE, RECEIVED_IN_FUTURE] as const;
export type PlanPaymentError = ErrorOf<typeof PLAN_PAYMENT_ERRORS>;

/** A payment as it will be stored, or why it may not be: a quote, an amount, a time in the future. */
export function planPayment(
  booking: { _id: string; type: RecordType },
  input: PaymentInput,
  context: { now: Date; recordedBy: StaffSnapshot; field?: "amount" | "amountPaid" },
): Result<NewPayment, PlanPaymentError> {
  const amount = readPaymentAmount(input.amount, context.field ?? "amount");
  if (!amount.ok) return amount;
  const payable = checkPayable(booking);
  if (!payable.ok) return payable;
  const receivedAt = input.receivedAt ?? context.now;
  if (receivedAt.getTime() > context.now.getTime()) return err(RECEIVED_IN_FUTURE);
  return ok({
    bookingId: booking._id,
    amount: amount.value,
    method: input.method,
    note: (input.note ?? "").trim(),
    receivedAt,
    recordedBy: context.recordedBy,
    createdAt: context.now,
  });
}

export const PAYMENT_ERRORS = {
  voidForbidden: declareError("forbidden", "FORBIDDEN", M.voidForbidden),
  reasonRequired: validationError({ reason: [M.reasonRequired] }, M.reasonRequired),
  paymentNotFound: declareError("not_found", "PAYMENT_NOT_FOUND", M.paymentNotFound),
  alreadyVoided: declareError("conflict", "PAYMENT_ALREADY_VOIDED", M.alreadyVoided),
  refundNotVoidable: declareError("conflict", "PAYMENT_NOT_VOIDABLE", M.refundNotVoidable),
  refundedNotVoidable: declareError("conflict", "PAYMENT_NOT_VOIDABLE", M.refundedNotVoidable),
} as const;

/** What planning a void can refuse: the role, a missing reason, the payment unknown or already void. */
export const PLAN_VOID_ERRORS = [
  PAYMENT_ERRORS.voidForbidden,
  PAYMENT_ERRORS.reasonRequired,
  PAYMENT_ERRORS.paymentNotFound,
  PAYMENT_ERRORS.alreadyVoided,
  PAYMENT_ERRORS.refundNotVoidable,
] as const;
export type PlanVoidError = ErrorOf<typeof PLAN_VOID_ERRORS>;

/**
 * Only a superadmin voids, and says why; the payment must be one of this booking's, not voided
 * yet. Returns the reason as stored (ends trimmed).
 */
export function planVoid(
  role: AdminRole,
  payment: Pick<Payment, "voidedAt" | "kind"> | undefined,
  reason: string,
  /** Issue 30: whether refunds not voided point at this payment. */
  refunded = false,
): Result<string, PlanVoidError> {
  if (role !== "superadmin") return err(PAYMENT_ERRORS.voidForbidden);
  const trimmed = reason.trim();
  if (trimmed === "") return err(PAYMENT_ERRORS.reasonRequired);
  if (!payment) return err(PAYMENT_ERRORS.paymentNotFound);
  if (payment.voidedAt !== null) return err(PAYMENT_ERRORS.alreadyVoided);
  if (isRefund(payment)) return err(PAYMENT_ERRORS.refundNotVoidable);
  if (refunded) return err(PAYMENT_ERRORS.refundedNotVoidable);
  return ok(trimmed);
}
