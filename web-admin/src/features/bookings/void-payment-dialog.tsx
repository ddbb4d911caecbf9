import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { VOID_REASON_MAX } from "@yarra/core/booking/payments/ledger.ts";
import { voidPaymentSchema } from "@yarra/core/booking/payments/schemas.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import "./payments-panel.css";

export const VOID_DIALOG_TEXT = {
  title: "Void this payment?",
  reason: "Reason",
  keep: "Keep payment",
  confirm: "Void payment",
  busy: "Voiding…",
} as const;

interface VoidPaymentDialogProps {
  /** e.g. 'Why is the payment of A$50.00 received Wed 25 Nov 2026, 12:00 pm void?' */
  question: string;
  /** The void is being sent: the buttons wait, and Esc does not close. */
  busy: boolean;
  /** Why the last try failed (a thrown value), shown above the buttons; null when none. */
  failure: unknown;
  onDismissFailure(): void;
  /** The reason passed core's check (the API's own), trimmed. */
  onConfirm(reason: string): void;
  /** Keep payment, Esc, or the dialog closed another way: nothing is sent. */
  onDismiss(): void;
}

/**
 * Why a payment is void (issue 34), asked the way Cancel booking asks (cancel-booking-dialog.tsx):
 * a native modal <dialog>, so focus moves into it and stays, Esc closes it and the page behind is
 * inert. The reason is checked with the API's schema. Mount it to ask; unmount it to close. It stays
 * open while the void is sent, so a refusal shows where the staff member is looking.
 */
export function VoidPaymentDialog({ question, busy, failure, onDismissFailure, onConfirm, onDismiss }: VoidPaymentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [reasonErrors, setReasonErrors] = useState<string[] | undefined>(undefined);
  const titleId = useId();
  const questionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Browsers focus the first field on showModal; say so, for those that do not.
    reasonInput.current?.focus();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = voidPaymentSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonErrors(checked.error.issues.map((issue) => issue.message));
      reasonInput.current?.focus();
      return;
    }
    setReasonErrors(undefined);
    onConfirm(checked.data.reason);
  }

  // The server's own word on the reason (a 422) shows under the field too.
  const errors = reasonErrors ?? (failure ? fieldErrorsOf(failure).reason : undefined);
  const shownFailure = failure ? asFailure(failure) : null;
  return (
    <dialog
      ref={dialog}
      className="void-dialog"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      aria-busy={busy}
      // Esc: the browser closes the dialog; the panel forgets it (not while the void is on its way).
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDismiss();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="void-dialog__title">{VOID_DIALOG_TEXT.title}</h2>
        <p id={questionId} className="void-dialog__question">{question}</p>
        <FormField label={VOID_DIALOG_TEXT.reason} errors={errors}>
          {(control) => (
            <textarea
              {...control}
              ref={reasonInput}
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
        {shownFailure && <ErrorAlert failure={shownFailure} message={shownFailure.serverMessage} onDismiss={onDismissFailure} />}
        <div className="void-dialog__actions">
          <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={onDismiss}>
            {VOID_DIALOG_TEXT.keep}
          </button>
          <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
            {busy ? VOID_DIALOG_TEXT.busy : VOID_DIALOG_TEXT.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
