/**
 * "Price this quote" on a quote's own page (issue 30): the office sets the lines and sends the
 * price to the customer, whose manage link then offers Accept (with a time) and Decline. A sent
 * price may be replaced while the customer has not decided; once they have, it is read only.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime, formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { draftOfEstimate, draftOfQuote, type PricedQuoteDto, QuoteEditor, type QuoteInput } from "../../ui/quote-editor.tsx";
import type { BookingDto } from "./bookings-api.ts";
import { bookingQuery } from "./bookings-queries.ts";
import { pricedQuoteQuery, sendPricedQuote } from "./quote-api.ts";
import "./quote-panel.css";

export const QUOTE_PANEL_TEXT = {
  title: "Price this quote",
  pricedTitle: "Priced quote",
  loading: "Loading the quote’s price…",
  loadFailed: "Failed to load the quote’s price",
  intro: "Set the price line by line. Sending e-mails it to the customer, who can accept it with a time or decline it from their link.",
  sent: (email: string) => `Quote sent to ${email}.`,
  newPrice: "Send a new price",
  newPriceHint: "The customer is e-mailed the new price; the one before no longer stands.",
  decided: "The customer has decided, so this price can no longer change.",
  status: { SENT: "Sent — waiting for the customer", ACCEPTED: "Accepted", DECLINED: "Declined" },
  noEnd: "No end date",
} as const;

const T = QUOTE_PANEL_TEXT;

/** The first line of an unpriced quote: the service as booked, at the catalogue's estimate. */
function estimateLine(booking: BookingDto): string {
  if (booking.pricingModel === "HOURLY" && booking.hours !== null) return `${booking.serviceNameAtBooking}, ${booking.hours} hours`;
  if (booking.pricingModel === "BEDROOMS" && booking.bedrooms !== null) {
    return `${booking.serviceNameAtBooking}, ${booking.bedrooms === 0 ? "studio" : `${booking.bedrooms} bedrooms`}`;
  }
  return booking.serviceNameAtBooking;
}

export function QuotePanel({ booking }: { booking: BookingDto }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const quoteQuery = pricedQuoteQuery(booking._id);
  const quote = useQuery(quoteQuery);
  /** "Send a new price" is open on a sent quote. */
  const [repricing, setRepricing] = useState(false);
  const [sentMessage, setSentMessage] = useState("");
  const send = useMutation({
    mutationFn: (input: QuoteInput) => sendPricedQuote(booking._id, input),
    onMutate: () => setSentMessage(""),
    onSuccess: (priced) => {
      queryClient.setQueryData(quoteQuery.queryKey, priced);
      setRepricing(false);
      setSentMessage(T.sent(booking.email));
      // The record and its history follow the price (the audit row, any status the server set).
      void queryClient.invalidateQueries({ queryKey: bookingQuery(booking._id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["history", "booking", booking._id] });
      // The editor is gone: the confirmation takes focus, so a screen reader reads it from there.
      queueMicrotask(() => statusRef.current?.focus());
    },
    onError: (error) => {
      // Decided meanwhile: show the customer's decision.
      if (errorCodeOf(error) === "QUOTE_ALREADY_DECIDED") void quote.refetch();
    },
  });
  const serverErrors = useMemo(() => fieldErrorsOf(send.error), [send.error]);
  const priced = quote.data ?? null;
  const editing = quote.isSuccess && (priced === null || (priced.status === "SENT" && repricing));

  return (
    <section className="admin-card quote-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">{priced ? T.pricedTitle : T.title}</h2>
      {/* Always in the page, so the confirmation is announced as it is written. */}
      <p className="admin-flash quote-panel__sent" role="status" tabIndex={-1} ref={statusRef}>{sentMessage}</p>
      {quote.isPending && <p className="bookings-note" role="status">{T.loading}</p>}
      {quote.isError && <ErrorAlert failure={asFailure(quote.error, T.loadFailed)} message={T.loadFailed} />}
      {priced && <PricedQuoteView quote={priced} />}
      {priced?.status === "SENT" && !repricing && (
        <div className="admin-form-actions">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => {
              send.reset();
              setSentMessage("");
              setRepricing(true);
            }}
          >
            {T.newPrice}
          </button>
        </div>
      )}
      {priced && priced.status !== "SENT" && <p className="bookings-note">{T.decided}</p>}
      {editing && (
        <>
          <p className="bookings-note">{priced ? T.newPriceHint : T.intro}</p>
          <QuoteEditor
            key={priced?.sentAt ?? "first"}
            label={priced ? T.newPrice : T.title}
            focusOnOpen={Boolean(priced)}
            initial={priced ? draftOfQuote(priced) : draftOfEstimate(estimateLine(booking), booking.firstServiceTotal)}
            busy={send.isPending}
            serverErrors={serverErrors}
            onSend={(input) => send.mutate(input)}
            onCancel={priced ? () => {
              send.reset();
              setRepricing(false);
            } : undefined}
          />
        </>
      )}
      {send.isError && (
        <ErrorAlert failure={asFailure(send.error)} message={asFailure(send.error).serverMessage} onDismiss={() => send.reset()} />
      )}
    </section>
  );
}

/** A sent price as the customer sees it, with where it stands. */
export function PricedQuoteView({ quote }: { quote: PricedQuoteDto }) {
  const rows: [string, string][] = [
    ["Status", T.status[quote.status]],
    ["Sent", formatMelbourneDateTime(new Date(quote.sentAt))],
    ...(quote.decidedAt
      ? [[quote.status === "DECLINED" ? "Declined" : "Accepted", formatMelbourneDateTime(new Date(quote.decidedAt))] as [string, string]]
      : []),
    ...(quote.status === "DECLINED" ? [["Decline reason", quote.declineReason.trim() || "—"] as [string, string]] : []),
    ["Valid until", quote.validUntil ? formatYmdLong(quote.validUntil) : T.noEnd],
  ];
  return (
    <div className="quote-panel__view">
      <dl className="booking-details__list">
        {rows.map(([label, value]) => (
          <div key={label} className="booking-details__row">
            <dt>{label}</dt>
            <dd><bdi>{value}</bdi></dd>
          </div>
        ))}
      </dl>
      <table className="booking-details__table quote-panel__lines">
        <caption className="admin-visually-hidden">Quote lines</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Qty</th>
            <th scope="col">Unit price</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {quote.lineItems.map((line, index) => (
            <tr key={index}>
              <td><bdi>{line.description}</bdi></td>
              <td>{line.quantity}</td>
              <td>{formatAud(line.unitPrice)}</td>
              <td>{formatAud(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>Total</th>
            <td>{formatAud(quote.total)}</td>
          </tr>
        </tfoot>
      </table>
      {quote.message.trim() && (
        <>
          <h3 className="booking-details__heading">Message to the customer</h3>
          <p className="quote-panel__message"><bdi>{quote.message}</bdi></p>
        </>
      )}
    </div>
  );
}
