import { useNavigate } from "@tanstack/react-router";
import { formatAud } from "@yarra/core/shared/money.ts";
import { useEffect, useRef } from "react";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import { type BookingResult, printReceipt, resultRepeats, resultServiceText, resultStartText } from "./receipt.ts";
import { recordVisitText } from "./visit-length.ts";
import { PayDepositNow } from "./deposit.tsx";

export const BOOKING_SUCCESS = "Booking created. We’ve emailed your confirmation.";
export const QUOTE_SUCCESS = "Quote submitted. Please check your email for details.";

const STATUS_TEXT: Record<string, string> = {
  PENDING: "Pending — we’ll confirm availability shortly",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  DONE: "Done",
  QUOTE_REQUESTED: "Quote requested",
};

/** What the customer sees after a booking or quote: the record, a receipt, and a way home. */
export function ResultCard({ result }: { result: BookingResult }) {
  const navigate = useNavigate();
  const profile = useBusinessProfile();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const message = result.type === "QUOTE" ? QUOTE_SUCCESS : BOOKING_SUCCESS;

  useEffect(() => {
    headingRef.current?.scrollIntoView?.({ block: "center" });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const rows: [string, string][] = [
    ["Reference", result.reference],
    ["Status", STATUS_TEXT[result.status] ?? result.status],
    ["Name", `${result.firstName} ${result.lastName}`.trim()],
    ["Service", resultServiceText(result)],
    ["Start time", resultStartText(result)],
  ];
  // The visit's length, which the confirmation e-mail gives too (the server's end time).
  const visit = recordVisitText(result);
  if (visit) rows.push(["Visit", visit]);
  rows.push(
    ["Base", formatAud(result.baseAmount)],
    ["Extras", formatAud(result.extrasAmount)],
    ["First service", formatAud(result.firstServiceTotal)],
  );
  // A clean that does not repeat has no recurring total to show.
  if (resultRepeats(result)) rows.push(["Recurring", formatAud(result.recurringTotal)]);

  return (
    <section className="result-card" aria-labelledby="booking-result-title">
      <div className="result-card__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h2 className="result-card__title" id="booking-result-title" ref={headingRef} tabIndex={-1}>
        {message}
      </h2>
      <dl className="result-card__rows">
        {rows.map(([term, value]) => (
          <div key={term} className="result-card__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* Issue 30: the deposit by card, at once (Stripe Checkout), when the business takes one. */}
      <PayDepositNow result={result} />
      <div className="booking-actions">
        <button
          type="button"
          className="button button--ghost booking-button--secondary"
          onClick={() => printReceipt(result, profile.brandName)}
        >
          Print receipt
        </button>
        <button type="button" className="button button--primary" onClick={() => navigate({ to: "/" })}>
          Done
        </button>
      </div>
    </section>
  );
}
