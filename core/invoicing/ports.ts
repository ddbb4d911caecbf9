/** What the invoice calls need from storage and from the PDF renderer (issue 30). */
import type { AuditEntry } from "../shared/audit.ts";
import type { IssuedInvoice, IssueInvoiceNumber } from "../shared/invoice-number.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { Payment } from "../booking/payments/ledger.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { Invoice, InvoiceLine } from "./invoice.ts";
import type { Receipt } from "./receipt.ts";

export interface InvoiceTx {
  /** The gapless number: the booking's own when it has one, else the next, in this transaction. */
  issueNumber: IssueInvoiceNumber;
  audit(entry: AuditEntry): Promise<void>;
}

/** An issued invoice with what it is drawn from. */
export interface IssuedInvoiceRecord {
  issued: IssuedInvoice;
  record: BookingRecord;
  payments: Payment[];
  quotedLines: InvoiceLine[] | null;
}

export interface InvoiceStore {
  getBooking(id: string): Promise<BookingRecord | null>;
  /** The booking's payments, voided ones too. */
  payments(bookingId: string): Promise<Payment[]>;
  /** The booking's invoice once issued; null before. */
  findIssued(bookingId: string): Promise<IssuedInvoice | null>;
  /** The lines of the office's priced quote the customer accepted, when the booking was one; null otherwise. */
  acceptedQuoteLines(bookingId: string): Promise<InvoiceLine[] | null>;
  /** The booking a manage-my-booking token's hash belongs to. */
  bookingIdByTokenHash(tokenHash: string): Promise<string | null>;
  /** The invoices issued in [from, to), by number. */
  issuedBetween(from: Date, to: Date): Promise<IssuedInvoiceRecord[]>;
  transaction: InTransaction<InvoiceTx>;
}

/** Draws the documents as PDF bytes (adapters/pdf). */
export interface InvoicePdfRenderer {
  invoice(invoice: Invoice): Promise<Uint8Array>;
  receipt(receipt: Receipt): Promise<Uint8Array>;
}
