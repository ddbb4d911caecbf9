/**
 * Refund a card payment taken online (issue 30): superadmins only, through Stripe. The button shows
 * on a card payment that carries Stripe's payment_intent and still has something to give back; the
 * dialog asks how much (all that is left by default) and why, as the Void dialog asks its reason.
 * The answer is the ledger with the refund as a negative entry, so paid so far and the balance follow.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { paymentAmountCents, VOID_REASON_MAX } from "@yarra/core/booking/payments/ledger.ts";
import { formatAud, fromCents, toCents } from "@yarra/core/shared/money.ts";
import { api } from "../../lib/api.ts";
import { readSession } from "../../lib/session.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { ModalForm } from "../../ui/modal-form.tsx";
import { MoneyInput } from "../../ui/money-input.tsx";
import { bookingQuery } from "./bookings-queries.ts";
import { type PaymentDto, type PaymentLedgerDto, paymentsQuery } from "./payments-api.ts";
import "./payments-panel.css";

export const REFUND_TEXT = {
  button: "Refund",
  title: "Refund this card payment?",
  amount: "Amount to refund",
  reason: "Reason",
  keep: "Keep payment",
  confirm: "Refund through Stripe",
  busy: "Refunding…",
  reasonRequired: "A reason is required to refund a payment.",
  badAmount: "Invalid amount.",
  tooMuch: (most: number) => `You can refund at most ${formatAud(most)} of this payment.`,
  question: (left: number) => `Stripe gives the money back to the customer’s card. Up to ${formatAud(left)} can be refunded.`,
} as const;

/** The cents of a card payment still refundable online: its amount less its live refunds; 0 when it is none. */
export function refundableCents(payment: PaymentDto, items: readonly PaymentDto[]): number {
  const online = payment.method === "CARD" && payment.kind !== "REFUND" && payment.voidedAt === null &&
    Boolean(payment.stripe?.paymentIntentId);
  if (!online) return 0;
  const refunded = items.filter((p) => p.refundOf === payment._id && p.voidedAt === null)
    .reduce((sum, p) => sum - toCents(p.amount), 0);
  return Math.max(0, toCents(payment.amount) - refunded);
}

const refundPath = (bookingId: string, paymentId: string) =>
  `/api/admin/bookings/${encodeURIComponent(bookingId)}/payments/${encodeURIComponent(paymentId)}/refund`;

/** The Refund button of a ledger row, and its dialog; nothing for other rows or for admins. */
export function RefundButton({ payment }: { payment: PaymentDto }) {
  const queryClient = useQueryClient();
  // The ledger the row came from (already loaded): what earlier refunds gave back.
  const ledger = useQuery(paymentsQuery(payment.bookingId));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const refunding = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => api.post<PaymentLedgerDto>(refundPath(payment.bookingId, payment._id), body),
    onSuccess: (summary) => {
      queryClient.setQueryData(paymentsQuery(payment.bookingId).queryKey, summary);
      void queryClient.invalidateQueries({ queryKey: bookingQuery(payment.bookingId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["bookings", "list"] });
      setOpen(false);
    },
  });
  const left = refundableCents(payment, ledger.data?.items ?? []);
  if (readSession()?.user.role !== "superadmin" || left === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="admin-button booking-button"
        aria-label={`Refund ${formatAud(payment.amount)} paid by card`}
        onClick={() => {
          refunding.reset();
          setOpen(true);
        }}
      >
        {REFUND_TEXT.button}
      </button>
      {open && (
        <RefundDialog
          leftCents={left}
          busy={refunding.isPending}
          failure={refunding.error}
          onDismissFailure={() => refunding.reset()}
          onConfirm={(body) => refunding.mutate(body)}
          onDismiss={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

interface RefundDialogProps {
  leftCents: number;
  busy: boolean;
  failure: unknown;
  onDismissFailure(): void;
  onConfirm(body: { amount: number; reason: string }): void;
  onDismiss(): void;
}

/** Asked in the staff area's modal form (ui/modal-form.tsx), as the Void dialog asks. */
function RefundDialog({ leftCents, busy, failure, onDismissFailure, onConfirm, onDismiss }: RefundDialogProps) {
  const [amountText, setAmountText] = useState(() => fromCents(leftCents).toFixed(2));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string[]; reason?: string[] }>({});

  function submit() {
    const cents = paymentAmountCents(amountText.replace(/[A$,\s]/g, ""));
    const found: { amount?: string[]; reason?: string[] } = {};
    if (cents === null) found.amount = [REFUND_TEXT.badAmount];
    else if (cents > leftCents) found.amount = [REFUND_TEXT.tooMuch(fromCents(leftCents))];
    if (reason.trim() === "") found.reason = [REFUND_TEXT.reasonRequired];
    setErrors(found);
    if (found.amount || found.reason) return;
    onConfirm({ amount: fromCents(cents!), reason: reason.trim() });
  }

  const server = failure ? fieldErrorsOf(failure) : {};
  return (
    <ModalForm
      block="void-dialog"
      title={REFUND_TEXT.title}
      question={REFUND_TEXT.question(fromCents(leftCents))}
      keep={REFUND_TEXT.keep}
      confirm={REFUND_TEXT.confirm}
      confirming={REFUND_TEXT.busy}
      busy={busy}
      // A refusal about a field shows under it, not again above the buttons.
      failure={failure && !server.amount && !server.reason ? asFailure(failure) : null}
      onDismissFailure={onDismissFailure}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormField label={REFUND_TEXT.amount} errors={errors.amount ?? server.amount}>
        {(control) => (
          <MoneyInput {...control} value={amountText} onChange={setAmountText} disabled={busy} required />
        )}
      </FormField>
      <FormField label={REFUND_TEXT.reason} errors={errors.reason ?? server.reason}>
        {(control) => (
          <textarea
            {...control}
            name="reason"
            className="admin-input"
            rows={3}
            required
            maxLength={VOID_REASON_MAX}
            readOnly={busy}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </ModalForm>
  );
}
