/** "Cancel booking": asks for confirmation, with an optional reason for the office. */
import { isApiError } from "@yarra/api/client/http.ts";
import { MANAGE_LIMITS } from "@yarra/core/booking/manage-policy.ts";
import { useEffect, useId, useRef, useState } from "react";
import { cancelManagedBooking, type ManagedBooking } from "./manage-api.ts";

export const CANCEL_TEXT = {
  title: "Cancel this booking?",
  reason: "Reason (optional)",
  reasonHint: `Anything we should know, in up to ${MANAGE_LIMITS.reason} characters.`,
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

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{CANCEL_TEXT.title}</h2>
      <p>Cancelling is free until {freeUntil}. We’ll e-mail you a confirmation, and the visit leaves your calendar.</p>
      <div className="booking-field">
        <label className="booking-field__label" htmlFor={`${id}-reason`}>{CANCEL_TEXT.reason}</label>
        <textarea
          id={`${id}-reason`}
          className="booking-input booking-textarea"
          value={reason}
          maxLength={MANAGE_LIMITS.reason}
          aria-describedby={describedBy}
          aria-invalid={fieldError ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="booking-field__hint" id={`${id}-hint`}>{CANCEL_TEXT.reasonHint}</p>
        {fieldError && <p className="booking-field__error" id={`${id}-error`} role="alert">{fieldError}</p>}
      </div>
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
