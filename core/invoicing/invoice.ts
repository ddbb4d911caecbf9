/**
 * A booking's invoice as values (issue 30): the lines from what the record stored at booking time
 * (the service with its size, each add-on with its quantity and price, the regular-clean discount
 * a series visit carries), the seller's details, the GST in the total and what the ledger says was
 * paid. The PDF, the e-mail and the CSV are all drawn from this one model.
 */
import type { BookingRecord } from "../booking/types.ts";
import { type Payment, paymentSummary } from "../booking/payments/ledger.ts";
import type { BusinessDetails } from "../settings/business-details.ts";
import { formatAbn } from "../settings/abn.ts";
import { customerName, formatAddress, streetLine } from "../shared/contact.ts";
import type { IssuedInvoice } from "../shared/invoice-number.ts";
import { fromCents, roundHalfAwayFromZero, toCents } from "../shared/money.ts";
import { declareError } from "../shared/result.ts";
import { gstIncluded } from "./gst.ts";

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** A$ each; negative for a discount. */
  unitPrice: number;
  /** quantity x unitPrice, A$. */
  amount: number;
}

export type InvoiceTitle = "Tax invoice" | "Invoice";

export interface InvoiceSeller {
  legalName: string;
  abn: string;
  abnFormatted: string;
  gstRegistered: boolean;
  address: string;
  phone: string;
  email: string;
  paymentTerms: string;
  bankDetails: string;
}

export interface Invoice {
  number: string;
  issuedAt: Date;
  title: InvoiceTitle;
  seller: InvoiceSeller;
  customer: {
    name: string;
    email: string;
    /** One line, e.g. "Unit 4, 12 Smith St, Richmond VIC 3121". */
    address: string;
    street: string;
    suburb: string;
    state: string;
    postCode: string;
  };
  bookingId: string;
  reference: string;
  serviceDate: Date;
  lines: InvoiceLine[];
  total: number;
  /** The GST included in the total; 0 when not registered. */
  gst: number;
  paidToDate: number;
  balance: number;
}

export const INVOICE_MESSAGES = {
  quoteNotInvoiceable: "A quote has no invoice: it is invoiced once it is a booking.",
} as const;

export const QUOTE_NOT_INVOICEABLE = declareError("conflict", "QUOTE_NOT_INVOICEABLE", INVOICE_MESSAGES.quoteNotInvoiceable);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "Regular Clean, 3 hours" / "Regular Clean, 2 bedrooms" / "End of Lease Clean". */
export function serviceDescription(record: Pick<BookingRecord, "serviceNameAtBooking" | "pricingModel" | "hours" | "bedrooms">): string {
  const size = record.pricingModel === "HOURLY" && record.hours !== null
    ? plural(record.hours, "hour")
    : record.pricingModel === "BEDROOMS" && record.bedrooms !== null
    ? plural(record.bedrooms, "bedroom")
    : null;
  return size ? `${record.serviceNameAtBooking}, ${size}` : record.serviceNameAtBooking;
}

type PricedRecord = Pick<
  BookingRecord,
  | "serviceNameAtBooking" | "pricingModel" | "hours" | "bedrooms" | "extras" | "baseAmount" | "extrasAmount"
  | "firstServiceTotal" | "recurringTotal" | "discountPercent" | "frequencyNameAtBooking" | "seriesId"
>;

/**
 * The lines of a record, adding up to its firstServiceTotal exactly (in cents). A one-off or a
 * series' first visit is priced in full: the service, then each add-on at its booked price. A
 * later visit of a series is priced at the recurring total, its stored base the discounted share
 * (core/series/start.ts): the lines then show the service and add-ons at full price and the
 * frequency's discount as its own negative line, what the customer was promised at booking.
 */
export function invoiceLines(record: PricedRecord): InvoiceLine[] {
  const totalCents = toCents(record.firstServiceTotal);
  const extras: InvoiceLine[] = record.extras.map((extra) => {
    const unitCents = toCents(extra.priceAtBooking);
    return {
      description: extra.titleAtBooking,
      quantity: extra.quantity,
      unitPrice: fromCents(unitCents),
      amount: fromCents(unitCents * extra.quantity),
    };
  });
  const extrasCents = extras.reduce((sum, line) => sum + toCents(line.amount), 0);
  const basisPoints = Math.min(10_000, Math.max(0, roundHalfAwayFromZero(record.discountPercent * 100)));
  const discountedVisit = record.seriesId !== null && basisPoints > 0 && basisPoints < 10_000 &&
    toCents(record.recurringTotal) === totalCents;
  const service = (cents: number): InvoiceLine => ({
    description: serviceDescription(record),
    quantity: 1,
    unitPrice: fromCents(cents),
    amount: fromCents(cents),
  });
  if (!discountedVisit) {
    // The service is what the total leaves after the add-ons: its stored base whenever the parts agree.
    return [service(totalCents - extrasCents), ...extras];
  }
  const fullBaseCents = roundHalfAwayFromZero((toCents(record.baseAmount) * 10_000) / (10_000 - basisPoints));
  const discountCents = totalCents - fullBaseCents - extrasCents;
  const discount: InvoiceLine[] = discountCents === 0 ? [] : [{
    description: `${record.frequencyNameAtBooking} discount (${record.discountPercent}%)`,
    quantity: 1,
    unitPrice: fromCents(discountCents),
    amount: fromCents(discountCents),
  }];
  return [service(fullBaseCents), ...extras, ...discount];
}

export const invoiceSeller = (details: BusinessDetails): InvoiceSeller => ({
  legalName: details.legalName,
  abn: details.abn,
  abnFormatted: formatAbn(details.abn),
  // GST is charged only with an ABN to show (the settings refuse one without the other).
  gstRegistered: details.gstRegistered && details.abn !== "",
  address: details.address,
  phone: details.phone,
  email: details.email,
  paymentTerms: details.paymentTerms,
  bankDetails: details.bankDetails,
});

/**
 * The lines the invoice shows: the office's priced quote when the booking is one the customer
 * accepted (its lines are the price agreed; the record keeps only their total) and they still add
 * up to the total, else the lines of the record's own prices.
 */
export function linesOf(record: PricedRecord, quotedLines: readonly InvoiceLine[] | null = null): InvoiceLine[] {
  const quoted = quotedLines ?? [];
  const agrees = quoted.length > 0 &&
    quoted.reduce((sum, line) => sum + toCents(line.amount), 0) === toCents(record.firstServiceTotal);
  return agrees ? quoted.map((line) => ({ ...line })) : invoiceLines(record);
}

/** The whole invoice of a booking (never a quote: the caller checks). */
export function buildInvoice(
  record: BookingRecord,
  details: BusinessDetails,
  payments: readonly Payment[],
  issued: IssuedInvoice,
  quotedLines: readonly InvoiceLine[] | null = null,
): Invoice {
  const seller = invoiceSeller(details);
  const ledger = paymentSummary(record, payments);
  const total = record.firstServiceTotal;
  return {
    number: issued.number,
    issuedAt: issued.issuedAt,
    title: seller.gstRegistered ? "Tax invoice" : "Invoice",
    seller,
    customer: {
      name: customerName(record),
      email: record.email,
      address: formatAddress(record.address),
      street: streetLine(record.address),
      suburb: record.address.suburb,
      state: record.address.state,
      postCode: record.address.postCode,
    },
    bookingId: record._id,
    reference: record.reference,
    serviceDate: record.startTime,
    lines: linesOf(record, quotedLines),
    total,
    gst: gstIncluded(total, seller.gstRegistered),
    paidToDate: ledger.paidToDate,
    balance: ledger.balance ?? fromCents(toCents(total) - toCents(ledger.paidToDate)),
  };
}

/** What GET /api/admin/bookings/{id}/invoice answers. */
export const invoiceView = (invoice: Invoice) => ({
  number: invoice.number,
  issuedAt: invoice.issuedAt.toISOString(),
  title: invoice.title,
  lines: invoice.lines,
  total: invoice.total,
  gst: invoice.gst,
  paidToDate: invoice.paidToDate,
  balance: invoice.balance,
});

export const invoiceFileName = (invoice: Pick<Invoice, "number">): string => `${invoice.number}.pdf`;
