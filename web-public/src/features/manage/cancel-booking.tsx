/** "Cancel booking": asks for confirmation, with an optional reason for the office. */
import { isApiError } from "@yarra/api/client/http.ts";
import { useEffect, useId, useRef, useState } from "react";
import { cancelManagedBooking, type ManagedBooking } from "./manage-api.ts";
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
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  async function confirm() {
    setBusy(true);
    setFieldError(null);
    try {
      onCancelled(await cancelManagedBooking(token, reason));
    } catch (error) {
      const message = isApiError(error) ? error.fieldErrors?.reason?.[0] : undefined;
      if (message) setFieldError(message);
      else onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{CANCEL_TEXT.title}</h2>
      <p>Cancelling is free until {freeUntil}. We’ll e-mail you a confirmation, and the visit leaves your calendar.</p>
      <ReasonField id={id} value={reason} onChange={setReason} error={fieldError} />
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {CANCEL_TEXT.keep}
        </button>
        <button type="button" className="button button--dark" onClick={confirm} disabled={busy}>
          {busy ? CANCEL_TEXT.cancelling : CANCEL_TEXT.confirm}
        </button>
      </div>
    </section>
  );
}
