/**
 * A booking's invoice and receipts (issue 30): the invoice PDF, its number and GST once issued,
 * and a receipt PDF per payment that stands. Each PDF comes through the authenticated download
 * (the session cookie; a refusal shows here), saved under the server's file name.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { invoiceView } from "@yarra/core/invoicing/invoice.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { downloadFile } from "../../lib/download-file.ts";
import { asFailure } from "../../ui/failure.ts";
import type { BookingDto } from "./bookings-api.ts";
import type { PaymentDto } from "./payments-api.ts";
import "./invoice-actions.css";

/** GET /api/admin/bookings/{id}/invoice: the invoice as issued (its number is given on the first call); gst 0 when not registered. */
export type InvoiceDto = ReturnType<typeof invoiceView>;

export const INVOICE_TEXT = {
  heading: "Invoice",
  download: "Download invoice (PDF)",
  show: "Show invoice number and GST",
  downloading: "Downloading…",
  loading: "Loading the invoice…",
  hint: "The invoice number is given the first time the invoice is downloaded or shown; it never changes after.",
  downloadFailed: "Downloading the invoice failed",
  loadFailed: "Loading the invoice failed",
  issued: (invoice: Pick<InvoiceDto, "number" | "title" | "issuedAt">) =>
    `${invoice.title} ${invoice.number}, issued ${formatMelbourneDate(new Date(invoice.issuedAt))}`,
  gstLine: (invoice: Pick<InvoiceDto, "total" | "gst">) =>
    invoice.gst > 0
      ? `Total ${formatAud(invoice.total)}, including GST of ${formatAud(invoice.gst)}`
      : `Total ${formatAud(invoice.total)} (no GST: the business is not registered for GST)`,
  balanceLine: (invoice: Pick<InvoiceDto, "paidToDate" | "balance">) =>
    `Paid ${formatAud(invoice.paidToDate)}, balance ${formatAud(invoice.balance)}`,
  receipt: "Receipt",
  receiptLabel: (payment: Pick<PaymentDto, "amount" | "receivedAt">) =>
    `Download the receipt for ${formatAud(payment.amount)} received ${formatMelbourneDateTime(new Date(payment.receivedAt))} (PDF)`,
  receiptFailed: "Downloading the receipt failed",
} as const;

const bookingPath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}`;

/** Under the bookings key, so a payment recorded or voided marks its paid-to-date stale too. */
export const invoiceQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["bookings", "invoice", bookingId] as const,
    queryFn: ({ signal }) => api.get<InvoiceDto>(`${bookingPath(bookingId)}/invoice`, { signal }),
  });

export const downloadInvoicePdf = (bookingId: string) =>
  downloadFile(`${bookingPath(bookingId)}/invoice.pdf`, { accept: "application/pdf", fallbackName: "invoice.pdf" });

export const downloadReceiptPdf = (bookingId: string, paymentId: string) =>
  downloadFile(`${bookingPath(bookingId)}/payments/${encodeURIComponent(paymentId)}/receipt.pdf`, {
    accept: "application/pdf",
    fallbackName: "receipt.pdf",
  });

/**
 * The Invoice section of a booking (never of a quote): download the PDF, or show the number and
 * GST. Nothing is asked for until staff do one or the other, as the first ask issues the number.
 */
export function InvoiceActions({ booking }: { booking: Pick<BookingDto, "_id" | "type"> }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  /** Staff asked for the invoice here (or downloaded it): its number exists, so reading it issues nothing. */
  const [asked, setAsked] = useState(() => queryClient.getQueryData(invoiceQuery(booking._id).queryKey) !== undefined);
  const invoice = useQuery({ ...invoiceQuery(booking._id), enabled: asked && booking.type !== "QUOTE" });
  const pdf = useMutation({
    mutationFn: () => downloadInvoicePdf(booking._id),
    onSuccess: () => setAsked(true),
  });

  if (booking.type === "QUOTE") return null;
  const shown = invoice.data;
  return (
    <section className="invoice-actions" aria-labelledby={headingId} aria-busy={pdf.isPending || invoice.isFetching}>
      <h4 id={headingId} className="booking-details__heading">{INVOICE_TEXT.heading}</h4>
      {shown ? (
        <dl className="invoice-actions__summary">
          <dt className="admin-visually-hidden">Number</dt>
          <dd className="invoice-actions__number">{INVOICE_TEXT.issued(shown)}</dd>
          <dt className="admin-visually-hidden">GST</dt>
          <dd>{INVOICE_TEXT.gstLine(shown)}</dd>
          <dt className="admin-visually-hidden">Paid</dt>
          <dd>{INVOICE_TEXT.balanceLine(shown)}</dd>
        </dl>
      ) : (
        <p className="admin-field__hint">{INVOICE_TEXT.hint}</p>
      )}
      {invoice.isFetching && !shown && <p role="status">{INVOICE_TEXT.loading}</p>}
      <div className="invoice-actions__buttons">
        <button type="button" className="admin-button booking-button" disabled={pdf.isPending} onClick={() => pdf.mutate()}>
          {pdf.isPending ? INVOICE_TEXT.downloading : INVOICE_TEXT.download}
        </button>
        {!asked && (
          <button type="button" className="admin-button booking-button" onClick={() => setAsked(true)}>
            {INVOICE_TEXT.show}
          </button>
        )}
      </div>
      {pdf.isError && (
        <ErrorAlert
          failure={asFailure(pdf.error, INVOICE_TEXT.downloadFailed)}
          message={serverMessageOr(pdf.error, INVOICE_TEXT.downloadFailed)}
          onDismiss={pdf.reset}
        />
      )}
      {invoice.isError && (
        <ErrorAlert
          failure={asFailure(invoice.error, INVOICE_TEXT.loadFailed)}
          message={serverMessageOr(invoice.error, INVOICE_TEXT.loadFailed)}
          onDismiss={() => void invoice.refetch()}
        />
      )}
    </section>
  );
}

/** A payment's receipt: only money received that stands (a voided payment, or a refund, has none). */
export function ReceiptButton({ bookingId, payment }: { bookingId: string; payment: PaymentDto }) {
  const receipt = useMutation({ mutationFn: () => downloadReceiptPdf(bookingId, payment._id) });
  if (payment.voidedAt !== null || payment.amount <= 0) return null;
  return (
    <>
      <button
        type="button"
        className="admin-button booking-button invoice-actions__receipt"
        disabled={receipt.isPending}
        aria-label={INVOICE_TEXT.receiptLabel(payment)}
        onClick={() => receipt.mutate()}
      >
        {receipt.isPending ? INVOICE_TEXT.downloading : INVOICE_TEXT.receipt}
      </button>
      {receipt.isError && (
        <ErrorAlert
          failure={asFailure(receipt.error, INVOICE_TEXT.receiptFailed)}
          message={serverMessageOr(receipt.error, INVOICE_TEXT.receiptFailed)}
          onDismiss={receipt.reset}
        />
      )}
    </>
  );
}
