/**
 * A quote the office priced (issue 30), on the customer's link: its lines, total, message and last
 * day, then "Accept and choose a time" (the manage calendar of free starts; the quote becomes a
 * booking at the quoted total) or "Decline" with a reason. The page's live region says what
 * happened; the answer is the link's new view.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatJobLength } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatYmdLong, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { useEffect, useId, useRef, useState } from "react";
import { telHref } from "../../lib/business-profile.ts";
import { slotTimeLabel } from "../booking/availability-calendar.ts";
import { fieldRefusal, type ManagedBooking, managedBookingQuery } from "./manage-api.ts";
import { acceptPricedQuote, bookableRangeQuery, declinePricedQuote } from "./priced-quote-api.ts";
import { type StartRange, StartTimePicker, useStartTimeChoice } from "./start-time-picker.tsx";
import "./priced-quote.css";

type Quote = NonNullable<ManagedBooking["pricedQuote"]>;

/**
 * Core's rule for a decline's reason (QUOTE_LIMITS.declineReason, QUOTE_MESSAGES.declineReason in
 * core/booking/quotes/priced-quote.ts; the test holds them equal), written here because that module
 * builds zod schemas, which this page leaves out of its code (as manage/policy.ts does).
 */
export const DECLINE_REASON = { max: 500, required: "Please tell us why, in a few words." } as const;

export const PRICED_QUOTE_TEXT = {
  title: "Your quote",
  message: "A note from us",
  validUntil: (ymd: string) => `This price stands until ${formatYmdLong(ymd)}.`,
  accept: "Accept and choose a time",
  decline: "Decline",
  acceptTitle: "Choose a time for your clean",
  legend: "Date and start time",
  confirm: "Accept and book",
  accepting: "Booking…",
  notNow: "Not now",
  rangeLoading: "Checking which days are free…",
  rangeFailed: "We couldn’t check which days are free just now.",
  taken: "That time was just taken. Please choose another.",
  expired: "This quote has expired. Please contact us for a new one.",
  declineTitle: "Decline this quote?",
  declineReason: "Why are you declining? (required)",
  declineHint: `A few words help us, in up to ${DECLINE_REASON.max} characters.`,
  declineConfirm: "Decline the quote",
  declining: "Declining…",
  keep: "Keep the quote",
  declined: "You declined this quote.",
  accepted: (when: string) => `Thank you — you accepted the quote. Your booking for ${when} is requested; we’ll confirm it shortly.`,
} as const;

const T = PRICED_QUOTE_TEXT;

type Panel = "accept" | "decline" | null;

interface PricedQuoteProps {
  token: string;
  booking: ManagedBooking;
  quote: Quote;
  /** The booking's time written out, as the page writes it. */
  timeText: (booking: ManagedBooking) => string;
  /** The answer: the page shows the new view and says `message` in its live region. */
  onDone: (next: ManagedBooking, message: string) => void;
  /** Any failure this panel does not explain itself: the page shows it. */
  onFailed: (error: unknown) => void;
}

export function PricedQuote({ token, booking, quote, timeText, onDone, onFailed }: PricedQuoteProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  /** The server said the quote ran out meanwhile (past its day in Melbourne). */
  const [expiredNow, setExpiredNow] = useState(false);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const expired = expiredNow || (quote.status === "SENT" && quote.validUntil !== null && melbourneYmd(new Date()) > quote.validUntil);
  const phone = booking.policy.phone;

  function open(which: Exclude<Panel, null>, opener: HTMLButtonElement) {
    openerRef.current = opener;
    setPanel(which);
  }
  function close() {
    setPanel(null);
    queueMicrotask(() => openerRef.current?.focus());
  }
  /** A refusal that means the view is old (answered elsewhere, or priced again): the page shows it as it is now. */
  function stale(error: unknown) {
    setPanel(null);
    onFailed(error);
    void queryClient.invalidateQueries({ queryKey: managedBookingQuery(token).queryKey });
  }
  function refused(error: unknown) {
    const code = isApiError(error) ? error.code : undefined;
    if (code === "QUOTE_EXPIRED") {
      setExpiredNow(true);
      setPanel(null);
    } else if (code === "QUOTE_ALREADY_DECIDED" || code === "QUOTE_NOT_PRICED") stale(error);
    else onFailed(error);
  }

  return (
    <section className="manage-quote" aria-labelledby={`${id}-title`}>
      <h2 className="manage-quote__title" id={`${id}-title`}>{T.title}</h2>
      <table className="manage-quote__lines">
        <caption className="visually-hidden">The price, line by line</caption>
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
              <td data-label="Description"><bdi>{line.description}</bdi></td>
              <td data-label="Qty">{line.quantity}</td>
              <td data-label="Unit price">{formatAud(line.unitPrice)}</td>
              <td data-label="Amount">{formatAud(line.amount)}</td>
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
        <div className="manage-quote__message">
          <h3 className="manage-quote__subtitle">{T.message}</h3>
          <p><bdi>{quote.message}</bdi></p>
        </div>
      )}
      {quote.validUntil && quote.status === "SENT" && !expired && <p className="manage__note">{T.validUntil(quote.validUntil)}</p>}

      {quote.status === "DECLINED" && (
        <p className="manage__note">
          {T.declined}
          {quote.declineReason.trim() && <> Your reason: “<bdi>{quote.declineReason}</bdi>”.</>}{" "}
          To ask for a new quote, please call us: <a href={telHref(phone)}>Call {phone}</a>.
        </p>
      )}
      {quote.status === "ACCEPTED" && <p className="manage__note">You accepted this quote.</p>}
      {quote.status === "SENT" && expired && (
        <div className="booking-notice booking-notice--warning manage__cutoff" role={expiredNow ? "alert" : undefined}>
          <p>{T.expired}</p>
          <p><a href={telHref(phone)}>Call {phone}</a></p>
        </div>
      )}
      {quote.status === "SENT" && !expired && (
        <div className="manage__actions">
          <div className="booking-actions">
            <button
              type="button"
              className="button button--primary"
              aria-expanded={panel === "accept"}
              onClick={(event) => open("accept", event.currentTarget)}
            >
              {T.accept}
            </button>
            <button
              type="button"
              className="button button--outline"
              aria-expanded={panel === "decline"}
              onClick={(event) => open("decline", event.currentTarget)}
            >
              {T.decline}
            </button>
          </div>
        </div>
      )}
      {panel === "accept" && !expired && (
        <AcceptQuote
          token={token}
          durationMinutes={booking.durationMinutes}
          moveRange={booking.reschedule}
          onAccepted={(next) => onDone(next, T.accepted(timeText(next)))}
          onRefused={refused}
          onClose={close}
        />
      )}
      {panel === "decline" && !expired && (
        <DeclineQuote token={token} onDeclined={(next) => onDone(next, T.declined)} onRefused={refused} onClose={close} />
      )}
    </section>
  );
}

interface AcceptQuoteProps {
  token: string;
  durationMinutes: number;
  /** The link's own range when its view names one; else the dates of a new booking. */
  moveRange: StartRange | null;
  onAccepted: (next: ManagedBooking) => void;
  onRefused: (error: unknown) => void;
  onClose: () => void;
}

function AcceptQuote({ token, durationMinutes, moveRange, onAccepted, onRefused, onClose }: AcceptQuoteProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bookable = useQuery({ ...bookableRangeQuery, enabled: moveRange === null });
  const range = moveRange ?? bookable.data ?? null;

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{T.acceptTitle}</h2>
      {range
        ? <AcceptAtTime token={token} range={range} durationMinutes={durationMinutes} onAccepted={onAccepted} onRefused={onRefused} onClose={onClose} />
        : (
          <>
            {bookable.isError
              ? (
                <div className="booking-schedule__failed" role="alert">
                  <p className="booking-field__hint">{T.rangeFailed}</p>
                  <button type="button" className="button button--ghost booking-button--secondary" onClick={() => void bookable.refetch()}>
                    Retry
                  </button>
                </div>
              )
              : <p role="status">{T.rangeLoading}</p>}
            <div className="booking-actions">
              <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose}>{T.notNow}</button>
            </div>
          </>
        )}
    </section>
  );
}

function AcceptAtTime(
  { token, range, durationMinutes, onAccepted, onRefused, onClose }: Omit<AcceptQuoteProps, "moveRange"> & { range: StartRange },
) {
  const id = useId();
  const choice = useStartTimeChoice(token, range);
  const [taken, setTaken] = useState(false);
  const accept = useMutation({
    mutationFn: (start: string) => acceptPricedQuote(token, start),
    onMutate: () => setTaken(false),
    onSuccess: onAccepted,
    onError: (error) => {
      if (fieldRefusal(error, "startTimeISO")) return;
      // Taken since the calendar was read: this day is asked about again, and the panel stays open.
      if (isApiError(error) && (error.code === "SLOT_UNAVAILABLE" || error.code === "CLEANER_BUSY")) {
        choice.timeTaken();
        setTaken(true);
        return;
      }
      onRefused(error);
    },
  });
  const fieldError = fieldRefusal(accept.error, "startTimeISO");
  const busy = accept.isPending;
  const { date, startTimeISO } = choice;
  return (
    <>
      <p className="booking-field__hint">
        This clean takes about {formatJobLength(durationMinutes)}. Pick a day, then a free start time (Melbourne time).
        The earliest date we can book is {formatYmdLong(range.earliestYmd)}.
      </p>
      <StartTimePicker
        choice={choice}
        legend={T.legend}
        errorId={`${id}-error`}
        error={fieldError}
        onChange={() => {
          accept.reset();
          setTaken(false);
        }}
      />
      {fieldError && <p className="booking-field__error" id={`${id}-error`} role="alert">{fieldError}</p>}
      {/* Always in the page, so the refusal is announced as it is written. */}
      <p className="booking-field__error manage-quote__taken" role="alert">{taken ? T.taken : ""}</p>
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {T.notNow}
        </button>
        <button type="button" className="button button--primary" onClick={() => accept.mutate(startTimeISO)} disabled={!startTimeISO || busy}>
          {busy ? T.accepting : startTimeISO ? `${T.confirm}: ${slotTimeLabel(startTimeISO)}, ${formatYmdLong(date)}` : T.confirm}
        </button>
      </div>
    </>
  );
}

interface DeclineQuoteProps {
  token: string;
  onDeclined: (next: ManagedBooking) => void;
  onRefused: (error: unknown) => void;
  onClose: () => void;
}

function DeclineQuote({ token, onDeclined, onRefused, onClose }: DeclineQuoteProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const decline = useMutation({
    mutationFn: (why: string) => declinePricedQuote(token, why),
    onSuccess: onDeclined,
    // A refused reason shows at its field; anything else, on the page.
    onError: (error) => {
      if (!fieldRefusal(error, "reason")) onRefused(error);
    },
  });
  const error = missing ? DECLINE_REASON.required : fieldRefusal(decline.error, "reason");
  const busy = decline.isPending;

  useEffect(() => headingRef.current?.focus(), []);

  function submit() {
    if (reason.trim() === "") {
      setMissing(true);
      reasonRef.current?.focus();
      return;
    }
    decline.mutate(reason.trim());
  }

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{T.declineTitle}</h2>
      <div className="booking-field">
        <label className="booking-field__label" htmlFor={`${id}-reason`}>{T.declineReason}</label>
        <textarea
          ref={reasonRef}
          id={`${id}-reason`}
          className="booking-input booking-textarea"
          value={reason}
          required
          maxLength={DECLINE_REASON.max}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        <p className="booking-field__hint" id={`${id}-hint`}>{T.declineHint}</p>
        {error && <p className="booking-field__error" id={`${id}-error`} role="alert">{error}</p>}
      </div>
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {T.keep}
        </button>
        <button type="button" className="button button--dark" onClick={submit} disabled={busy}>
          {busy ? T.declining : T.declineConfirm}
        </button>
      </div>
    </section>
  );
}
