import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import type { InquiryType } from "@yarra/core/inquiry/types.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/inquiry/types.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type CustomerDetail, customerName, customerQuery } from "../../lib/customer-record.ts";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure } from "../../ui/failure.ts";
import { MessagePage } from "../../ui/message-page.tsx";
import { CustomerDuplicates } from "./customer-duplicates.tsx";
import { CustomerNotes } from "./customer-notes.tsx";
import { CustomerTags } from "./customer-tags.tsx";
import {
  CUSTOMER_TEXT,
  RECORD_STATUS_LABELS,
  RECORD_TYPE_LABELS,
  SERIES_STATUS_LABELS,
  seriesText,
} from "./customer-text.ts";
import "./customers.css";

const T = CUSTOMER_TEXT;

const when = (iso: string | null) => (iso ? formatMelbourneDateTime(new Date(iso)) : "—");
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

interface CustomerRecordPageProps {
  customerId: string;
  /** Issue 32: the customer's ratings, their own feature, as the route gives them. */
  ratings?: (customerId: string) => ReactNode;
}

/** Everything the business knows about one customer (/admin/customers/{id}). */
export function CustomerRecordPage({ customerId, ratings }: CustomerRecordPageProps) {
  const record = useQuery(customerQuery(customerId));
  const back = <Link to="/customers" className="customers-back">{T.back}</Link>;

  if (record.isError && errorCodeOf(record.error) === "CUSTOMER_NOT_FOUND") {
    return (
      <MessagePage title="Not found">
        <p>{T.notFound}</p>
        <p>{back}</p>
      </MessagePage>
    );
  }
  const customer = record.data;
  return (
    <section className="customer-record" aria-labelledby="customer-record-title">
      <p>{back}</p>
      <h1 id="customer-record-title" className="admin-page-title">
        {customer ? <bdi>{customerName(customer)}</bdi> : "Customer"}
      </h1>
      {record.isPending && <p className="customers-note" role="status">{T.loading}</p>}
      {record.isError && <ErrorAlert failure={asFailure(record.error, T.loadFailed)} message={T.loadFailed} />}
      {customer && (customer.mergedInto ? <MergedRecord customer={customer} mergedInto={customer.mergedInto} /> : <CustomerBody customer={customer} ratings={ratings} />)}
    </section>
  );
}

/** A record kept only as history: old links lead on to the record it went into. */
function MergedRecord({ customer, mergedInto }: { customer: CustomerDetail; mergedInto: string }) {
  return (
    <>
      <div className="customer-merged" role="note">
        <p>{T.mergedNotice}</p>
        <p>
          <Link to="/customers/$customerId" params={{ customerId: mergedInto }} className="admin-button admin-button--primary">
            {T.openMerged}
          </Link>
        </p>
      </div>
      <Contacts customer={customer} />
    </>
  );
}

function CustomerBody({ customer, ratings }: { customer: CustomerDetail; ratings?: (customerId: string) => ReactNode }) {
  return (
    <div className="customer-record__body">
      <div className="customer-record__grid">
        <Contacts customer={customer} />
        <Totals customer={customer} />
      </div>
      <CustomerNotes customer={customer} />
      <CustomerTags customer={customer} />
      <Bookings customer={customer} />
      {ratings?.(customer._id)}
      <div className="customer-record__grid">
        <Addresses customer={customer} />
        <RegularCleans customer={customer} />
      </div>
      <Inquiries customer={customer} />
      <CustomerDuplicates customer={customer} />
    </div>
  );
}

/** A titled card of the record; its h2 names the region. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card customer-card" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="customer-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="customer-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Contacts({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title="Contacts">
      <Facts
        rows={[
          ["Email", customer.email ? <a href={`mailto:${customer.email}`}><bdi>{customer.email}</bdi></a> : "—"],
          ["Phone", customer.phone ? <a href={telHref(customer.phone)}>{formatAuPhone(customer.phone)}</a> : "—"],
          ["Customer since", formatMelbourneDate(new Date(customer.createdAt))],
        ]}
      />
    </Card>
  );
}

function Totals({ customer }: { customer: CustomerDetail }) {
  const { booked, paid, balance } = customer.totals;
  return (
    <Card title="Totals">
      <Facts
        rows={[
          ["Booked", formatAud(booked)],
          ["Paid", formatAud(paid)],
          ["Balance", formatAud(balance)],
          ["Lifetime paid", formatAud(customer.lifetimePaid)],
          ["Next visit", when(customer.nextVisit)],
          ["Last visit", when(customer.lastVisit)],
        ]}
      />
    </Card>
  );
}

function Addresses({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title="Addresses used">
      {customer.addresses.length === 0 ? (
        <p className="customers-none">{T.noAddresses}</p>
      ) : (
        <ul className="customer-list">
          {customer.addresses.map((address) => {
            const line = [
              address.unit ? `${address.unit}/${address.street}` : address.street,
              address.suburb,
              `${address.state} ${address.postCode}`,
            ].filter((part) => part && part.trim() !== "").join(", ");
            return <li key={line}><bdi>{line}</bdi></li>;
          })}
        </ul>
      )}
    </Card>
  );
}

function Bookings({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title="Bookings and quotes">
      {customer.bookings.length === 0 ? (
        <p className="customers-none">{T.noBookings}</p>
      ) : (
        <div className="customers-table__wrap">
          <table className="customers-table customer-bookings">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col">Service</th>
                <th scope="col">Total</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {customer.bookings.map((booking) => (
                <tr key={booking._id}>
                  <th scope="row" data-label="Reference">
                    <Link to="/bookings/$bookingId" params={{ bookingId: booking._id }}>{booking.reference}</Link>
                    {booking.type === "QUOTE" && <span className="customer-mark">{RECORD_TYPE_LABELS.QUOTE}</span>}
                    {booking.seriesId && <span className="customer-mark">Regular clean</span>}
                  </th>
                  <td data-label="Status">{RECORD_STATUS_LABELS[booking.status] ?? booking.status}</td>
                  <td data-label="Date">{when(booking.startTime)}</td>
                  <td data-label="Service">{booking.serviceName}</td>
                  <td className="customers-table__amount" data-label="Total">{formatAud(booking.firstServiceTotal)}</td>
                  <td className="customers-table__amount" data-label="Paid">{formatAud(booking.paidToDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Inquiries({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title="Inquiries">
      {customer.inquiries.length === 0 ? (
        <p className="customers-none">{T.noInquiries}</p>
      ) : (
        <ul className="customer-list">
          {customer.inquiries.map((inquiry) => (
            <li key={inquiry._id} className="customer-inquiry">
              <Link to="/inquiries/$inquiryId" params={{ inquiryId: inquiry._id }}>
                {INQUIRY_TYPE_LABELS[inquiry.inquiryType as InquiryType] ?? inquiry.inquiryType}, {formatMelbourneDate(new Date(inquiry.createdAt))}
              </Link>
              {inquiry.archived && <span className="customer-mark">Archived</span>}
              <p className="customer-inquiry__message"><bdi>{inquiry.message}</bdi></p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RegularCleans({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title="Regular cleans">
      {customer.series.length === 0 ? (
        <p className="customers-none">{T.noSeries}</p>
      ) : (
        <ul className="customer-list">
          {customer.series.map((series) => (
            <li key={series._id}>
              <Link to="/series/$seriesId" params={{ seriesId: series._id }}>{seriesText(series)}</Link>
              <span className={`customer-mark customer-mark--${series.status.toLowerCase()}`}>{SERIES_STATUS_LABELS[series.status] ?? series.status}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
