/** What the payment ledger calls need from storage. */
import type { AuditEntry } from "../../shared/audit.ts";
import type { InTransaction } from "../../shared/ports.ts";
import type { NewPayment, Payment, PaymentState, PaymentVoiding } from "./ledger.ts";
import type { BookingRecord } from "../types.ts";

/** One booking's ledger, inside the transaction that holds the booking's row lock. */
export interface PaymentLedgerTx {
  /** The booking's payments, voided ones too: oldest received first, exact ties in the order written. */
  list(bookingId: string): Promise<Payment[]>;
  insert(payment: NewPayment): Promise<Payment>;
  void(paymentId: string, voiding: PaymentVoiding): Promise<Payment>;
  /** Writes the booking's derived columns (payment status, total paid, paid at) and rereads it. */
  saveState(bookingId: string, state: PaymentState, at: Date): Promise<BookingRecord>;
}

/** Ports inside one transaction: the lock, the ledger write, the derived state and the audit row commit together. */
export interface PaymentsTx {
  /** Reads the record and holds it until the transaction ends, so two ledger writes never interleave. */
  lockById(id: string): Promise<BookingRecord | null>;
  ledger: PaymentLedgerTx;
  audit(entry: AuditEntry): Promise<void>;
}

export interface PaymentsStore {
  getById(id: string): Promise<BookingRecord | null>;
  listPayments(bookingId: string): Promise<Payment[]>;
  transaction: InTransaction<PaymentsTx>;
}
