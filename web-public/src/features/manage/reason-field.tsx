/** The optional reason a customer may give the office when they cancel (a booking, or their regular clean). */
import { MANAGE_LIMITS } from "@yarra/core/booking/manage/policy.ts";

export const REASON_TEXT = {
  label: "Reason (optional)",
  hint: `Anything we should know, in up to ${MANAGE_LIMITS.reason} characters.`,
} as const;

interface ReasonFieldProps {
  /** The panel's useId(), so the field's ids are the panel's own. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's message for the field, if it refused the reason. */
  error: string | null;
}

export function ReasonField({ id, value, onChange, error }: ReasonFieldProps) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="booking-field">
      <label className="booking-field__label" htmlFor={`${id}-reason`}>{REASON_TEXT.label}</label>
      <textarea
        id={`${id}-reason`}
        className="booking-input booking-textarea"
        value={value}
        maxLength={MANAGE_LIMITS.reason}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="booking-field__hint" id={`${id}-hint`}>{REASON_TEXT.hint}</p>
      {error && <p className="booking-field__error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}
