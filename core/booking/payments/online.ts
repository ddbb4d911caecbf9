/**
 * Card payments online (issue 30): what a customer may pay through Stripe Checkout (a deposit at
 * booking, the balance from the manage link), the payment Stripe reports as completed, recorded
 * once in the ledger, and a superadmin's refund through Stripe, recorded as a negative entry.
 * Stripe itself sits behind the CardGateway port; its signature check stays in the adapter.
 */
import { type Actor, type AuditEntry, auditEntry } from "../../shared/audit.ts";
import { MANAGE_MESSAGES } from "../manage/policy.ts";
import { manageTokenValid } from "../manage/token.ts";
import type { Clock } from "../../shared/ports.ts";
import { formatAud, fromCents, toCents } from "../../shared/money.ts";
import { declareError, err, type ErrorOf, ok, type Result, validationError } from "../../shared/result.ts";
import type { AdminRole } from "../../shared/staff-roles.ts";
import type { PaymentSettings } from "../../settings/payment-settings.ts";
import { BOOKING_NOT_FOUND } from "../status.ts";
import type { BookingRecord } from "../types.ts";
import { appendPayment, paymentStateOf } from "./admin.ts";
import {
  isRefund,
  type NewPayment,
  paidCents,
  type Payment,
  PAYMENT_ERRORS,
  PAYMENT_NOTE_MAX,
  paymentSummary,
  type PaymentSummary,
  QUOTE_NOT_PAYABLE,
  type StaffSnapshot,
} from "./ledger.ts";
import type { PaymentsTx } from "./ports.ts";

export const CHECKOUT_KINDS = ["DEPOSIT", "BALANCE"] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** Who recorded a payment Stripe reported: no staff member. */
export const STRIPE_RECORDER: StaffSnapshot = { adminId: null, name: "Stripe", email: "" };
/** The audit rows Stripe's reports write (core/admin/audit-log/actor.ts reads it as "Stripe"). */
export const STRIPE_ACTOR_EMAIL = "stripe";

export const ONLINE_PAYMENT_MESSAGES = {
  off: "Card payments are not available.",
  nothingDue: "Nothing is due on this booking.",
  cancelled: "This booking is cancelled, so nothing can be paid on it.",
  depositNotOffered: "A deposit is not taken online.",
  balanceNotOffered: "The balance cannot be paid online; please contact us.",
  depositTooLate: "The deposit can be paid only right after booking; please use the link in your confirmation e-mail.",
  checkoutFailed: "The card payment page could not be opened. Please try again in a moment.",
  notRefundable: "Only a card payment taken online can be refunded here.",
  refundTooLarge: (most: number) => `You can refund at most ${formatAud(most)} of this payment.`,
  refundFailed: "Stripe refused the refund. Please check the payment in the Stripe dashboard.",
  reasonRequired: "A reason is required to refund a payment.",
  refundForbidden: "Only a superadmin can refund a payment.",
} as const;
const M = ONLINE_PAYMENT_MESSAGES;

export const ONLINE_PAYMENT_ERRORS = {
  off: declareError("not_found", "PAYMENTS_OFF", M.off),
  nothingDue: declareError("conflict", "NOTHING_DUE", M.nothingDue),
  cancelled: declareError("conflict", "NOTHING_DUE", M.cancelled),
  depositNotOffered: declareError("conflict", "NOTHING_DUE", M.depositNotOffered),
  balanceNotOffered: declareError("conflict", "NOTHING_DUE", M.balanceNotOffered),
  depositTooLate: declareError("conflict", "NOTHING_DUE", M.depositTooLate),
  checkoutFailed: declareError("unavailable", "CHECKOUT_FAILED", M.checkoutFailed),
  notRefundable: declareError("conflict", "PAYMENT_NOT_REFUNDABLE", M.notRefundable),
  refundFailed: declareError("conflict", "REFUND_FAILED", M.refundFailed),
  refundForbidden: declareError("forbidden", "FORBIDDEN", M.refundForbidden),
} as const;
const E = ONLINE_PAYMENT_ERRORS;

/** A deposit is offered this long after booking from the booking form's result card (no link needed). */
export const DEPOSIT_WINDOW_MINUTES = 60;

/**
 * The deposit in cents: a percent of the first service total rounded to the cent (half away
 * from zero), or the fixed amount; never more than the balance, never less than 0.
 */
export function depositCents(deposit: PaymentSettings["deposit"], firstServiceTotal: number, balanceCents: number): number {
  const wanted = deposit.mode === "PERCENT"
    ? toCents(firstServiceTotal * deposit.value / 100)
    : deposit.mode === "FIXED"
    ? toCents(deposit.value)
    : 0;
  return Math.max(0, Math.min(wanted, balanceCents));
}

/** What a checkout may ask for: a booking not cancelled with something owed, by the settings. */
export const AMOUNT_DUE_ERRORS = [QUOTE_NOT_PAYABLE, E.nothingDue] as const;
export type AmountDueError = ErrorOf<typeof AMOUNT_DUE_ERRORS>;

/** The cents a checkout of `kind` takes on this booking now, or why nothing may be paid. */
export function amountDue(
  kind: CheckoutKind,
  booking: Pick<BookingRecord, "type" | "status" | "firstServiceTotal">,
  payments: readonly Payment[],
  settings: PaymentSettings,
): Result<number, AmountDueError> {
  if (booking.type === "QUOTE") return err(QUOTE_NOT_PAYABLE);
  if (booking.status === "CANCELLED") return err(E.cancelled);
  const paid = paidCents(payments);
  const balance = toCents(booking.firstServiceTotal) - paid;
  if (kind === "DEPOSIT") {
    if (settings.deposit.mode === "NONE") return err(E.depositNotOffered);
    // A deposit is taken once, before anything else was paid.
    if (paid > 0) return err(E.nothingDue);
    const cents = depositCents(settings.deposit, booking.firstServiceTotal, balance);
    return cents > 0 ? ok(cents) : err(E.nothingDue);
  }
  if (!settings.balanceOnline) return err(E.balanceNotOffered);
  return balance > 0 ? ok(balance) : err(E.nothingDue);
}

/** What Stripe Checkout is asked for. */
export interface CheckoutRequest {
  bookingId: string;
  kind: CheckoutKind;
  amountCents: number;
  /** "Deposit for YS-7K3F9Q" */
  description: string;
  /** Prefilled on the payment page when the caller proved they are the customer (the manage link). */
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** The card processor (adapters/stripe): a Checkout Session, and a refund of a PaymentIntent. */
export interface CardGateway {
  /** null when the processor could not be reached or refused (the adapter logs why). */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string } | null>;
  /** idempotencyKey: the same refund asked again (a transaction run again) is one refund. */
  refund(request: { paymentIntentId: string; amountCents: number; bookingId: string; paymentId: string; idempotencyKey: string }): Promise<{ id: string } | null>;
}

/** A checkout.session.completed event, as the adapter read it from Stripe's verified body. */
export interface CompletedCheckout {
  eventId: string;
  eventType: string;
  sessionId: string;
  paymentIntentId: string | null;
  /** metadata.bookingId; null when the session carried none. */
  bookingId: string | null;
  kind: string | null;
  amountTotalCents: number;
  paid: boolean;
  /** When Stripe created the event (the money's time of receipt). */
  created: Date;
}

/** What the webhook did with an event, for the log. */
export type WebhookOutcome = "recorded" | "duplicate" | "unknown_booking" | "not_paid";

/** The ledger's transaction (payments-repository) and, in it, Stripe's events acted on. */
export interface OnlinePaymentsTx extends PaymentsTx {
  /** Records the event id; false when it was recorded before (a redelivery). */
  claimEvent(event: { id: string; type: string; bookingId: string; sessionId: string }): Promise<boolean>;
}

export interface OnlinePaymentsStore {
  /** The booking a manage token opens (by the token's hash), or null. */
  bookingByManageToken(token: string): Promise<BookingRecord | null>;
  getById(id: string): Promise<BookingRecord | null>;
  listPayments(bookingId: string): Promise<Payment[]>;
  transaction<T>(work: (tx: OnlinePaymentsTx) => Promise<T>): Promise<T>;
}

export interface OnlinePaymentsDeps {
  store: OnlinePaymentsStore;
  settings: { getPaymentSettings(): Promise<PaymentSettings> };
  /** null when payments are off (no Stripe keys): every call answers PAYMENTS_OFF. */
  gateway: CardGateway | null;
  clock: Clock;
  siteUrl: string;
}

/** The manage calls' own 404 for a link that opens nothing (same code and text). */
const LINK_INVALID = declareError("not_found", "MANAGE_LINK_INVALID", MANAGE_MESSAGES.linkInvalid);

export const MANAGE_CHECKOUT_ERRORS = [E.off, LINK_INVALID, ...AMOUNT_DUE_ERRORS, E.checkoutFailed] as const;
export type ManageCheckoutError = ErrorOf<typeof MANAGE_CHECKOUT_ERRORS>;
export const PAYMENT_OPTIONS_ERRORS = [E.off, LINK_INVALID] as const;
export type PaymentOptionsError = ErrorOf<typeof PAYMENT_OPTIONS_ERRORS>;

/** What the manage page offers: what is paid, what is owed, and what may be paid by card now. */
export interface PaymentOptions {
  paidToDate: number;
  /** null for a quote. */
  balance: number | null;
  /** The deposit a checkout of DEPOSIT would take now; null when none may be paid. */
  depositDue: number | null;
  /** The balance a checkout of BALANCE would take now; null when it may not be paid online. */
  balanceDue: number | null;
}

export const DEPOSIT_CHECKOUT_ERRORS = [E.off, BOOKING_NOT_FOUND, ...AMOUNT_DUE_ERRORS, E.checkoutFailed] as const;
export type DepositCheckoutError = ErrorOf<typeof DEPOSIT_CHECKOUT_ERRORS>;

/** A refund's body: up to what is left of the payment (all of it when left out), and why. */
export interface RefundInput {
  amount?: number;
  reason: string;
}

export const REFUND_ERRORS = [
  E.off,
  E.refundForbidden,
  BOOKING_NOT_FOUND,
  PAYMENT_ERRORS.paymentNotFound,
  E.notRefundable,
  validationError({ amount: [M.refundTooLarge(0)] }),
  E.refundFailed,
] as const;
export type RefundError = ErrorOf<typeof REFUND_ERRORS>;

const label = (kind: CheckoutKind, reference: string) => `${kind === "DEPOSIT" ? "Deposit" : "Balance"} for ${reference}`;

/** Refunds not voided already made of one payment, in cents (a positive number). */
export const refundedCents = (payments: readonly Payment[], paymentId: string): number =>
  -payments.filter((p) => isRefund(p) && p.refundOf === paymentId && p.voidedAt === null)
    .reduce((sum, p) => sum + toCents(p.amount), 0);

/** A card payment taken online, not void, with what may still be refunded of it; null when none may. */
export function refundable(payments: readonly Payment[], paymentId: string): { payment: Payment; leftCents: number } | null {
  const payment = payments.find((p) => p._id === paymentId);
  if (!payment || isRefund(payment) || payment.voidedAt !== null || payment.method !== "CARD") return null;
  if (!payment.stripe?.paymentIntentId) return null;
  const leftCents = toCents(payment.amount) - refundedCents(payments, paymentId);
  return leftCents > 0 ? { payment, leftCents } : null;
}

export function makeOnlinePayments(deps: OnlinePaymentsDeps) {
  const { store, settings, gateway, clock } = deps;
  const site = deps.siteUrl.replace(/\/+$/, "");

  async function checkout(booking: BookingRecord, kind: CheckoutKind, links: { success: string; cancel: string; email: string | null }) {
    const due = amountDue(kind, booking, await store.listPayments(booking._id), await settings.getPaymentSettings());
    if (!due.ok) return due;
    const session = await gateway!.createCheckout({
      bookingId: booking._id,
      kind,
      amountCents: due.value,
      description: label(kind, booking.reference),
      customerEmail: links.email,
      successUrl: links.success,
      cancelUrl: links.cancel,
    });
    return session ? ok({ url: session.url }) : err(E.checkoutFailed);
  }

  /** The booking a manage token opens now (the manage calls' rule: until the job is over). */
  async function linked(token: string) {
    const booking = await store.bookingByManageToken(token);
    return booking && manageTokenValid(booking, clock.now()) ? booking : null;
  }

  return {
    enabled: gateway !== null,

    /** The manage page's "Pay balance" card: what is paid and what may be paid now. */
    async paymentOptions(token: string): Promise<Result<PaymentOptions, PaymentOptionsError>> {
      if (!gateway) return err(E.off);
      const booking = await linked(token);
      if (!booking) return err(LINK_INVALID);
      const [payments, offer] = await Promise.all([store.listPayments(booking._id), settings.getPaymentSettings()]);
      const due = (kind: CheckoutKind) => {
        const result = amountDue(kind, booking, payments, offer);
        return result.ok ? fromCents(result.value) : null;
      };
      const paid = paidCents(payments);
      return ok({
        paidToDate: fromCents(paid),
        balance: booking.type === "QUOTE" ? null : fromCents(toCents(booking.firstServiceTotal) - paid),
        depositDue: due("DEPOSIT"),
        balanceDue: due("BALANCE"),
      });
    },

    /** The manage page's "Pay balance" (or a deposit not paid yet): back to the same page after. */
    async checkoutFromManage(token: string, kind: CheckoutKind): Promise<Result<{ url: string }, ManageCheckoutError>> {
      if (!gateway) return err(E.off);
      const booking = await linked(token);
      if (!booking) return err(LINK_INVALID);
      const page = `${site}/manage/${token}`;
      return checkout(booking, kind, { success: `${page}?paid=1`, cancel: `${page}?paid=0`, email: booking.email });
    },

    /**
     * The booking form's "Pay deposit now", by the id the form was just answered with: only a
     * deposit, only within DEPOSIT_WINDOW_MINUTES of booking, and without the customer's e-mail
     * (the id alone proves nothing about who asks).
     */
    async checkoutDeposit(bookingId: string): Promise<Result<{ url: string }, DepositCheckoutError>> {
      if (!gateway) return err(E.off);
      const booking = await store.getById(bookingId);
      if (!booking) return err(BOOKING_NOT_FOUND);
      if (clock.now().getTime() - booking.createdAt.getTime() > DEPOSIT_WINDOW_MINUTES * 60_000) return err(E.depositTooLate);
      const page = `${site}/book-now?deposit=`;
      const ref = `&ref=${encodeURIComponent(booking.reference)}`;
      return checkout(booking, "DEPOSIT", { success: `${page}paid${ref}`, cancel: `${page}cancelled${ref}`, email: null });
    },

    /**
     * checkout.session.completed, paid: one CARD payment of amount_total, exactly once per event
     * and once per session (a second event of the same session, in any order, records nothing).
     * The booking's row lock serialises deliveries; the event row commits with the payment.
     */
    recordCompleted(event: CompletedCheckout): Promise<WebhookOutcome> {
      if (!event.paid || event.amountTotalCents <= 0) return Promise.resolve("not_paid");
      const bookingId = event.bookingId;
      if (!bookingId) return Promise.resolve("unknown_booking");
      return store.transaction(async (tx) => {
        const before = await tx.lockById(bookingId);
        if (!before) return "unknown_booking";
        if (!await tx.claimEvent({ id: event.eventId, type: event.eventType, bookingId, sessionId: event.sessionId })) {
          return "duplicate";
        }
        const ledger = await tx.ledger.list(bookingId);
        if (ledger.some((p) => p.stripe?.sessionId === event.sessionId)) return "duplicate";
        const now = clock.now();
        const kind = event.kind === "DEPOSIT" ? "Deposit" : event.kind === "BALANCE" ? "Balance" : "Card payment";
        const payment: NewPayment = {
          bookingId,
          amount: fromCents(event.amountTotalCents),
          method: "CARD",
          note: `${kind} paid online (Stripe Checkout ${event.sessionId})`.slice(0, PAYMENT_NOTE_MAX),
          receivedAt: event.created.getTime() > now.getTime() ? now : event.created,
          recordedBy: STRIPE_RECORDER,
          createdAt: now,
          kind: "PAYMENT",
          refundOf: null,
          stripe: { sessionId: event.sessionId, paymentIntentId: event.paymentIntentId, refundId: null },
        };
        const { booking: after, payments, payment: saved } = await appendPayment(tx.ledger, before, payment);
        const summary = paymentSummary(after, payments);
        await tx.audit(stripeAudit("booking.card_payment", bookingId, paymentStateOf(before), {
          paymentId: saved._id,
          amount: saved.amount,
          method: saved.method,
          kind: event.kind,
          ...paymentStateOf(after),
          balance: summary.balance,
        }));
        return "recorded";
      });
    },

    /** A superadmin gives back some or all of a card payment taken online, through Stripe. */
    refund(
      actor: Actor & { name: string; role: AdminRole },
      bookingId: string,
      paymentId: string,
      input: RefundInput,
    ): Promise<Result<PaymentSummary, RefundError>> {
      if (!gateway) return Promise.resolve(err(E.off));
      if (actor.role !== "superadmin") return Promise.resolve(err(E.refundForbidden));
      return store.transaction(async (tx) => {
        // The row lock is held over Stripe's call, so two refunds of one payment never both pass the limit.
        const before = await tx.lockById(bookingId);
        if (!before) return err(BOOKING_NOT_FOUND);
        const ledger = await tx.ledger.list(bookingId);
        if (!ledger.some((p) => p._id === paymentId)) return err(PAYMENT_ERRORS.paymentNotFound);
        const target = refundable(ledger, paymentId);
        if (!target) return err(E.notRefundable);
        const cents = input.amount === undefined ? target.leftCents : toCents(input.amount);
        if (cents > target.leftCents) {
          const message = M.refundTooLarge(fromCents(target.leftCents));
          return err(validationError({ amount: [message] }, message));
        }
        const done = await gateway.refund({
          paymentIntentId: target.payment.stripe!.paymentIntentId!,
          amountCents: cents,
          bookingId,
          paymentId,
          idempotencyKey: `${refundedCents(ledger, paymentId)}-${cents}`,
        });
        if (!done) return err(E.refundFailed);
        const now = clock.now();
        const { booking: after, payments, payment: saved } = await appendPayment(tx.ledger, before, {
          bookingId,
          amount: -fromCents(cents),
          method: "CARD",
          note: input.reason,
          receivedAt: now,
          recordedBy: { adminId: actor._id, name: actor.name, email: actor.email },
          createdAt: now,
          kind: "REFUND",
          refundOf: paymentId,
          stripe: { sessionId: null, paymentIntentId: target.payment.stripe!.paymentIntentId, refundId: done.id },
        });
        const summary = paymentSummary(after, payments);
        await tx.audit(auditEntry(actor, "booking.payment_refund", "booking", bookingId, {
          paymentId,
          amount: target.payment.amount,
          method: target.payment.method,
          ...paymentStateOf(before),
        }, {
          refundId: saved._id,
          refunded: fromCents(cents),
          reason: input.reason,
          ...paymentStateOf(after),
          balance: summary.balance,
        }));
        return ok(summary);
      });
    },
  };
}

/** A row Stripe's report writes: no admin, named by STRIPE_ACTOR_EMAIL. */
const stripeAudit = (action: string, bookingId: string, before: unknown, after: unknown): AuditEntry => ({
  adminId: null,
  adminEmail: STRIPE_ACTOR_EMAIL,
  action,
  entity: "booking",
  entityId: bookingId,
  before,
  after,
});

export type OnlinePayments = ReturnType<typeof makeOnlinePayments>;
