import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

/** The messages under a control; its id goes in the control's aria-describedby. */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p className="booking-field__error" id={id}>
      {messages.join(" ")}
    </p>
  );
}

/** aria wiring of a control with optional hint and errors. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

interface FieldShellProps {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and errors, tied together for assistive technology. */
export function Field({ label, errors, hint, required, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <div className={`booking-field ${invalid ? "booking-field--invalid" : ""} ${className ?? ""}`}>
      <label className="booking-field__label" htmlFor={id}>
        {label}
        {required && <span className="booking-field__required" aria-hidden="true"> *</span>}
      </label>
      {children({ id, describedBy: describedBy(hint !== undefined && hintId, invalid && errorId), invalid })}
      {hint !== undefined && <p className="booking-field__hint" id={hintId}>{hint}</p>}
      <FieldError id={errorId} messages={errors} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
  className?: string;
};

export function TextField({ label, value, onValue, errors, hint, required, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} errors={errors} hint={hint} required={required} className={className}>
      {({ id, describedBy: described, invalid }) => (
        <input
          {...input}
          id={id}
          className="booking-input"
          value={value}
          required={required}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function SelectField(
  { label, value, onValue, errors, hint, required, className, children, ...select }: SelectFieldProps,
) {
  return (
    <Field label={label} errors={errors} hint={hint} required={required} className={className}>
      {({ id, describedBy: described, invalid }) => (
        <select
          {...select}
          id={id}
          className="booking-input booking-select"
          value={value}
          required={required}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(event) => onValue(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
