/**
 * The staff payment ledger calls (issue 15): list a booking's payments, record one, void one.
 * Every write holds the booking's row lock, and the booking's derived payment state is recomputed
 * from the whole ledger in the same transaction, so two payments at once never lose one.
 */
import { type Actor, auditEntry } from "../../shared/audit.ts";
import type { AdminRole } from "../../shared/staff-roles.ts";
import type { Clock } from "../../shared/ports.ts";
import { err, type ErrorOf, ok, type Result } from "../../shared/result.ts";
import {
  type NewPayment,
  type Payment,
  type PaymentInput,
  paymentState,
  type PaymentSummary,
  paymentSummary,
  PLAN_PAYMENT_ERRORS,
  PLAN_VOID_ERRORS,
  planPayment,
  planVoid,
  type StaffSnapshot,
} from "./ledger.ts";
import type { PaymentLedgerTx, PaymentsStore } from "./ports.ts";
import { BOOKING_NOT_FOUND } from "../status.ts";
import type { BookingRecord } from "../types.ts";

/** A booking's ledger: only the booking can be missing. */
export const LIST_PAYMENTS_ERRORS = [BOOKING_NOT_FOUND] as const;
export type ListPaymentsError = ErrorOf<typeof LIST_PAYMENTS_ERRORS>;

/** Recording a payment: the booking, then planPayment's refusals. */
export const RECORD_PAYMENT_ERRORS = [BOOKING_NOT_FOUND, ...PLAN_PAYMENT_ERRORS] as const;
export type RecordPaymentError = ErrorOf<typeof RECORD_PAYMENT_ERRORS>;

/** Voiding a payment: the booking, then planVoid's refusals. */
export const VOID_PAYMENT_ERRORS = [BOOKING_NOT_FOUND, ...PLAN_VOID_ERRORS] as const;
export type VoidPaymentError = ErrorOf<typeof VOID_PAYMENT_ERRORS>;

/** Who records or voids: the signed-in admin, with the name the ledger shows. */
export type PaymentActor = Actor & { name: string; role: AdminRole };

export const staffSnapshot = (actor: Actor & { name: string }): StaffSnapshot => ({
  adminId: actor._id,
  name: actor.name,
  email: actor.email,
});

/** A record's derived payment state, as audit rows show it. */
export const paymentStateOf = (r: BookingRecord) => ({
  paymentStatus: r.paymentStatus,
  totalPaid: r.totalPaid,
  paidAt: r.paidAt,
});

/** Recomputes a locked booking's derived state from its whole ledger and writes it. */
async function settle(ledger: PaymentLedgerTx, booking: BookingRecord, at: Date) {
  const payments = await ledger.list(booking._id);
  const after = await ledger.saveState(booking._id, paymentState(booking, payments), at);
  return { booking: after, payments };
}

/**
 * Appends a payment to the ledger of a booking the caller holds locked, and recomputes the
 * booking's state: the one way a payment is recorded (this file's record and confirm-payment).
 */
export async function appendPayment(
  ledger: PaymentLedgerTx,
  booking: BookingRecord,
  payment: NewPayment,
): Promise<{ booking: BookingRecord; payments: Payment[]; payment: Payment }> {
  const saved = await ledger.insert(payment);
  return { ...(await settle(ledger, booking, payment.createdAt)), payment: saved };
}

const payable = ({ balance, paymentStatus }: PaymentSummary) => ({ balance, paymentStatus });

export function makePaymentsAdmin(deps: { payments: PaymentsStore; clock: Clock }) {
  const { payments, clock } = deps;
  return {
    async list(id: string): Promise<Result<PaymentSummary, ListPaymentsError>> {
      const booking = await payments.getById(id);
      if (!booking) return err(BOOKING_NOT_FOUND);
      return ok(paymentSummary(booking, await payments.listPayments(id)));
    },

    /** Records what was received; a booking already PAID may take more (the screen asks first). */
    record(actor: PaymentActor, id: string, input: PaymentInput): Promise<Result<PaymentSummary, RecordPaymentError>> {
      return payments.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(BOOKING_NOT_FOUND);
        const now = clock.now();
        const planned = planPayment(before, input, { now, recordedBy: staffSnapshot(actor) });
        if (!planned.ok) return planned;
        const { booking: after, payments: ledger, payment } = await appendPayment(tx.ledger, before, planned.value);
        const summary = paymentSummary(after, ledger);
        await tx.audit(auditEntry(actor, "booking.payment", "booking", id, paymentStateOf(before), {
          paymentId: payment._id,
          amount: payment.amount,
          method: payment.method,
          note: payment.note,
          receivedAt: payment.receivedAt,
          ...paymentStateOf(after),
          ...payable(summary),
        }));
        return ok(summary);
      });
    },

    /** Superadmins only, with a reason; the payment stays in the ledger, counting for nothing. */
    void(actor: PaymentActor, id: string, paymentId: string, reason: string): Promise<Result<PaymentSummary, VoidPaymentError>> {
      return payments.transaction(async (tx) => {
        const before = await tx.lockById(id);
        if (!before) return err(BOOKING_NOT_FOUND);
        const entries = await tx.ledger.list(id);
        const payment = entries.find((p) => p._id === paymentId);
        const refunded = entries.some((p) => p.refundOf === paymentId && p.voidedAt === null);
        const stored = planVoid(actor.role, payment, reason, refunded);
        if (!stored.ok) return stored;
        const now = clock.now();
        await tx.ledger.void(paymentId, { at: now, by: staffSnapshot(actor), reason: stored.value });
        const { booking: after, payments: ledger } = await settle(tx.ledger, before, now);
        const summary = paymentSummary(after, ledger);
        await tx.audit(auditEntry(
          actor,
          "booking.payment_void",
          "booking",
          id,
          { paymentId, amount: payment!.amount, method: payment!.method, ...paymentStateOf(before) },
          { paymentId, reason: stored.value, ...paymentStateOf(after), ...payable(summary) },
        ));
        return ok(summary);
      });
    },
  };
}

export type PaymentsAdmin = ReturnType<typeof makePaymentsAdmin>;
