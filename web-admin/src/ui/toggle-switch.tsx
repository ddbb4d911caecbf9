import { useId } from "react";
import "./admin-parts.css";

interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off filter ('Show deleted'): a real checkbox with the switch role, labelled by its text. */
export function ToggleSwitch({ label, checked, onChange, disabled }: ToggleSwitchProps) {
  const id = useId();
  return (
    <label className="admin-toggle" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="admin-toggle__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="admin-toggle__track" aria-hidden="true" />
      <span className="admin-toggle__label">{label}</span>
    </label>
  );
}
