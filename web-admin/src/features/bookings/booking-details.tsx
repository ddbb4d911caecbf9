import { type ReactNode, useContext } from "react";
import { Link } from "@tanstack/react-router";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { BOOKING_TEXT_FIELDS, textOfField } from "@yarra/core/booking/text-fields.ts";
import type { BookingDto } from "./bookings-api.ts";
import { BookingCustomerPanel, CustomerPanelAbove } from "./customer-panel.tsx";
import { PaymentsPanel } from "./payments-panel.tsx";
import { InvoiceActions } from "./invoice-actions.tsx";
import { MapLink } from "../../lib/map-link.tsx";

const when = (iso: string | null | undefined) => (iso ? formatMelbourneDateTime(new Date(iso)) : "—");
const text = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "—");

function sizeOf(booking: BookingDto): { label: string; value: string } {
  if (booking.pricingModel === "HOURLY") return { label: "Hours", value: booking.hours === null ? "—" : String(booking.hours) };
  if (booking.pricingModel === "BEDROOMS") {
    const value = booking.bedrooms === null ? "—" : booking.bedrooms === 0 ? "Studio" : String(booking.bedrooms);
    return { label: "Bedrooms", value };
  }
  return { label: "Pricing", value: "Fixed price" };
}

function answerText(answer: BookingDto["answers"][number]): string {
  const shown = (answer as { displayValue?: unknown }).displayValue;
  if (typeof shown === "string" && shown !== "") return shown;
  return Array.isArray(answer.value) ? answer.value.join(", ") : answer.value;
}

/** Everything a booking or quote holds (admin-area.md section 2, Bookings page details). */
export function BookingDetails({ booking }: { booking: BookingDto }) {
  const address = booking.address;
  const size = sizeOf(booking);
  // The booking's own page shows the customer's notes above the card already.
  const customerPanelAbove = useContext(CustomerPanelAbove);
  // Contacts are links, as on inquiries: one tap to write or call.
  const rows: [string, ReactNode, string?][] = [
    ["Reference", booking.reference],
    ["Customer", `${booking.firstName} ${booking.lastName}`.trim()],
    ["Email", booking.email, `mailto:${booking.email}`],
    ["Phone", booking.phone, `tel:${booking.phone.replace(/\s+/g, "")}`],
    // Issue 34: the address opens a map (a new tab; the Maps app on a phone).
    [
      "Address",
      <MapLink
        address={[address.unit ? `${address.unit}/${address.street}` : address.street, address.suburb, `${address.state} ${address.postCode}`]
          .filter(Boolean)
          .join(", ")}
      />,
    ],
    ["Service", booking.serviceNameAtBooking],
    [size.label, size.value],
    [
      "Frequency",
      `${booking.frequencyNameAtBooking || booking.frequencyCode}${booking.frequencyDiscountPercent ? ` (${booking.frequencyDiscountPercent}% discount)` : " (no discount)"}`,
    ],
    ["Start", when(booking.startTime)],
    ["End", when(booking.endTime)],
    ["Created", when(booking.createdAt)],
    // The customer's notes and the office's own (core's text-fields list).
    ...BOOKING_TEXT_FIELDS.map((field): [string, string] => [field.label, text(textOfField(booking, field))]),
    // Kept if the booking is confirmed again, but only a cancelled booking shows why.
    ...(booking.status === "CANCELLED" && booking.cancelReason?.trim()
      ? [["Cancellation reason", booking.cancelReason] as [string, string]]
      : []),
  ];
  const amounts: [string, number][] = [
    ["Base amount", booking.baseAmount],
    ["Extras amount", booking.extrasAmount],
    ["First service total", booking.firstServiceTotal],
    // A one-time clean has no visits after the first.
    ...(booking.frequencyCode === DEFAULT_FREQUENCY_CODE ? [] : [["Recurring total", booking.recurringTotal] as [string, number]]),
  ];
  return (
    <div className="booking-details">
      {booking.customerId && !customerPanelAbove && <BookingCustomerPanel customerId={booking.customerId} headingLevel={4} />}
      <dl className="booking-details__list">
        {rows.map(([label, value, href]) => (
          <div key={label} className="booking-details__row">
            <dt>{label}</dt>
            {/* Customer text (names, address, notes) is isolated, so an RTL override stays inside it. */}
            <dd>{href ? <a href={href}><bdi>{value}</bdi></a> : <bdi>{value}</bdi>}</dd>
          </div>
        ))}
      </dl>

      {booking.seriesId && (
        <p className="booking-details__series">
          A visit of a regular clean ({booking.frequencyNameAtBooking || booking.frequencyCode}).{" "}
          <Link to="/series/$seriesId" params={{ seriesId: booking.seriesId }}>Open the regular clean</Link>
        </p>
      )}

      <h4 className="booking-details__heading">Extras</h4>
      {booking.extras.length === 0 ? (
        <p className="booking-details__none">No extras.</p>
      ) : (
        <table className="booking-details__table">
          <thead>
            <tr>
              <th scope="col">Extra</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price at booking</th>
            </tr>
          </thead>
          <tbody>
            {booking.extras.map((extra, index) => (
              <tr key={`${extra.extraId}-${index}`}>
                <td>{extra.titleAtBooking}</td>
                <td>{extra.quantity}</td>
                <td>{formatAud(extra.priceAtBooking)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h4 className="booking-details__heading">Answers</h4>
      {booking.answers.length === 0 ? (
        <p className="booking-details__none">No answers.</p>
      ) : (
        <dl className="booking-details__list">
          {booking.answers.map((answer, index) => (
            <div key={`${answer.questionId}-${index}`} className="booking-details__row">
              <dt>{answer.label || answer.questionId}</dt>
              <dd><bdi>{answerText(answer) || "—"}</bdi></dd>
            </div>
          ))}
        </dl>
      )}

      <h4 className="booking-details__heading">Amounts</h4>
      <dl className="booking-details__list">
        {amounts.map(([label, value]) => (
          <div key={label} className="booking-details__row">
            <dt>{label}</dt>
            <dd>{formatAud(value)}</dd>
          </div>
        ))}
        <div className="booking-details__row">
          <dt>Payment status</dt>
          <dd>{booking.paymentStatus}</dd>
        </div>
        <div className="booking-details__row">
          <dt>Amount paid</dt>
          <dd>{booking.totalPaid === null ? "—" : formatAud(booking.totalPaid)}</dd>
        </div>
        <div className="booking-details__row">
          <dt>Paid date</dt>
          <dd>{when(booking.paidAt)}</dd>
        </div>
      </dl>
      <InvoiceActions booking={booking} />
      <PaymentsPanel booking={booking} />
    </div>
  );
}
