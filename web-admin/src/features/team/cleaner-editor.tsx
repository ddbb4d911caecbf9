import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { useStaffForm } from "../../lib/use-staff-form.ts";
import { FormField } from "../../ui/form-field.tsx";
import { CLEANER_LIMITS, cleanerResolver, type CleanerFormValues } from "./cleaner-form.ts";

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
  const { form, values, errorsOf, failure, working, formRef, submit, setField } = useStaffForm({
    defaultValues: initial,
    resolver: cleanerResolver,
    onSubmit,
    afterSave: resetAfterSave ? "empty" : "keep",
  });
  const { register } = form;

  return (
    <form ref={formRef} className="team-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <FormField label="Name" errors={errorsOf("name")}>
          {(control) => (
            <input {...control} className="admin-input" maxLength={CLEANER_LIMITS.name} required
              autoComplete="off" {...register("name")} />
          )}
        </FormField>
        <FormField label="Phone" errors={errorsOf("phone")} hint="Optional. An Australian number.">
          {(control) => (
            <input {...control} className="admin-input" type="tel" inputMode="tel"
              maxLength={CLEANER_LIMITS.phoneRaw} autoComplete="off" {...register("phone")} />
          )}
        </FormField>
        <FormField label="Email" errors={errorsOf("email")} hint="Optional.">
          {(control) => (
            <input {...control} className="admin-input" type="email" maxLength={CLEANER_LIMITS.email}
              autoComplete="off" spellCheck={false} {...register("email")} />
          )}
        </FormField>
        {values.colour === null ? (
          <div className="admin-field">
            <span className="admin-field__label">Colour</span>
            <p className="admin-field__hint">{AUTOMATIC_COLOUR_TEXT}</p>
            <button type="button" className="admin-button admin-button--secondary admin-button--small team-form__choose"
              onClick={() => setField("colour", FIRST_CHOICE)}>
              Choose a colour
            </button>
          </div>
        ) : (
          <FormField label="Colour" errors={errorsOf("colour")} hint="How their jobs show on the schedule.">
            {(control) => (
              <input {...control} className="admin-input team-form__colour" type="color" value={values.colour ?? FIRST_CHOICE}
                onChange={(event) => setField("colour", event.target.value)} />
            )}
          </FormField>
        )}
      </div>
      {failure !== null && <p className="admin-alert team-form__failure" role="alert">{serverMessageOr(failure, failureText)}</p>}
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
