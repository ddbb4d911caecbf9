import type { ReactNode, TextareaHTMLAttributes } from "react";
import { Field } from "./field.tsx";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value"> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  errors?: string[];
};

export function TextAreaField({ label, value, onValue, errors, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...textarea}
          id={id}
          className="booking-input booking-textarea"
          rows={4}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}
