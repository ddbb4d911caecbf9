import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { memo, useId, useState } from "react";
import type { SettableStatus } from "@yarra/core/booking/types.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { errorCodeOf } from "../../lib/error-code.ts";
import { readSession } from "../../lib/session.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { isolate } from "../../ui/bidi.ts";
import { asFailure } from "../../ui/failure.ts";
import { BookingDetails } from "./booking-details.tsx";
import { CancelBookingDialog } from "./cancel-booking-dialog.tsx";
import { type BookingDto, cleanerNamesQuery, setBookingStatus } from "./bookings-api.ts";
import { bookingQuery, settleBooking } from "./bookings-queries.ts";
import { setRead, useIsRead } from "./read-marks.ts";
import { confirmPaymentWith, type PaymentEntry, paymentsQuery } from "./payments-api.ts";
import { partPaidLine, PaymentForm } from "./payments-panel.tsx";

const STATUS_ACTIONS: { status: SettableStatus; label: string }[] = [
  { status: "CONFIRMED", label: "Confirm" },
  { status: "CANCELLED", label: "Cancel booking" },
  { status: "DONE", label: "Mark done" },
];

/**
 * The actions that ask first (issue 15): the customer loses the visit (asked in the cancel dialog,
 * which also takes a reason), or the job is closed.
 */
export const STATUS_PROMPTS: Partial<Record<SettableStatus, (name: string, when: string) => string>> = {
  CANCELLED: (name, when) => `Cancel the booking of ${name} on ${when}?`,
  DONE: (name, when) => `Mark the booking of ${name} on ${when} as done?`,
};

export const OVERRIDE_CAPACITY_LABEL = "Confirm anyway (override capacity)";

/** Issue 17: the mark of a visit of a regular clean, e.g. 'Regular · Weekly'. */
export const SERIES_MARK = (frequencyName: string) => `Regular · ${frequencyName}`;
// Issue 28: a one-off on a day since closed needs attention too, not only a visit of a regular clean.
export const NEEDS_ATTENTION_HINT =
  "This job holds no place (its time was full or its day is closed). Move it to a free time with Edit booking, or cancel it and tell the customer; a visit of a regular clean can also be skipped on its page.";

/** Who is on the job (team mode chose them, or the office did), and where to change it. */
export const CLEANERS_TEXT = { on: (names: string) => `Cleaner: ${names}`, someone: "a cleaner", change: "Change on the schedule" } as const;

/** The Needs attention actions: a new time (it then holds a place again), or cancel with the customer's e-mail. */
export const NEEDS_ATTENTION_ACTIONS = { move: "Move to a free time", cancel: "Cancel and tell the customer" } as const;

type Failure = { kind: "api"; error: Parameters<typeof ErrorAlert>[0]["failure"] } | { kind: "text"; text: string };

interface BookingCardProps {
  booking: BookingDto;
  /** On the booking's own page: the details show at once, and the name links nowhere. */
  standalone?: boolean;
  /** On the list (issue 34): the card's tick for the bulk actions. */
  selected?: boolean;
  onSelect?: (id: string, selected: boolean) => void;
}

/**
 * One booking or quote. Memoised: a write updates the cache, so only the changed card (or the one
 * whose read mark changed, held in its own subscription) re-renders.
 */
export const BookingCard = memo(function BookingCard({ booking, standalone = false, selected = false, onSelect }: BookingCardProps) {
  const isQuote = booking.type === "QUOTE";
  const isRead = useIsRead(booking._id);
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The status the server refused for a full slot, which a superadmin may force. */
  const [refusedForCapacity, setRefusedForCapacity] = useState<SettableStatus | null>(null);
  const [open, setOpen] = useState(standalone);
  /** The Cancel booking dialog is asking. */
  const [cancelling, setCancelling] = useState(false);
  /** The Confirm Payment form is open. */
  const [paying, setPaying] = useState(false);
  const details = useQuery({ ...bookingQuery(booking._id), enabled: open });
  const cleanerNames = useQuery({ ...cleanerNamesQuery, enabled: booking.cleanerIds.length > 0 });
  const write = useMutation({
    mutationFn: (action: () => Promise<BookingDto>) => action(),
    onMutate: () => {
      setFailure(null);
      setRefusedForCapacity(null);
    },
    onSuccess: (updated) => settleBooking(queryClient, updated),
    onError: (error) =>
      setFailure(isApiError(error) ? { kind: "api", error } : { kind: "text", text: "Something went wrong. Please try again." }),
  });
  const busy = write.isPending;
  const detailsLoading = open && details.isFetching;
  const detailsFailure = open && details.isError ? asFailure(details.error) : null;
  const detailsId = useId();
  const titleId = useId();
  const name = `${booking.firstName} ${booking.lastName}`.trim() || booking.email;
  const paid = booking.paymentStatus === "PAID";
  const isSuperadmin = readSession()?.user.role === "superadmin";

  const promptOf = (status: SettableStatus) =>
    STATUS_PROMPTS[status]?.(isolate(name), formatMelbourneDateTime(new Date(booking.startTime)));

  function onSetStatus(status: SettableStatus, overrideCapacity = false) {
    if (status === "CANCELLED") {
      setCancelling(true);
      return;
    }
    const prompt = overrideCapacity ? undefined : promptOf(status);
    if (prompt && !window.confirm(prompt)) return;
    sendStatus(status, { overrideCapacity });
  }

  function sendStatus(status: SettableStatus, options: { overrideCapacity?: boolean; reason?: string }) {
    write.mutate(() => setBookingStatus(booking._id, status, options), {
      onError: (error) => {
        if (errorCodeOf(error) === "SLOT_UNAVAILABLE") setRefusedForCapacity(status);
      },
    });
  }

  /** One ledger payment through the spec's call; the ledger in the details reloads. */
  function onRecordPayment(entry: PaymentEntry) {
    write.mutate(() => confirmPaymentWith(booking._id, entry), {
      onSuccess: () => {
        setPaying(false);
        void queryClient.invalidateQueries({ queryKey: paymentsQuery(booking._id).queryKey });
      },
    });
  }

  const classes = ["booking-card", isRead ? "is-read" : "is-unread", isQuote ? "is-quote" : ""].filter(Boolean).join(" ");
  return (
    <article className={classes} aria-labelledby={titleId} aria-busy={busy || detailsLoading}>
      <header className="booking-card__head">
        <div className="booking-card__name">
          {onSelect && (
            <input
              type="checkbox"
              className="booking-card__select"
              aria-label={`Select ${booking.reference}`}
              checked={selected}
              onChange={(event) => onSelect(booking._id, event.target.checked)}
            />
          )}
          {!isRead && <span className="booking-card__dot" aria-label="Unread" role="img" />}
          <h3 id={titleId} className="booking-card__title">
            {/* Customer text is isolated (<bdi>): a right-to-left override in a name reverses only the name. */}
            {standalone ? <bdi>{name}</bdi> : (
              <Link to="/bookings/$bookingId" params={{ bookingId: booking._id }}><bdi>{name}</bdi></Link>
            )}
          </h3>
        </div>
        <div className="booking-card__chips">
          {isQuote ? (
            <span className="admin-chip booking-chip booking-chip--quote">Quote</span>
          ) : (
            <span className={`admin-chip booking-chip booking-chip--${booking.status.toLowerCase()}`}>{booking.status}</span>
          )}
          {!isQuote && (
            <span className={`admin-chip booking-chip booking-chip--${booking.paymentStatus.toLowerCase()}`}>{booking.paymentStatus}</span>
          )}
          {/* Issue 17: a visit of a regular clean links to its series. */}
          {booking.seriesId && (
            <Link to="/series/$seriesId" params={{ seriesId: booking.seriesId }} className="admin-chip booking-chip booking-chip--series">
              {SERIES_MARK(booking.frequencyNameAtBooking || booking.frequencyCode)}
            </Link>
          )}
        </div>
      </header>
      <p className="booking-card__meta">
        <span className="booking-card__reference">{booking.reference}</span>
        <span>{booking.serviceNameAtBooking}</span>
        <span>{formatMelbourneDateTime(new Date(booking.startTime))}</span>
        <span>{formatAud(booking.firstServiceTotal)}</span>
        {booking.address?.suburb && <span><bdi>{booking.address.suburb}</bdi></span>}
        {!isQuote && booking.cleanerIds.length > 0 && (
          <span>
            {CLEANERS_TEXT.on(booking.cleanerIds.map((id) => cleanerNames.data?.get(id) ?? CLEANERS_TEXT.someone).join(", "))}{" "}
            <Link to="/schedule" search={{ date: melbourneYmd(new Date(booking.startTime)) }}>{CLEANERS_TEXT.change}</Link>
          </span>
        )}
      </p>
      {booking.status === "NEEDS_ATTENTION" && (
        <div className="booking-card__attention">
          <p>{NEEDS_ATTENTION_HINT}</p>
          {/* Issue 28: the two ways out of Needs attention, on the job itself. */}
          <div className="booking-card__attention-actions">
            <Link to="/bookings/$bookingId/edit" params={{ bookingId: booking._id }} className="admin-button admin-button--primary booking-button">
              {NEEDS_ATTENTION_ACTIONS.move}
            </Link>
            <button type="button" className="admin-button booking-button" disabled={busy} onClick={() => onSetStatus("CANCELLED")}>
              {NEEDS_ATTENTION_ACTIONS.cancel}
            </button>
          </div>
        </div>
      )}
      {paid && booking.totalPaid !== null && (
        <p className="booking-card__paid">
          Paid {formatAud(booking.totalPaid)}{booking.paidAt ? ` on ${formatMelbourneDateTime(new Date(booking.paidAt))}` : ""}
        </p>
      )}
      {!paid && !isQuote && booking.totalPaid !== null && <p className="booking-card__paid">{partPaidLine(booking)}</p>}

      <div className="booking-card__actions">
        <button
          type="button"
          className="admin-button booking-button"
          aria-expanded={open}
          aria-controls={detailsId}
          disabled={busy}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? "Hide details" : "View details"}
        </button>
        <button type="button" className="admin-button booking-button" disabled={busy} onClick={() => setRead(booking._id, !isRead)}>
          {isRead ? "Mark unread" : "Mark read"}
        </button>
        {/* Issue 16: the office changes a booking or quote, and turns a quote into a booking. */}
        {booking.status !== "CANCELLED" && (
          <Link to="/bookings/$bookingId/edit" params={{ bookingId: booking._id }} className="admin-button booking-button">
            {isQuote ? "Edit quote" : "Edit booking"}
          </Link>
        )}
        {isQuote && (
          <Link to="/bookings/$bookingId/edit" params={{ bookingId: booking._id }} hash="convert" className="admin-button booking-button">
            Convert to booking
          </Link>
        )}
        {!isQuote && (
          <>
            {STATUS_ACTIONS.map((action) => (
              <button
                key={action.status}
                type="button"
                className="admin-button booking-button"
                disabled={busy || booking.status === action.status}
                onClick={() => onSetStatus(action.status)}
              >
                {action.label}
              </button>
            ))}
            <button
              type="button"
              className="admin-button admin-button--primary booking-button"
              disabled={busy || paid}
              aria-expanded={paying && !paid}
              onClick={() => setPaying((shown) => !shown)}
            >
              Confirm Payment
            </button>
          </>
        )}
      </div>
      {paying && !paid && !isQuote && (
        <PaymentForm booking={booking} busy={busy} onSubmit={onRecordPayment} onCancel={() => setPaying(false)} />
      )}

      {failure && (
        failure.kind === "api"
          ? <ErrorAlert failure={failure.error} message={failure.error.serverMessage} onDismiss={() => setFailure(null)} />
          : <p className="admin-alert" role="alert">{failure.text}</p>
      )}
      {cancelling && (
        <CancelBookingDialog
          question={promptOf("CANCELLED") ?? ""}
          onDismiss={() => setCancelling(false)}
          onConfirm={(reason) => {
            setCancelling(false);
            sendStatus("CANCELLED", { reason });
          }}
        />
      )}
      {failure && refusedForCapacity && isSuperadmin && (
        <div className="booking-card__actions">
          <button
            type="button"
            className="admin-button booking-button"
            disabled={busy}
            onClick={() => onSetStatus(refusedForCapacity, true)}
          >
            {OVERRIDE_CAPACITY_LABEL}
          </button>
        </div>
      )}

      <div id={detailsId} hidden={!open} className="booking-card__details">
        {detailsLoading && <p role="status">Loading details…</p>}
        {detailsFailure && (
          <ErrorAlert failure={detailsFailure} message={detailsFailure.serverMessage} onDismiss={() => setOpen(false)} />
        )}
        {open && !detailsLoading && details.data && <BookingDetails booking={details.data} />}
      </div>
    </article>
  );
});
