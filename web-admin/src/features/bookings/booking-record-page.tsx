import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure } from "../../ui/failure.ts";
import { MessagePage } from "../../ui/message-page.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { BookingCard } from "./booking-card.tsx";
import type { BookingDto } from "./bookings-api.ts";
import { bookingQuery } from "./bookings-queries.ts";
import { BookingCustomerPanel, CustomerPanelAbove } from "./customer-panel.tsx";
import { QuotePanel } from "./quote-panel.tsx";
import "./bookings.css";

export const RECORD_TEXT = {
  loadFailed: "Failed to load the booking",
  notFound: "No booking or quote has this id; it may have been mistyped.",
} as const;

interface BookingRecordPageProps {
  bookingId: string;
  /** Issue 32: a job's customer feedback, its own feature, as the route gives it (for bookings, not quotes). */
  feedback?: (booking: BookingDto) => ReactNode;
  /** Issue 31: who is on the job and when they arrived and finished, the attendance feature's, as the route gives it. */
  onTheJob?: (booking: BookingDto) => ReactNode;
}

/** One booking or quote at its own staff URL (/admin/bookings/{id}): the card with its details open, and its history. */
export function BookingRecordPage({ bookingId, feedback, onTheJob }: BookingRecordPageProps) {
  const record = useQuery(bookingQuery(bookingId));
  const back = <Link to="/bookings" className="bookings-back">Back to bookings</Link>;

  if (record.isError && errorCodeOf(record.error) === "BOOKING_NOT_FOUND") {
    return (
      <MessagePage title="Not found">
        <p>{RECORD_TEXT.notFound}</p>
        <p>{back}</p>
      </MessagePage>
    );
  }
  const title = record.data?.type === "QUOTE" ? "Quote" : "Booking";
  return (
    <section className="bookings booking-record" aria-labelledby="booking-record-title">
      <p>{back}</p>
      <h1 id="booking-record-title" className="admin-page-title">{title}</h1>
      {record.isPending && <p className="bookings-note" role="status">Loading the booking…</p>}
      {record.isError && <ErrorAlert failure={asFailure(record.error, RECORD_TEXT.loadFailed)} message={RECORD_TEXT.loadFailed} />}
      {/* The customer's lasting notes (gate codes, pets, parking) come first: they matter at the door. */}
      {record.data?.customerId && <BookingCustomerPanel customerId={record.data.customerId} headingLevel={2} />}
      <CustomerPanelAbove value={Boolean(record.data?.customerId)}>
        {record.data && <BookingCard booking={record.data} standalone />}
      </CustomerPanelAbove>
      {/* Issue 30: the office prices a quote here and sends it to the customer. */}
      {record.data?.type === "QUOTE" && <QuotePanel booking={record.data} />}
      {record.data?.type === "BOOKING" && onTheJob?.(record.data)}
      {record.data?.type === "BOOKING" && feedback?.(record.data)}
      {record.data && <RecordHistory kind="booking" id={bookingId} />}
    </section>
  );
}
