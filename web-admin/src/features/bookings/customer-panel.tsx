import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createContext, useId } from "react";
import { customerQuery } from "../../lib/customer-record.ts";
import { errorCodeOf } from "../../lib/error-code.ts";
import "./customer-panel.css";

export const CUSTOMER_PANEL_TEXT = {
  title: "Customer notes",
  link: "Customer record",
  loading: "Loading the customer's notes…",
  loadFailed: "Failed to load the customer's notes.",
  notFound: "The customer record was not found.",
  noNotes: "No lasting notes.",
} as const;

const T = CUSTOMER_PANEL_TEXT;

/**
 * True where a page already shows the panel above the booking (its own page), so the details
 * inside the card do not show it twice.
 */
export const CustomerPanelAbove = createContext(false);

interface BookingCustomerPanelProps {
  customerId: string;
  /** 2 at the top of the booking's page, 4 inside its details. */
  headingLevel: 2 | 4;
}

/**
 * The booking's customer (issue 17): a link to their record and the lasting notes staff keep there
 * (gate codes, pets, parking), shown with the booking so nobody has to go looking for them.
 */
export function BookingCustomerPanel({ customerId, headingLevel }: BookingCustomerPanelProps) {
  const first = useQuery(customerQuery(customerId));
  // A record merged into another one leads on to it: its notes are the ones kept now.
  const mergedInto = first.data?.mergedInto ?? null;
  const survivor = useQuery({ ...customerQuery(mergedInto ?? customerId), enabled: mergedInto !== null });
  const shown = mergedInto === null ? first : survivor;
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h4";
  const notes = shown.data?.notes.trim() ?? "";

  return (
    <section className="booking-customer" aria-labelledby={titleId}>
      <div className="booking-customer__head">
        <Heading id={titleId} className="booking-customer__title">{T.title}</Heading>
        <Link to="/customers/$customerId" params={{ customerId: mergedInto ?? customerId }} className="booking-customer__link">
          {T.link}
        </Link>
      </div>
      {shown.isPending && <p className="booking-customer__quiet" role="status">{T.loading}</p>}
      {shown.isError && (
        <p className="booking-customer__quiet" role="alert">
          {errorCodeOf(shown.error) === "CUSTOMER_NOT_FOUND" ? T.notFound : T.loadFailed}
        </p>
      )}
      {shown.data && (notes === ""
        ? <p className="booking-customer__quiet">{T.noNotes}</p>
        : <p className="booking-customer__notes"><bdi>{notes}</bdi></p>)}
    </section>
  );
}
