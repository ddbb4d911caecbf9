/**
 * Issue 30: the business details an invoice carries, a booking's invoice (JSON and PDF), a
 * receipt per payment, and the accounting export. Mounted under /api/admin behind requireAdmin.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { Actor } from "../../../core/shared/audit.ts";
import {
  type BusinessDetailsAdmin,
  businessDetailsInputSchema,
  businessDetailsSchema,
  businessDetailsView,
} from "../../../core/settings/business-details.ts";
import type { SettingsStore } from "../../../core/settings/ports.ts";
import { GET_INVOICE_ERRORS, type Invoicing, type PdfFile, RECEIPT_PDF_ERRORS } from "../../../core/invoicing/invoicing.ts";
import { invoiceView } from "../../../core/invoicing/invoice.ts";
import { invoicesCsvQuerySchema, invoiceSchema } from "../../../core/invoicing/schemas.ts";
import { failWith } from "../../http-errors.ts";
import { json, jsonBody, route, routeGroup } from "../../openapi.ts";

export interface InvoicesAdminUseCases {
  settings: Pick<SettingsStore, "getBusinessDetails">;
  businessDetails: BusinessDetailsAdmin;
  invoicing: Invoicing;
}

const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const settingsTags: [string] = ["Staff: settings and accounts"];
const tags: [string] = ["Staff: bookings and inquiries"];

const BookingParams = z.object({ id: z.string().meta({ description: "The booking's _id" }) });
const PaymentParams = BookingParams.extend({ paymentId: z.string().meta({ description: "The payment's _id" }) });

/** A PDF answer as the document declares it. */
export const pdfAnswer = (fileName: string) => ({
  description: "application/pdf attachment",
  headers: { "Content-Disposition": { schema: { type: "string" as const }, description: `attachment; filename="${fileName}"` } },
  content: { "application/pdf": { schema: z.string().meta({ format: "binary", description: "The PDF document" }) } },
});

/** The bytes as an attachment; never kept by a cache (a customer's details). */
export const sendPdf = (c: Context, file: PdfFile) =>
  c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "Cache-Control": "no-store",
  });

const getBusiness = route({
  method: "get", path: "/settings/business", tags: settingsTags, "x-required-role": "admin",
  summary: "The business details invoices carry (legal name, ABN, GST registration, contact, terms, bank details)",
  description: "Before any save: the business profile's legal name, phone and e-mail, no ABN, not registered for GST.",
  responses: { 200: json(businessDetailsSchema, "The details") },
});
const saveBusiness = route({
  method: "put", path: "/settings/business", tags: settingsTags, "x-required-role": "superadmin",
  summary: "Save the business details (superadmin only)",
  description: "The ABN is checked with the ATO's modulus-89 rule (spaces ignored): a bad one is a 422 with fieldErrors.abn ['Please enter a valid ABN.']. " +
    "gstRegistered true needs an ABN. emailInvoiceOnDone: the customer is e-mailed the invoice PDF when staff mark a job DONE. Audited as settings.business.",
  request: { body: jsonBody(businessDetailsInputSchema) },
  responses: { 200: json(businessDetailsSchema, "The saved details") },
});
const getInvoice = route({
  method: "get", path: "/bookings/{id}/invoice", tags, "x-required-role": "admin", summary: "A booking's invoice (issues its number on the first call)",
  description: "The number is gapless (INV-000123) and given the first time the invoice is asked for (audited as booking.invoice_issue); later calls answer the same number with the lines, GST, paid to date and balance as they are now. A quote has none (409 QUOTE_NOT_INVOICEABLE).",
  request: { params: BookingParams },
  errors: GET_INVOICE_ERRORS,
  responses: { 200: json(invoiceSchema, "The invoice") },
});
const getInvoicePdf = route({
  method: "get", path: "/bookings/{id}/invoice.pdf", tags, "x-required-role": "admin", summary: "A booking's invoice as a PDF",
  description: "The invoice of GET /api/admin/bookings/{id}/invoice, drawn on A4 (issues the number on the first call).",
  request: { params: BookingParams },
  errors: GET_INVOICE_ERRORS,
  responses: { 200: pdfAnswer("INV-000123.pdf") },
});
const getReceiptPdf = route({
  method: "get", path: "/bookings/{id}/payments/{paymentId}/receipt.pdf", tags, "x-required-role": "admin",
  summary: "A receipt for one payment, as a PDF",
  description: "The amount, method, when it was received, the invoice number (once issued) and the balance after it. A voided payment has none (409 PAYMENT_ALREADY_VOIDED).",
  request: { params: PaymentParams },
  errors: RECEIPT_PDF_ERRORS,
  responses: { 200: pdfAnswer("receipt-YS-7K3F9Q-1.pdf") },
});
const exportInvoices = route({
  method: "get", path: "/invoices.csv", tags, "x-required-role": "admin", summary: "The invoices issued in a date range, as Xero's sales invoice import takes them",
  description: "Invoices issued on Melbourne days from..to (both included), one row per invoice line, in number order: ContactName, EmailAddress, POAddressLine1, POCity, POPostalCode, POCountry, InvoiceNumber, Reference, InvoiceDate, DueDate (DD/MM/YYYY), Description, Quantity, UnitAmount, AccountCode (200), TaxType (GST on Income, or GST Free Income when not registered), TaxAmount (the line's GST), Total, AmountPaid, Balance (the invoice's, on each of its lines). UTF-8 with a byte-order mark, CRLF lines; text cells starting with =, +, -, @ get a leading '.",
  request: { query: invoicesCsvQuerySchema },
  responses: {
    200: {
      description: "text/csv attachment",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="invoices-YYYY-MM-DD-to-YYYY-MM-DD.csv"' } },
      content: { "text/csv": { schema: z.string().meta({ description: "The header line, then one line per invoice line" }) } },
    },
  },
});

export function invoicesAdminRoutes(useCases: InvoicesAdminUseCases) {
  const { settings, businessDetails, invoicing } = useCases;
  return routeGroup()
    .openapi(getBusiness, async (c) => c.json(businessDetailsView(await settings.getBusinessDetails()), 200))
    .openapi(saveBusiness, async (c) => {
      return c.json(businessDetailsView(await businessDetails.save(actorOf(c), c.req.valid("json"))), 200);
    })
    .openapi(exportInvoices, async (c) => {
      const { fileName, csv } = await invoicing.exportCsv(c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    })
    .openapi(getInvoice, async (c) => {
      const result = await invoicing.invoice(actorOf(c), c.req.valid("param").id);
      return result.ok ? c.json(invoiceView(result.value), 200) : failWith(getInvoice, c, result.error);
    })
    .openapi(getInvoicePdf, async (c) => {
      const result = await invoicing.invoicePdf(actorOf(c), c.req.valid("param").id);
      return result.ok ? sendPdf(c, result.value) : failWith(getInvoicePdf, c, result.error);
    })
    .openapi(getReceiptPdf, async (c) => {
      const { id, paymentId } = c.req.valid("param");
      const result = await invoicing.receiptPdf(id, paymentId);
      return result.ok ? sendPdf(c, result.value) : failWith(getReceiptPdf, c, result.error);
    });
}
