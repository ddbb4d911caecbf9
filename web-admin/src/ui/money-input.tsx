import type { InputHTMLAttributes } from "react";
import "./admin-parts.css";

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
};

/** An A$ amount, 0 or more by default, in cents; the value stays text so staff can clear and retype it. */
export function MoneyInput({ value, onChange, className, min = 0, step = "0.01", ...rest }: MoneyInputProps) {
  return (
    <span className="admin-money">
      <span className="admin-money__prefix" aria-hidden="true">A$</span>
      <input
        {...rest}
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        className={`admin-input admin-money__input${className ? ` ${className}` : ""}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </span>
  );
}
