/**
 * The accounting export (issue 30): one row per invoice line in the columns of Xero's sales
 * invoice import (MYOB's import maps the same columns). Dates DD/MM/YYYY in Melbourne; the
 * invoice's totals repeat on each of its lines, as the import reads them per invoice number.
 */
import { csvLine } from "../shared/csv.ts";
import { melbourneYmd } from "../shared/melbourne-time.ts";
import { fromCents, toCents } from "../shared/money.ts";
import { gstIncludedCents } from "./gst.ts";
import type { Invoice } from "./invoice.ts";

export const INVOICE_CSV_COLUMNS = [
  "ContactName", "EmailAddress", "POAddressLine1", "POCity", "POPostalCode", "POCountry", "InvoiceNumber", "Reference",
  "InvoiceDate", "DueDate", "Description", "Quantity", "UnitAmount", "AccountCode", "TaxType", "TaxAmount", "Total",
  "AmountPaid", "Balance",
] as const;

/** Xero's default sales account. */
export const SALES_ACCOUNT_CODE = "200";

/** 2026-11-27 -> 27/11/2026. */
export const ddmmyyyy = (instant: Date): string => {
  const [year, month, day] = melbourneYmd(instant).split("-");
  return `${day}/${month}/${year}`;
};

/**
 * Each line's GST (a GST-inclusive amount / 11, to the cent), the last line taking the rounding
 * so the lines add up to the invoice's GST exactly.
 */
export function lineGstCents(invoice: Pick<Invoice, "lines" | "total">): number[] {
  const each = invoice.lines.map((line) => gstIncludedCents(toCents(line.amount)));
  if (each.length === 0) return each;
  const rest = gstIncludedCents(toCents(invoice.total)) - each.reduce((sum, cents) => sum + cents, 0);
  each[each.length - 1] += rest;
  return each;
}

export function invoicesCsv(invoices: readonly Invoice[]): string {
  const rows = invoices.flatMap((invoice) => {
    const registered = invoice.seller.gstRegistered;
    const date = ddmmyyyy(invoice.issuedAt);
    const gst = lineGstCents(invoice);
    return invoice.lines.map((line, i) => csvLine([
      invoice.customer.name,
      invoice.customer.email,
      invoice.customer.street,
      invoice.customer.suburb,
      invoice.customer.postCode,
      "Australia",
      invoice.number,
      invoice.reference,
      date,
      date,
      line.description,
      line.quantity,
      line.unitPrice,
      SALES_ACCOUNT_CODE,
      registered ? "GST on Income" : "GST Free Income",
      registered ? fromCents(gst[i]) : 0,
      invoice.total,
      invoice.paidToDate,
      invoice.balance,
    ]));
  });
  // The byte-order mark tells a spreadsheet the file is UTF-8 (as the bookings export does).
  return `\uFEFF${[csvLine(INVOICE_CSV_COLUMNS), ...rows].join("\r\n")}\r\n`;
}

export const invoicesCsvFileName = (from: string, to: string): string => `invoices-${from}-to-${to}.csv`;
