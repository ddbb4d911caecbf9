/**
 * The customer's copy of their invoice (issue 30): a plain link to the PDF, which the link's token
 * opens without a login. Offered on a booking, never on a quote (a quote has nothing to invoice).
 */
import type { ManagedBooking } from "./manage-api.ts";

export const INVOICE_LINK_TEXT = {
  download: "Download invoice (PDF)",
} as const;

export const invoicePdfPath = (token: string) => `/api/manage/${encodeURIComponent(token)}/invoice.pdf`;

export function InvoiceLink({ token, booking }: { token: string; booking: Pick<ManagedBooking, "type"> }) {
  if (booking.type !== "BOOKING") return null;
  return (
    <p className="manage__note">
      {/* The token stays out of any Referer, as on every call of this page. */}
      <a className="button button--outline" href={invoicePdfPath(token)} download rel="noreferrer">
        {INVOICE_LINK_TEXT.download}
      </a>
    </p>
  );
}
