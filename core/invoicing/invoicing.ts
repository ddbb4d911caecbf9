/**
 * The invoice calls (issue 30): a booking's invoice (its number issued on first asking, audited),
 * its PDF for the office and for the customer's link, a receipt per payment, and the accounting
 * export. A quote has no invoice.
 */
import { type Actor, type AuditEntry, auditEntry } from "../shared/audit.ts";
import type { Clock } from "../shared/ports.ts";
import type { IssuedInvoice } from "../shared/invoice-number.ts";
import { addDaysYmd, melbourneInstant } from "../shared/melbourne-time.ts";
import { declareError, err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import type { SettingsStore } from "../settings/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import { BOOKING_NOT_FOUND } from "../booking/status.ts";
import { hashManageToken, invoiceLinkValid, MANAGE_TOKEN_PATTERN } from "../booking/manage/token.ts";
import { MANAGE_MESSAGES } from "../booking/manage/policy.ts";
import { buildInvoice, type Invoice, invoiceFileName, QUOTE_NOT_INVOICEABLE } from "./invoice.ts";
import { buildReceipt, RECEIPT_ERRORS } from "./receipt.ts";
import { invoicesCsv, invoicesCsvFileName } from "./csv.ts";
import type { InvoicePdfRenderer, InvoiceStore, InvoiceTx } from "./ports.ts";

/** The customer's link that opens nothing: the same 404 as the other manage calls. */
export const INVOICE_LINK_INVALID = declareError("not_found", "MANAGE_LINK_INVALID", MANAGE_MESSAGES.linkInvalid);

export const GET_INVOICE_ERRORS = [BOOKING_NOT_FOUND, QUOTE_NOT_INVOICEABLE] as const;
export type GetInvoiceError = ErrorOf<typeof GET_INVOICE_ERRORS>;
export const CUSTOMER_INVOICE_ERRORS = [INVOICE_LINK_INVALID, QUOTE_NOT_INVOICEABLE] as const;
export type CustomerInvoiceError = ErrorOf<typeof CUSTOMER_INVOICE_ERRORS>;
export const RECEIPT_PDF_ERRORS = [BOOKING_NOT_FOUND, ...RECEIPT_ERRORS] as const;
export type ReceiptPdfError = ErrorOf<typeof RECEIPT_PDF_ERRORS>;

export interface PdfFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Who asked for the number first: a staff member, or the customer through their link. */
export type InvoiceActor = Actor | { _id: null; email: string };

/** The audit row of a number given: who asked, which booking, which number. */
export const invoiceIssuedAudit = (actor: InvoiceActor, record: BookingRecord, issued: IssuedInvoice): AuditEntry => ({
  ...auditEntry({ _id: actor._id ?? "", email: actor.email }, "booking.invoice_issue", "booking", record._id, null, {
    number: issued.number,
    issuedAt: issued.issuedAt,
    reference: record.reference,
  }),
  adminId: actor._id,
});

/** Issues (or finds) the number in `tx`, writing the audit row when it is new. */
export async function issueInvoiceNumber(
  tx: Pick<InvoiceTx, "issueNumber" | "audit">,
  actor: InvoiceActor,
  record: BookingRecord,
  now: Date,
): Promise<IssuedInvoice> {
  const { isNew, ...issued } = await tx.issueNumber(record._id, now);
  if (isNew) await tx.audit(invoiceIssuedAudit(actor, record, issued));
  return issued;
}

export function makeInvoicing(deps: {
  store: InvoiceStore;
  settings: Pick<SettingsStore, "getBusinessDetails">;
  clock: Clock;
  pdf: InvoicePdfRenderer;
}) {
  const { store, settings, clock, pdf } = deps;

  async function invoiceOf(actor: InvoiceActor, record: BookingRecord): Promise<Result<Invoice, typeof QUOTE_NOT_INVOICEABLE>> {
    if (record.type === "QUOTE") return err(QUOTE_NOT_INVOICEABLE);
    const issued = (await store.findIssued(record._id)) ??
      await store.transaction((tx) => issueInvoiceNumber(tx, actor, record, clock.now()));
    const [details, payments, quotedLines] = await Promise.all([
      settings.getBusinessDetails(),
      store.payments(record._id),
      store.acceptedQuoteLines(record._id),
    ]);
    return ok(buildInvoice(record, details, payments, issued, quotedLines));
  }

  const invoicePdf = async (invoice: Invoice): Promise<PdfFile> => ({
    fileName: invoiceFileName(invoice),
    bytes: await pdf.invoice(invoice),
  });

  return {
    /** The booking's invoice; the first call gives it its number. */
    async invoice(actor: Actor, id: string): Promise<Result<Invoice, GetInvoiceError>> {
      const record = await store.getBooking(id);
      if (!record) return err(BOOKING_NOT_FOUND);
      return await invoiceOf(actor, record);
    },

    async invoicePdf(actor: Actor, id: string): Promise<Result<PdfFile, GetInvoiceError>> {
      const invoice = await this.invoice(actor, id);
      return invoice.ok ? ok(await invoicePdf(invoice.value)) : invoice;
    },

    /** The customer's copy through their manage-my-booking link: until INVOICE_LINK_DAYS after the job, when it is wanted most. */
    async customerInvoicePdf(token: string): Promise<Result<PdfFile, CustomerInvoiceError>> {
      if (!MANAGE_TOKEN_PATTERN.test(token)) return err(INVOICE_LINK_INVALID);
      const id = await store.bookingIdByTokenHash(hashManageToken(token));
      const record = id ? await store.getBooking(id) : null;
      if (!record || !invoiceLinkValid(record, clock.now())) return err(INVOICE_LINK_INVALID);
      const invoice = await invoiceOf({ _id: null, email: record.email }, record);
      return invoice.ok ? ok(await invoicePdf(invoice.value)) : invoice;
    },

    /** A receipt for one payment of the booking's ledger. */
    async receiptPdf(id: string, paymentId: string): Promise<Result<PdfFile, ReceiptPdfError>> {
      const record = await store.getBooking(id);
      if (!record) return err(BOOKING_NOT_FOUND);
      const [details, payments, issued] = await Promise.all([
        settings.getBusinessDetails(),
        store.payments(id),
        store.findIssued(id),
      ]);
      const receipt = buildReceipt(record, details, payments, paymentId, issued);
      if (!receipt.ok) return receipt;
      return ok({ fileName: receipt.value.fileName, bytes: await pdf.receipt(receipt.value) });
    },

    /** The invoices issued on Melbourne days from..to (both included), one CSV row per line. */
    async exportCsv(range: { from: string; to: string }): Promise<{ fileName: string; csv: string }> {
      const [details, issued] = await Promise.all([
        settings.getBusinessDetails(),
        store.issuedBetween(melbourneInstant(range.from, 0), melbourneInstant(addDaysYmd(range.to, 1), 0)),
      ]);
      const invoices = issued.map(({ record, payments, issued, quotedLines }) => buildInvoice(record, details, payments, issued, quotedLines));
      return { fileName: invoicesCsvFileName(range.from, range.to), csv: invoicesCsv(invoices) };
    },
  };
}

export type Invoicing = ReturnType<typeof makeInvoicing>;
