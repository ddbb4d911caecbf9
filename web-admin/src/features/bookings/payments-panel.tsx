/**
 * The payment ledger on a booking (issue 15): the Confirm Payment form (amount, method, note) and,
 * in the details, what was paid so far, the balance and every payment, with a Void for superadmins
 * that asks its reason in a dialog (issue 34).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  balanceOf,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_NOTE_MAX,
  paymentAmountCents,
  type PaymentMethod,
} from "@yarra/core/booking/payments/ledger.ts";
import { formatAud, fromCents, toCents } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { readSession } from "../../lib/session.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyInput } from "../../ui/money-input.tsx";
import type { BookingDto } from "./bookings-api.ts";
import { bookingQuery } from "./bookings-queries.ts";
import { type PaymentDto, type PaymentEntry, type PaymentLedgerDto, paymentsQuery, voidPayment } from "./payments-api.ts";
import { VoidPaymentDialog } from "./void-payment-dialog.tsx";
import { RefundButton } from "./refund-dialog.tsx";
import { ReceiptButton } from "./invoice-actions.tsx";
import "./payments-panel.css";

/** The spec's default is the first service total; once part is paid, what is still owed. */
export function defaultPaymentAmount(booking: Pick<BookingDto, "firstServiceTotal" | "totalPaid">): number {
  const balance = balanceOf(booking);
  return balance > 0 ? balance : booking.firstServiceTotal;
}

/** The question asked before recording more than is owed (issue 15). */
export const overpaymentPrompt = (amount: number, balance: number) =>
  `${formatAud(amount)} is more than the balance of ${formatAud(balance)}. Record it anyway?`;

/** What the void dialog asks, under its title. */
export const voidReasonPrompt = (payment: Pick<PaymentDto, "amount" | "receivedAt">) =>
  `Why is the payment of ${formatAud(payment.amount)} received ${formatMelbourneDateTime(new Date(payment.receivedAt))} void?`;

/** What staff type, read with core's rule: 'A$1,250.50', '1250.5' and '1250.50' are the same amount. */
function readTypedAmount(text: string): number | null {
  const cents = paymentAmountCents(text.trim().replace(/^A?\$/i, "").replace(/,/g, ""));
  return cents === null ? null : fromCents(cents);
}

interface PaymentFormProps {
  booking: BookingDto;
  /** The card's write is in progress: the form waits with the card's other buttons. */
  busy: boolean;
  onSubmit: (entry: PaymentEntry) => void;
  onCancel: () => void;
}

/** Confirm Payment as a small form: the amount (the balance by default), how it was paid, a note. */
export function PaymentForm({ booking, busy, onSubmit, onCancel }: PaymentFormProps) {
  const [amountText, setAmountText] = useState(() => String(defaultPaymentAmount(booking)));
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [note, setNote] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = readTypedAmount(amountText);
    if (amount === null) {
      setAmountError(PAYMENT_MESSAGES.invalidAmount);
      return;
    }
    setAmountError(null);
    const balance = balanceOf(booking);
    if (toCents(amount) > toCents(balance) && !window.confirm(overpaymentPrompt(amount, balance))) return;
    onSubmit({ amount, method, note });
  }

  return (
    <form className="payment-form" aria-label="Confirm payment" noValidate onSubmit={submit}>
      <FormField label="Amount" errors={amountError ? [amountError] : undefined}>
        {(control) => (
          <MoneyInput {...control} value={amountText} onChange={setAmountText} disabled={busy} required />
        )}
      </FormField>
      <FormField label="Method">
        {(control) => (
          <select
            {...control}
            className="admin-input"
            value={method}
            disabled={busy}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => <option key={m} value={m}>{PAYMENT_METHOD_LABELS[m]}</option>)}
          </select>
        )}
      </FormField>
      <FormField label="Note (optional)" className="payment-form__note">
        {(control) => (
          <input
            {...control}
            className="admin-input"
            value={note}
            maxLength={PAYMENT_NOTE_MAX}
            disabled={busy}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
      <div className="payment-form__actions">
        <button type="submit" className="admin-button admin-button--primary booking-button" disabled={busy}>
          Record payment
        </button>
        <button type="button" className="admin-button booking-button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const when = (iso: string) => formatMelbourneDateTime(new Date(iso));
const who = (staff: PaymentDto["recordedBy"]) => staff.name || staff.email || "—";

interface PaymentRowProps {
  payment: PaymentDto;
  /** Superadmins only: the Void button that was pressed, to take the focus back to. */
  onVoid?: (button: HTMLButtonElement) => void;
  busy: boolean;
}

/** data-label: the column's name, shown beside each value once the rows stack in narrow room. */
function PaymentRow({ payment, onVoid, busy }: PaymentRowProps) {
  const voided = payment.voidedAt !== null;
  const struck = (text: string) => (voided ? <s>{text}</s> : text);
  return (
    <tr className={voided ? "payments-table__void" : undefined}>
      <td data-label="Received">{struck(when(payment.receivedAt))}</td>
      <td data-label="Amount">{struck(formatAud(payment.amount))}</td>
      <td data-label="Method">{struck(PAYMENT_METHOD_LABELS[payment.method])}</td>
      <td data-label="Note">
        {payment.note ? <bdi>{payment.note}</bdi> : null}
        {voided && (
          <p className="payments-table__reason">
            Voided by <bdi>{who(payment.voidedBy!)}</bdi> on {when(payment.voidedAt!)}: <bdi>{payment.voidReason}</bdi>
          </p>
        )}
      </td>
      <td data-label="Recorded by"><bdi>{who(payment.recordedBy)}</bdi></td>
      <td data-label="Receipt"><ReceiptButton bookingId={payment.bookingId} payment={payment} /></td>
      {onVoid !== undefined && (
        <td data-label="Actions">
          {/* Issue 30: a card payment taken online may be refunded through Stripe; a refund is never voided. */}
          <RefundButton payment={payment} />
          {!voided && payment.kind !== "REFUND" && (
            <button
              type="button"
              className="admin-button booking-button"
              disabled={busy}
              aria-label={`Void ${formatAud(payment.amount)} received ${when(payment.receivedAt)}`}
              onClick={(event) => onVoid(event.currentTarget)}
            >
              Void
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/** Paid so far, the balance and every payment of a booking; superadmins may void one. */
export function PaymentsPanel({ booking }: { booking: BookingDto }) {
  const queryClient = useQueryClient();
  // Quotes are never paid: no ledger to ask for.
  const ledger = useQuery({ ...paymentsQuery(booking._id), enabled: booking.type !== "QUOTE" });
  const isSuperadmin = readSession()?.user.role === "superadmin";
  /** The payment whose void reason the dialog is asking for. */
  const [asking, setAsking] = useState<PaymentDto | null>(null);
  /** The Void button that opened the dialog: it has the focus back once the dialog closes. */
  const opener = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const voiding = useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) => voidPayment(booking._id, paymentId, reason),
    onSuccess: (summary: PaymentLedgerDto) => {
      queryClient.setQueryData(paymentsQuery(booking._id).queryKey, summary);
      // The status may have gone back to UNPAID: the record and the lists reload.
      void queryClient.invalidateQueries({ queryKey: bookingQuery(booking._id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["bookings", "list"] });
    },
  });

  function onVoid(payment: PaymentDto, button: HTMLButtonElement) {
    opener.current = button;
    voiding.reset();
    setAsking(payment);
  }

  // Once the dialog has left the page (nothing behind it is inert any more), the focus goes back to
  // the Void button that opened it; after a void that button is gone, so to the panel's heading.
  useEffect(() => {
    const button = opener.current;
    if (asking !== null || button === null) return;
    opener.current = null;
    if (button.isConnected && !button.disabled) button.focus();
    else heading.current?.focus();
  }, [asking]);

  if (booking.type === "QUOTE") return null;
  const summary = ledger.data;
  return (
    <section className="payments-panel" aria-label="Payments" aria-busy={ledger.isFetching || voiding.isPending}>
      <h4 ref={heading} className="booking-details__heading" tabIndex={-1}>Payments</h4>
      {ledger.isPending && <p role="status">Loading payments…</p>}
      {ledger.isError && (
        <ErrorAlert failure={asFailure(ledger.error)} message={asFailure(ledger.error).serverMessage} onDismiss={() => void ledger.refetch()} />
      )}
      {summary && (
        <>
          <dl className="booking-details__list">
            <div className="booking-details__row">
              <dt>Paid so far</dt>
              <dd>{formatAud(summary.paidToDate)}</dd>
            </div>
            <div className="booking-details__row">
              <dt>Balance</dt>
              <dd>{summary.balance === null ? "—" : formatAud(summary.balance)}</dd>
            </div>
          </dl>
          {summary.items.length === 0 ? (
            <p className="booking-details__none">No payments recorded.</p>
          ) : (
            <div className="payments-table__room">
              <table className="booking-details__table payments-table">
                <thead>
                  <tr>
                    <th scope="col">Received</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Method</th>
                    <th scope="col">Note</th>
                    <th scope="col">Recorded by</th>
                    <th scope="col">Receipt</th>
                    {isSuperadmin && <th scope="col"><span className="admin-visually-hidden">Actions</span></th>}
                  </tr>
                </thead>
                <tbody>
                  {summary.items.map((payment) => (
                    <PaymentRow
                      key={payment._id}
                      payment={payment}
                      busy={voiding.isPending}
                      onVoid={isSuperadmin ? (button) => onVoid(payment, button) : undefined}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {asking && (
        <VoidPaymentDialog
          question={voidReasonPrompt(asking)}
          busy={voiding.isPending}
          failure={voiding.error}
          onDismissFailure={() => voiding.reset()}
          onDismiss={() => setAsking(null)}
          onConfirm={(reason) =>
            voiding.mutate({ paymentId: asking._id, reason }, { onSuccess: () => setAsking(null) })}
        />
      )}
    </section>
  );
}

/** For the card's own line: 'A$200.00 paid so far, A$75.00 to pay' while a booking is part paid. */
export const partPaidLine = (booking: Pick<BookingDto, "firstServiceTotal" | "totalPaid">) =>
  `${formatAud(booking.totalPaid ?? 0)} paid so far, ${formatAud(balanceOf(booking))} to pay`;
