/**
 * /manage/$token (issue 15): the booking a customer's e-mail link opens. They see its details,
 * status and reference, and may move or cancel it themselves until the free-change cut-off;
 * inside it the page states the policy's fee and gives the phone. Never prerendered, never indexed.
 * A visit of a regular clean (issue 17) shows the series, and may be skipped, or the regular
 * clean cancelled from it on, under the same cut-off; each other coming visit of it is listed with
 * its own Skip and Move until its own cut-off (issue 28).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { type FailureDescription, NETWORK_ERROR } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { changeCutoffMessage, MANAGE_MESSAGES } from "@yarra/core/booking/manage/policy.ts";
import { formatMelbourneDateTime, formatMelbourneLongDate } from "@yarra/core/shared/melbourne-time.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { type ReactNode, useRef, useState } from "react";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import { telHref } from "../../lib/business-profile.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { slotTimeLabel } from "../booking/availability-calendar.ts";
import { PageQueries } from "../../lib/page-queries.tsx";
import { CancelBooking } from "./cancel-booking.tsx";
import { ComingVisits, type VisitPanel, visitWhen } from "./coming-visits.tsx";
import { InvoiceLink } from "./invoice-link.tsx";
import { type ManagedBooking, managedBookingQuery } from "./manage-api.ts";
import { MoveBooking } from "./move-booking.tsx";
import { PayBalance } from "./pay-balance.tsx";
import { PricedQuote } from "./priced-quote.tsx";
import { CancelSeries, SkipVisit } from "./series-changes.tsx";
import "../booking/booking.css";
import "./manage.css";

export const MANAGE_TEXT = {
  title: "Your booking",
  quoteTitle: "Your quote request",
  loading: "Loading your booking…",
  expired: "This link has expired or is not valid",
  move: "Move booking",
  cancel: "Cancel booking",
  cancelled: "Your booking is cancelled. We’ve e-mailed you a confirmation.",
  moved: (when: string) => `Your booking is moved to ${when}. We’ve e-mailed you the details.`,
  // A visit of a regular clean (issue 17)
  regularClean: "Regular clean",
  moveVisit: "Move this visit",
  skip: "Skip this visit",
  cancelSeries: "Cancel all future visits",
  skipped: "This visit is skipped; your regular clean carries on. We’ve e-mailed you a confirmation.",
  visitSkipped: (when: string) => `Your visit on ${when} is skipped; your regular clean carries on. We’ve e-mailed you a confirmation.`,
  visitMoved: (when: string, to: string) => `Your visit on ${when} is moved to ${to}. We’ve e-mailed you the details.`,
  seriesCancelled: "Your regular clean is cancelled from this visit on. We’ve e-mailed you a confirmation.",
} as const;

type Series = NonNullable<ManagedBooking["series"]>;

/** 'Weekly — next visits below', or how the series stands when it plans no more. `more`: other visits are listed below. */
export function seriesText(series: Series, more: boolean): string {
  if (series.status === "ENDED") return `${series.frequencyName} — ${more ? "ends after the visits below" : "ended"}`;
  if (series.status === "PAUSED") return `${series.frequencyName} — ${more ? "paused after the visits below" : "paused"}`;
  return `${series.frequencyName} — ${more ? "next visits below" : "we’re planning the next visits"}`;
}

/** The coming visits listed under the booking: the series' own list but the link's visit, which has its own actions above. */
const otherVisits = (booking: ManagedBooking) => booking.series?.visits.filter((visit) => visit.reference !== booking.reference) ?? [];

const STATUS_TEXT: Record<ManagedBooking["status"], string> = {
  PENDING: "Requested — we’ll confirm availability shortly",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  DONE: "Done",
  NEEDS_ATTENTION: "We need to find a new time for this visit — we’ll be in touch",
  QUOTE_REQUESTED: "Quote requested",
};

/** 'Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)'. */
export function appointmentText(booking: Pick<ManagedBooking, "startTime" | "endTime">): string {
  const start = new Date(booking.startTime);
  return `${formatMelbourneLongDate(start)}, ${slotTimeLabel(booking.startTime)} – ${slotTimeLabel(booking.endTime)} (Melbourne time)`;
}

const momentText = (iso: string) => `${formatMelbourneDateTime(new Date(iso))} (Melbourne time)`;

function serviceText(booking: ManagedBooking): string {
  if (booking.pricingModel === "HOURLY" && booking.hours !== null) return `${booking.serviceName}, ${booking.hours} hour${booking.hours === 1 ? "" : "s"}`;
  if (booking.pricingModel === "BEDROOMS" && booking.bedrooms !== null) return `${booking.serviceName}, ${booking.bedrooms} bedroom${booking.bedrooms === 1 ? "" : "s"}`;
  return booking.serviceName;
}

function addressText({ address }: ManagedBooking): string {
  const street = address.unit ? `${address.unit}/${address.street}` : address.street;
  return `${street}, ${address.suburb} ${address.state} ${address.postCode}`;
}

const manageRoute = getRouteApi("/site/manage/$token");

/** Refusals that mean the page shows an old state: it asks for the booking again. */
const STALE_PAGE_CODES: ReadonlySet<string> = new Set([
  "CHANGE_CUTOFF_PASSED",
  "BOOKING_NOT_CHANGEABLE",
  "NOT_A_SERIES",
  "SERIES_ENDED",
  "VISIT_NOT_IN_SERIES",
]);

export function ManagePage() {
  const { token } = manageRoute.useParams();
  // A different link is a different booking: nothing of the last one's state carries over.
  return (
    <PageQueries>
      <ManageBooking key={token} token={token} />
    </PageQueries>
  );
}

/** The panel open: one of the link's own booking, or one of another visit (issue 28). */
type Panel = "move" | "cancel" | "skip" | "cancel-series" | VisitPanel | null;
type OpenPanel = Exclude<Panel, null>;
/** The panels of the link's own booking. */
type OwnPanel = Exclude<OpenPanel, VisitPanel>;

function ManageBooking({ token }: { token: string }) {
  const profile = useBusinessProfile();
  const queryClient = useQueryClient();
  // The route only names the page (it is in every page's first load): the page asks for its booking.
  const bookingQuery = managedBookingQuery(token);
  /** The booking as the server last answered: the link's first load, a reload, or a change's answer. */
  const loaded = useQuery(bookingQuery);
  const [linkDead, setLinkDead] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<FailureDescription | null>(null);
  const announcementRef = useRef<HTMLParagraphElement>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);

  // Once shown, the booking stays: a reload that fails after a refusal leaves it as it was.
  const booking = loaded.data ?? null;
  const expired = linkDead || (!booking && isApiError(loaded.error) && loaded.error.status === 404);

  function open(which: OpenPanel, opener: HTMLButtonElement) {
    openerRef.current = opener;
    setAnnouncement("");
    setFailure(null);
    setPanel(which);
  }
  function close() {
    setPanel(null);
    // Back to the button that opened the panel, once it is on screen again.
    queueMicrotask(() => openerRef.current?.focus());
  }
  function done(next: ManagedBooking, message: string) {
    queryClient.setQueryData(bookingQuery.queryKey, next);
    setPanel(null);
    setFailure(null);
    setAnnouncement(message);
    queueMicrotask(() => announcementRef.current?.focus());
  }
  function failed(error: unknown) {
    // A visit gone from the regular clean is a stale list, not a dead link.
    if (isApiError(error) && error.status === 404 && error.code !== "VISIT_NOT_IN_SERIES") {
      setLinkDead(true);
      return;
    }
    setFailure(isApiError(error) ? error : { ...NETWORK_ERROR });
    // The booking or the clock moved on since the page loaded (cut-off passed, status changed,
    // the regular clean ended by the office): show it as it is now.
    if (isApiError(error) && error.code && STALE_PAGE_CODES.has(error.code)) {
      setPanel(null);
      void queryClient.invalidateQueries({ queryKey: bookingQuery.queryKey });
    }
  }

  let body: ReactNode;
  if (expired) {
    body = (
      <div className="manage__expired">
        <p>{MANAGE_MESSAGES.linkInvalid} Links work until the job is over, and each e-mail we send has a fresh one.</p>
        <p>
          For help with a booking, please call us on <a href={telHref(profile.phone)}>{profile.phone}</a>.
        </p>
      </div>
    );
  } else if (!booking && loaded.isError) {
    body = (
      <>
        <ErrorAlert failure={isApiError(loaded.error) ? loaded.error : NETWORK_ERROR} />
        <p>
          <button type="button" className="button button--outline" onClick={() => void loaded.refetch()}>
            Try again
          </button>
        </p>
      </>
    );
  } else if (!booking) {
    body = <p role="status">{MANAGE_TEXT.loading}</p>;
  } else {
    body = (
      <>
        <BookingDetails booking={booking} />
        <InvoiceLink token={token} booking={booking} />
        {/* Issue 30: what is paid, and the balance by card (only while card payments are on). */}
        {booking.type === "BOOKING" && <PayBalance token={token} />}
        {failure && (
          <ErrorAlert failure={failure} message={failure.serverMessage ?? failure.text} onDismiss={() => setFailure(null)} />
        )}
        {/* Issue 30: a quote the office priced is accepted (with a time) or declined here. */}
        {booking.pricedQuote
          ? <PricedQuote token={token} booking={booking} quote={booking.pricedQuote} timeText={appointmentText} onDone={done} onFailed={failed} />
          : <WhatYouCanDo booking={booking} panel={panel} onOpen={open} />}
        {panel === "move" && booking.canChange && booking.reschedule && (
          <MoveBooking
            token={token}
            durationMinutes={booking.durationMinutes}
            range={booking.reschedule}
            onMoved={(next) => done(next, MANAGE_TEXT.moved(appointmentText(next)))}
            onFailed={failed}
            onClose={close}
          />
        )}
        {panel === "skip" && booking.canChange && booking.changeUntil && booking.series && (
          <SkipVisit
            token={token}
            freeUntil={momentText(booking.changeUntil)}
            frequencyName={booking.series.frequencyName}
            nextVisit={booking.series.nextVisits[0] ? momentText(booking.series.nextVisits[0]) : null}
            onDone={(next) => done(next, MANAGE_TEXT.skipped)}
            onFailed={failed}
            onClose={close}
          />
        )}
        {panel === "cancel-series" && booking.canChange && booking.changeUntil && booking.series && (
          <CancelSeries
            token={token}
            freeUntil={momentText(booking.changeUntil)}
            frequencyName={booking.series.frequencyName}
            onDone={(next) => done(next, MANAGE_TEXT.seriesCancelled)}
            onFailed={failed}
            onClose={close}
          />
        )}
        {panel === "cancel" && booking.canChange && booking.changeUntil && (
          <CancelBooking
            token={token}
            freeUntil={momentText(booking.changeUntil)}
            onCancelled={(next) => done(next, MANAGE_TEXT.cancelled)}
            onFailed={failed}
            onClose={close}
          />
        )}
        {otherVisits(booking).length > 0 && (
          <ComingVisits
            token={token}
            booking={booking}
            visits={otherVisits(booking)}
            open={typeof panel === "object" ? panel : null}
            onOpen={open}
            onSkipped={(next, visit) => done(next, MANAGE_TEXT.visitSkipped(visitWhen(visit)))}
            onMoved={(next, visit) => {
              const moved = next.series?.visits.find((v) => v.bookingId === visit.bookingId);
              done(next, moved ? MANAGE_TEXT.visitMoved(visitWhen(visit), appointmentText(moved)) : MANAGE_TEXT.moved(appointmentText(next)));
            }}
            onFailed={failed}
            onClose={close}
          />
        )}
      </>
    );
  }

  return (
    <section className="manage" aria-labelledby="manage-title">
      <h1 className="manage__title" id="manage-title">
        {expired ? MANAGE_TEXT.expired : booking?.type === "QUOTE" ? MANAGE_TEXT.quoteTitle : MANAGE_TEXT.title}
      </h1>
      {/* Always in the page, so a screen reader hears each change as it is written here. */}
      <p className="manage__announcement" role="status" aria-live="polite" tabIndex={-1} ref={announcementRef}>
        {announcement}
      </p>
      {body}
    </section>
  );
}

function BookingDetails({ booking }: { booking: ManagedBooking }) {
  const rows: [string, ReactNode][] = [
    ["Reference", <strong key="ref" className="manage__reference">{booking.reference}</strong>],
    ["Status", STATUS_TEXT[booking.status] ?? booking.status],
    ["Service", serviceText(booking)],
    [booking.type === "QUOTE" ? "Preferred time" : "When", appointmentText(booking)],
    ["Address", addressText(booking)],
  ];
  if (booking.extras.length > 0) {
    rows.push([
      "Extras",
      <ul key="extras" className="booking-review__extras">
        {booking.extras.map((extra) => (
          <li key={extra.title}>{extra.quantity > 1 ? `${extra.title} × ${extra.quantity}` : extra.title}</li>
        ))}
      </ul>,
    ]);
  }
  rows.push(["How often", booking.frequencyName]);
  if (booking.series) rows.push([MANAGE_TEXT.regularClean, seriesText(booking.series, otherVisits(booking).length > 0)]);
  // A priced quote's total is the office's, shown with its lines below (issue 30).
  if (!booking.pricedQuote) rows.push([booking.type === "QUOTE" ? "Estimated price" : "Price", formatAud(booking.firstServiceTotal)]);
  if (booking.frequencyCode !== DEFAULT_FREQUENCY_CODE) rows.push(["Each later service", formatAud(booking.recurringTotal)]);
  if (booking.status === "CANCELLED" && booking.cancelReason) rows.push(["Why it was cancelled", booking.cancelReason]);
  return (
    <dl className="booking-review manage__details">
      {rows.map(([term, value]) => (
        <div key={term} className="booking-review__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function WhatYouCanDo(
  { booking, panel, onOpen }: { booking: ManagedBooking; panel: Panel; onOpen: (panel: OpenPanel, opener: HTMLButtonElement) => void },
) {
  const phone = booking.policy.phone;
  const call = <a href={telHref(phone)}>Call {phone}</a>;
  const { series } = booking;
  if (booking.type === "QUOTE") {
    return <p className="manage__note">Nothing is booked yet for a quote request. To change it, please call us: {call}.</p>;
  }
  if (booking.status === "CANCELLED" && series) {
    return series.status === "ENDED"
      ? <p className="manage__note">This visit is cancelled, and your regular clean has ended. To book again, use our booking page or {call}.</p>
      : (
        <p className="manage__note">
          This visit is cancelled; your regular clean carries on.{" "}
          {otherVisits(booking).length > 0
            ? <>You can skip or move your other coming visits below, or {call}.</>
            : <>Each visit’s reminder e-mail has a link to change that visit, or {call}.</>}
        </p>
      );
  }
  if (booking.status === "CANCELLED") return <p className="manage__note">This booking is cancelled. To book again, use our booking page or {call}.</p>;
  if (booking.status === "DONE") return <p className="manage__note">This job is done. Thank you for booking with us.</p>;
  if (booking.status === "NEEDS_ATTENTION") {
    return <p className="manage__note">We’re finding a new time for this visit and will be in touch. To change it, please call us: {call}.</p>;
  }
  if (!booking.canChange) {
    return (
      <div className="booking-notice booking-notice--warning manage__cutoff">
        <p>{changeCutoffMessage(booking.policy)}</p>
        <p>{call}</p>
      </div>
    );
  }
  const button = (which: OwnPanel, label: string) => (
    <button
      key={which}
      type="button"
      className="button button--outline"
      aria-expanded={panel === which}
      onClick={(event) => onOpen(which, event.currentTarget)}
    >
      {label}
    </button>
  );
  if (series) {
    // A visit of a regular clean: skipping it is its cancel; the series may end from it on.
    const canEnd = series.status !== "ENDED";
    return (
      <div className="manage__actions">
        <p className="manage__note">
          {canEnd ? "You can move or skip this visit, or cancel all future visits," : "You can move or skip this visit"} free of charge
          until {momentText(booking.changeUntil!)}.
        </p>
        <div className="booking-actions">
          {button("move", MANAGE_TEXT.moveVisit)}
          {button("skip", MANAGE_TEXT.skip)}
          {canEnd && button("cancel-series", MANAGE_TEXT.cancelSeries)}
        </div>
      </div>
    );
  }
  return (
    <div className="manage__actions">
      <p className="manage__note">
        You can move or cancel this booking free of charge until {momentText(booking.changeUntil!)}.
      </p>
      <div className="booking-actions">
        {button("move", MANAGE_TEXT.move)}
        {button("cancel", MANAGE_TEXT.cancel)}
      </div>
    </div>
  );
}
