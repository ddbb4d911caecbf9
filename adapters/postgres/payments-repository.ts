/** The payment ledger in SQL: one booking's payments, and the booking's derived payment columns. */
import type { PaymentLedgerTx, PaymentsStore } from "../../core/booking/payments/ports.ts";
import type { Payment, PaymentKind, PaymentMethod, StaffSnapshot } from "../../core/booking/payments/ledger.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { dateOrNull } from "./rows.ts";
import { transactionOver } from "./transaction.ts";

interface PaymentRow {
  id: string;
  booking_id: string;
  amount: string;
  method: PaymentMethod;
  note: string;
  received_at: Date;
  recorded_by_admin_id: string | null;
  recorded_by_name: string;
  recorded_by_email: string;
  created_at: Date;
  voided_at: Date | null;
  voided_by_admin_id: string | null;
  voided_by_name: string | null;
  voided_by_email: string | null;
  void_reason: string | null;
  kind: PaymentKind;
  refund_of: string | null;
  stripe_session_id: string | null;
  stripe_payment_intent: string | null;
  stripe_refund_id: string | null;
}

const toPayment = (row: PaymentRow): Payment => ({
  _id: row.id,
  bookingId: row.booking_id,
  amount: Number(row.amount),
  kind: row.kind,
  refundOf: row.refund_of,
  stripe: row.stripe_session_id === null && row.stripe_payment_intent === null && row.stripe_refund_id === null
    ? null
    : { sessionId: row.stripe_session_id, paymentIntentId: row.stripe_payment_intent, refundId: row.stripe_refund_id },
  method: row.method,
  note: row.note,
  receivedAt: new Date(row.received_at),
  recordedBy: { adminId: row.recorded_by_admin_id, name: row.recorded_by_name, email: row.recorded_by_email },
  createdAt: new Date(row.created_at),
  voidedAt: dateOrNull(row.voided_at),
  voidedBy: row.voided_at === null
    ? null
    : { adminId: row.voided_by_admin_id, name: row.voided_by_name ?? "", email: row.voided_by_email ?? "" },
  voidReason: row.void_reason,
});

/** An admin id the ledger may point at: one that still exists (an account deleted meanwhile is kept by name). */
const liveAdminId = (sql: Queryable, by: StaffSnapshot) =>
  sql`(select id from admins where id = ${by.adminId !== null && isUuid(by.adminId) ? by.adminId : null}::uuid)`;

export async function listPayments(sql: Queryable, bookingId: string): Promise<Payment[]> {
  if (!isUuid(bookingId)) return [];
  const rows = await sql<PaymentRow[]>`
    select * from booking_payments where booking_id = ${bookingId} order by received_at, created_at, position`;
  return rows.map(toPayment);
}

async function reread(sql: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(sql).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

/** The ledger on a transaction that holds the booking's row lock. */
export function paymentLedger(tx: Queryable): PaymentLedgerTx {
  return {
    list: (bookingId) => listPayments(tx, bookingId),
    async insert(payment) {
      const [row] = await tx<PaymentRow[]>`
        insert into booking_payments (id, booking_id, amount, method, note, received_at, recorded_by_admin_id,
                                      recorded_by_name, recorded_by_email, created_at, kind, refund_of,
                                      stripe_session_id, stripe_payment_intent, stripe_refund_id)
        values (${crypto.randomUUID()}, ${payment.bookingId}, ${payment.amount}, ${payment.method}, ${payment.note},
                ${payment.receivedAt}, ${liveAdminId(tx, payment.recordedBy)}, ${payment.recordedBy.name},
                ${payment.recordedBy.email}, ${payment.createdAt}, ${payment.kind ?? "PAYMENT"}, ${payment.refundOf ?? null},
                ${payment.stripe?.sessionId ?? null}, ${payment.stripe?.paymentIntentId ?? null}, ${payment.stripe?.refundId ?? null})
        returning *`;
      return toPayment(row);
    },
    async void(paymentId, voiding) {
      const [row] = await tx<PaymentRow[]>`
        update booking_payments
           set voided_at = ${voiding.at}, voided_by_admin_id = ${liveAdminId(tx, voiding.by)},
               voided_by_name = ${voiding.by.name}, voided_by_email = ${voiding.by.email}, void_reason = ${voiding.reason}
         where id = ${paymentId} and voided_at is null
        returning *`;
      if (!row) throw new Error(`payment ${paymentId} is not there to void`);
      return toPayment(row);
    },
    async saveState(bookingId, state, at) {
      await tx`
        update bookings set payment_status = ${state.paymentStatus}, total_paid = ${state.totalPaid},
                            paid_at = ${state.paidAt}, updated_at = ${at}
         where id = ${bookingId}`;
      return reread(tx, bookingId);
    },
  };
}

/** Locks the booking's row until the transaction ends: ledger writes on one booking take turns. */
export async function lockBooking(tx: Queryable, id: string): Promise<BookingRecord | null> {
  if (!isUuid(id)) return null;
  const [locked] = await tx`select id from bookings where id = ${id} for update`;
  return locked ? reread(tx, id) : null;
}

export function makePaymentsStore(sql: Sql): PaymentsStore {
  return {
    getById: (id) => makeBookingReader(sql).getById(id),
    listPayments: (bookingId) => listPayments(sql, bookingId),
    transaction: transactionOver(sql, (tx) => ({
      lockById: (id) => lockBooking(tx, id),
      ledger: paymentLedger(tx),
      audit: (entry) => recordAudit(tx, entry),
    })),
  };
}
