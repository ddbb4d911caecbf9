import { type ReactNode, useId } from "react";
import "./admin-parts.css";

/** What a field's control needs to be tied to its label, hint and errors. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Messages for this field; shown under it and tied to the control with aria-describedby. */
  errors?: readonly string[];
  hint?: ReactNode;
  /** Keeps the label for screen readers only, e.g. in repeated rows under visible column labels. */
  labelHidden?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with its hint and error messages wired up for screen readers. */
export function FormField({ label, errors, hint, labelHidden, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasErrors = (errors?.length ?? 0) > 0;
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`admin-field${className ? ` ${className}` : ""}`}>
      <label className={labelHidden ? "admin-visually-hidden" : "admin-field__label"} htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": hasErrors || undefined, "aria-describedby": describedBy })}
      {hint && <p id={hintId} className="admin-field__hint">{hint}</p>}
      {hasErrors && (
        <p id={errorId} className="admin-field__error">{errors!.join(" ")}</p>
      )}
    </div>
  );
}
