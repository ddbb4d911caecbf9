/** "Cancel booking": asks for confirmation, with an optional reason for the office. */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { cancelManagedBooking, fieldRefusal, type ManagedBooking } from "./manage-api.ts";
import { REASON_TEXT, ReasonField } from "./reason-field.tsx";

export const CANCEL_TEXT = {
  title: "Cancel this booking?",
  reason: REASON_TEXT.label,
  reasonHint: REASON_TEXT.hint,
  confirm: "Yes, cancel my booking",
  keep: "Keep my booking",
  cancelling: "Cancelling…",
} as const;

interface CancelBookingProps {
  token: string;
  /** When free changes end, already written out. */
  freeUntil: string;
  onCancelled: (booking: ManagedBooking) => void;
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

export function CancelBooking({ token, freeUntil, onCancelled, onFailed, onClose }: CancelBookingProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState("");
  const cancel = useMutation({
    mutationFn: (why: string) => cancelManagedBooking(token, why),
    onSuccess: onCancelled,
    // A refused reason shows at its field; anything else, on the page.
    onError: (error) => {
      if (!fieldRefusal(error, "reason")) onFailed(error);
    },
  });
  const fieldError = fieldRefusal(cancel.error, "reason");
  const busy = cancel.isPending;

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{CANCEL_TEXT.title}</h2>
      <p>Cancelling is free until {freeUntil}. We’ll e-mail you a confirmation, and the visit leaves your calendar.</p>
      <ReasonField id={id} value={reason} onChange={setReason} error={fieldError} />
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {CANCEL_TEXT.keep}
        </button>
        <button type="button" className="button button--dark" onClick={() => cancel.mutate(reason)} disabled={busy}>
          {busy ? CANCEL_TEXT.cancelling : CANCEL_TEXT.confirm}
        </button>
      </div>
    </section>
  );
}
