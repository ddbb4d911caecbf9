/**
 * A receipt for one payment (issue 30): the amount, how and when it was received, the invoice it
 * pays (when one is issued) and the balance left once it counted. A voided payment has none.
 */
import type { BookingRecord } from "../booking/types.ts";
import { type Payment, PAYMENT_ERRORS, PAYMENT_METHOD_LABELS } from "../booking/payments/ledger.ts";
import type { BusinessDetails } from "../settings/business-details.ts";
import { customerName, formatAddress } from "../shared/contact.ts";
import type { IssuedInvoice } from "../shared/invoice-number.ts";
import { fromCents, toCents } from "../shared/money.ts";
import { declareError, err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import { type InvoiceSeller, invoiceSeller } from "./invoice.ts";

export interface Receipt {
  seller: InvoiceSeller;
  customer: { name: string; address: string };
  reference: string;
  invoiceNumber: string | null;
  /** Which live payment of the booking this is, in the order received (1 = the first). */
  sequence: number;
  amount: number;
  method: string;
  receivedAt: Date;
  total: number;
  /** What was still owed once this payment (and those received before it) counted. */
  balanceAfter: number;
  fileName: string;
}

export const RECEIPT_MESSAGES = { voided: "A voided payment has no receipt." } as const;

export const PAYMENT_VOIDED = declareError("conflict", "PAYMENT_ALREADY_VOIDED", RECEIPT_MESSAGES.voided);

export const RECEIPT_ERRORS = [PAYMENT_ERRORS.paymentNotFound, PAYMENT_VOIDED] as const;
export type ReceiptError = ErrorOf<typeof RECEIPT_ERRORS>;

const byReceipt = (a: Payment, b: Payment) =>
  a.receivedAt.getTime() - b.receivedAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();

export function buildReceipt(
  record: BookingRecord,
  details: BusinessDetails,
  payments: readonly Payment[],
  paymentId: string,
  invoice: IssuedInvoice | null,
): Result<Receipt, ReceiptError> {
  const payment = payments.find((p) => p._id === paymentId);
  if (!payment) return err(PAYMENT_ERRORS.paymentNotFound);
  if (payment.voidedAt !== null) return err(PAYMENT_VOIDED);
  // The ledger's order: received first counts first (ledger.ts).
  const live = payments.filter((p) => p.voidedAt === null).sort(byReceipt);
  const sequence = live.findIndex((p) => p._id === paymentId) + 1;
  const paidCents = live.slice(0, sequence).reduce((sum, p) => sum + toCents(p.amount), 0);
  return ok({
    seller: invoiceSeller(details),
    customer: { name: customerName(record), address: formatAddress(record.address) },
    reference: record.reference,
    invoiceNumber: invoice?.number ?? null,
    sequence,
    amount: payment.amount,
    method: PAYMENT_METHOD_LABELS[payment.method] ?? payment.method,
    receivedAt: payment.receivedAt,
    total: record.firstServiceTotal,
    balanceAfter: fromCents(toCents(record.firstServiceTotal) - paidCents),
    fileName: `receipt-${record.reference}-${sequence}.pdf`,
  });
}
