import type { InputHTMLAttributes } from "react";
import { MONEY_MAX } from "@yarra/core/shared/money.ts";
import "./admin-parts.css";

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
};

/** An A$ amount, 0 to A$100,000 by default, in cents; the value stays text so staff can clear and retype it. */
export function MoneyInput({ value, onChange, className, min = 0, max = MONEY_MAX, step = "0.01", ...rest }: MoneyInputProps) {
  return (
    <span className="admin-money">
      <span className="admin-money__prefix" aria-hidden="true">A$</span>
      <input
        {...rest}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        className={`admin-input admin-money__input${className ? ` ${className}` : ""}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </span>
  );
}
