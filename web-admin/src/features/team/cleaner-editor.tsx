import { type FormEvent, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import {
  checkCleanerForm,
  CLEANER_LIMITS,
  type CleanerFieldErrors,
  type CleanerFormValues,
} from "./cleaner-form.ts";

/** What a new cleaner's colour field offers before one is chosen. */
export const AUTOMATIC_COLOUR_TEXT = "A colour no active cleaner has is chosen for you.";
const FIRST_CHOICE = "#1f7a6d";
import type { CleanerBody } from "./cleaners-api.ts";

interface CleanerEditorProps {
  initial: CleanerFormValues;
  submitLabel: string;
  busyLabel: string;
  failureText: string;
  /** Throws the server's failure; the form shows its message and field errors. */
  onSubmit: (body: CleanerBody) => Promise<void>;
  onCancel?: () => void;
  /** The add form starts over after a save; an edit form is closed by its row. */
  resetAfterSave?: boolean;
}

/** Add and edit form of a cleaner: name, phone, e-mail and the colour the schedule shows them in. */
export function CleanerEditor({ initial, submitLabel, busyLabel, failureText, onSubmit, onCancel, resetAfterSave }: CleanerEditorProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CleanerFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: keyof CleanerFormValues, value: string | null) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const checked = checkCleanerForm(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setWorking(true);
    try {
      await onSubmit(checked.body);
      if (resetAfterSave) setValues(initial);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(serverMessageOr(error, failureText));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form ref={formRef} className="team-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <FormField label="Name" errors={errors.name}>
          {(control) => (
            <input {...control} className="admin-input" value={values.name} maxLength={CLEANER_LIMITS.name} required
              autoComplete="off" onChange={(event) => set("name", event.target.value)} />
          )}
        </FormField>
        <FormField label="Phone" errors={errors.phone} hint="Optional. An Australian number.">
          {(control) => (
            <input {...control} className="admin-input" type="tel" inputMode="tel" value={values.phone}
              maxLength={CLEANER_LIMITS.phoneRaw} autoComplete="off" onChange={(event) => set("phone", event.target.value)} />
          )}
        </FormField>
        <FormField label="Email" errors={errors.email} hint="Optional.">
          {(control) => (
            <input {...control} className="admin-input" type="email" value={values.email} maxLength={CLEANER_LIMITS.email}
              autoComplete="off" spellCheck={false} onChange={(event) => set("email", event.target.value)} />
          )}
        </FormField>
        {values.colour === null ? (
          <div className="admin-field">
            <span className="admin-field__label">Colour</span>
            <p className="admin-field__hint">{AUTOMATIC_COLOUR_TEXT}</p>
            <button type="button" className="admin-button admin-button--secondary admin-button--small team-form__choose"
              onClick={() => set("colour", FIRST_CHOICE)}>
              Choose a colour
            </button>
          </div>
        ) : (
          <FormField label="Colour" errors={errors.colour} hint="How their jobs show on the schedule.">
            {(control) => (
              <input {...control} className="admin-input team-form__colour" type="color" value={values.colour ?? FIRST_CHOICE}
                onChange={(event) => set("colour", event.target.value)} />
            )}
          </FormField>
        )}
      </div>
      {failure && <p className="admin-alert team-form__failure" role="alert">{failure}</p>}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="admin-button admin-button--secondary" onClick={onCancel} disabled={working}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
