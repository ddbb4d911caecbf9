import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CANCEL_REASON_MAX } from "@yarra/core/booking/staff/list-schemas.ts";
import { FormField } from "../../ui/form-field.tsx";
import "./cancel-booking-dialog.css";

export const CANCEL_DIALOG_TEXT = {
  title: "Cancel this booking?",
  reason: "Reason (optional)",
  reasonHint: "The customer sees it in their cancellation e-mail, and it shows in the booking's details.",
  keep: "Keep booking",
  confirm: "Cancel booking",
} as const;

interface CancelBookingDialogProps {
  /** e.g. 'Cancel the booking of Olivia Nguyen on Sat 28 Nov 2026, 9:00 am?' */
  question: string;
  /** The staff member said yes; `reason` is trimmed, '' when none was given. */
  onConfirm(reason: string): void;
  /** Keep booking, Esc, or the dialog closed another way: nothing is sent. */
  onDismiss(): void;
}

/**
 * The confirmation "Cancel booking" asks for (issue 15), with an optional reason. A native modal
 * <dialog>: focus moves into it and stays there, Esc closes it, and the page behind is inert.
 * Mount it to ask; unmount it to close.
 */
export function CancelBookingDialog({ question, onConfirm, onDismiss }: CancelBookingDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
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
    onConfirm(reason.trim());
  }

  return (
    <dialog
      ref={dialog}
      className="cancel-dialog"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      // Esc: the browser closes the dialog; the card forgets it.
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="cancel-dialog__title">{CANCEL_DIALOG_TEXT.title}</h2>
        <p id={questionId} className="cancel-dialog__question">{question}</p>
        <FormField label={CANCEL_DIALOG_TEXT.reason} hint={CANCEL_DIALOG_TEXT.reasonHint}>
          {(control) => (
            <textarea
              {...control}
              ref={reasonInput}
              name="reason"
              className="admin-input"
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <div className="cancel-dialog__actions">
          <button type="button" className="admin-button admin-button--secondary" onClick={onDismiss}>
            {CANCEL_DIALOG_TEXT.keep}
          </button>
          <button type="submit" className="admin-button admin-button--danger">{CANCEL_DIALOG_TEXT.confirm}</button>
        </div>
      </form>
    </dialog>
  );
}
