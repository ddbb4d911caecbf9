import { useRef, useState } from "react";
import { VOID_REASON_MAX } from "@yarra/core/booking/payments/ledger.ts";
import { voidPaymentSchema } from "@yarra/core/booking/payments/schemas.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { ModalForm } from "../../ui/modal-form.tsx";
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
 * Why a payment is void (issue 34), asked in the modal form Cancel booking uses (ui/modal-form.tsx).
 * The reason is checked with the API's schema. Mount it to ask; unmount it to close. It stays open
 * while the void is sent, so a refusal shows where the staff member is looking.
 */
export function VoidPaymentDialog({ question, busy, failure, onDismissFailure, onConfirm, onDismiss }: VoidPaymentDialogProps) {
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [reasonErrors, setReasonErrors] = useState<string[] | undefined>(undefined);

  function submit() {
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
  return (
    <ModalForm
      block="void-dialog"
      title={VOID_DIALOG_TEXT.title}
      question={question}
      keep={VOID_DIALOG_TEXT.keep}
      confirm={VOID_DIALOG_TEXT.confirm}
      confirming={VOID_DIALOG_TEXT.busy}
      busy={busy}
      failure={failure ? asFailure(failure) : null}
      onDismissFailure={onDismissFailure}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
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
    </ModalForm>
  );
}
