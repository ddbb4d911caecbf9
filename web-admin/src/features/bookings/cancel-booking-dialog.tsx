import { useState } from "react";
import { CANCEL_REASON_MAX } from "@yarra/core/booking/staff/list-schemas.ts";
import { FormField } from "../../ui/form-field.tsx";
import { ModalForm } from "../../ui/modal-form.tsx";
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
 * The confirmation "Cancel booking" asks for (issue 15), with an optional reason, in the staff
 * area's modal form (ui/modal-form.tsx). Mount it to ask; unmount it to close.
 */
export function CancelBookingDialog({ question, onConfirm, onDismiss }: CancelBookingDialogProps) {
  const [reason, setReason] = useState("");
  return (
    <ModalForm
      block="cancel-dialog"
      title={CANCEL_DIALOG_TEXT.title}
      question={question}
      keep={CANCEL_DIALOG_TEXT.keep}
      confirm={CANCEL_DIALOG_TEXT.confirm}
      onSubmit={() => onConfirm(reason.trim())}
      onDismiss={onDismiss}
    >
      <FormField label={CANCEL_DIALOG_TEXT.reason} hint={CANCEL_DIALOG_TEXT.reasonHint}>
        {(control) => (
          <textarea
            {...control}
            name="reason"
            className="admin-input"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </ModalForm>
  );
}
