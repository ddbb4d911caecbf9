import { type FormEvent, useEffect, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { confirmThen } from "../../ui/confirm-then.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { addTimeOff, type Cleaner, removeTimeOff, type TimeOff } from "./cleaners-api.ts";
import {
  checkTimeOffForm,
  CLEANER_LIMITS,
  EMPTY_TIME_OFF,
  formatLeave,
  type TimeOffFieldErrors,
  type TimeOffFormValues,
  withTimeOff,
} from "./team-hours-form.ts";

export const TIME_OFF_TEXT = {
  title: "Time off",
  none: "No time off coming up.",
  hint: "Whole days, Melbourne time; the first and last day are both off.",
  add: "Add time off",
  adding: "Adding…",
  addFailed: "Adding time off failed",
  removeFailed: "Removing time off failed",
  confirmRemove: (name: string, leave: string) => `Remove ${name}'s time off, ${leave}?`,
} as const;

const T = TIME_OFF_TEXT;

interface TimeOffPanelProps {
  cleaner: Cleaner;
  /** The cleaner with their coming leave as it now stands, and what to say about it. */
  onChanged: (cleaner: Cleaner, message: string) => void;
}

/** A cleaner's coming leave (issue 28): listed by first day, added with from, to and a reason, removed one by one. */
export function TimeOffPanel({ cleaner, onChanged }: TimeOffPanelProps) {
  const [values, setValues] = useState<TimeOffFormValues>(EMPTY_TIME_OFF);
  const [errors, setErrors] = useState<TimeOffFieldErrors>({});
  const [failure, setFailure] = useState<{ error: unknown; message: string } | null>(null);
  const [working, setWorking] = useState<"add" | string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [errorsShown, setErrorsShown] = useState(0);
  useEffect(() => {
    if (errorsShown > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errorsShown]);
  const set = (key: keyof TimeOffFormValues, value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    setFailure(null);
    const checked = checkTimeOffForm(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setErrorsShown((count) => count + 1);
      return;
    }
    setErrors({});
    setWorking("add");
    try {
      const added = await addTimeOff(cleaner._id, checked.body);
      setValues(EMPTY_TIME_OFF);
      onChanged({ ...cleaner, timeOff: withTimeOff(cleaner.timeOff, added, melbourneYmd(new Date())) }, `Time off added for ${cleaner.name}: ${formatLeave(added)}.`);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error) as TimeOffFieldErrors;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setErrorsShown((count) => count + 1);
      setFailure({ error, message: serverMessageOr(error, T.addFailed) });
    } finally {
      setWorking(null);
    }
  }

  const remove = (off: TimeOff) =>
    confirmThen(T.confirmRemove(cleaner.name, formatLeave(off)), async () => {
      setFailure(null);
      setWorking(off._id);
      try {
        await removeTimeOff(cleaner._id, off._id);
        onChanged({ ...cleaner, timeOff: cleaner.timeOff.filter((other) => other._id !== off._id) }, `Time off removed for ${cleaner.name}: ${formatLeave(off)}.`);
      } catch (error) {
        setFailure({ error, message: serverMessageOr(error, T.removeFailed) });
      } finally {
        setWorking(null);
      }
    });

  return (
    <div className="team-time-off" role="group" aria-label={`${T.title} of ${cleaner.name}`}>
      <h4 className="team-hours__title">{T.title}</h4>
      {cleaner.timeOff.length === 0
        ? <p className="admin-field__hint">{T.none}</p>
        : (
          <ul className="team-time-off__list" aria-label={`Coming time off of ${cleaner.name}`}>
            {cleaner.timeOff.map((off) => {
              const leave = formatLeave(off);
              return (
                <li key={off._id} className="team-time-off__row">
                  <span className="team-time-off__dates">{leave}</span>
                  {off.reason && <span className="team-time-off__reason"><bdi>{off.reason}</bdi></span>}
                  <button type="button" className="admin-button admin-button--danger admin-button--small"
                    aria-label={`Remove time off ${leave}`} disabled={working !== null} onClick={() => void remove(off)}>
                    {working === off._id ? "Removing…" : "Remove"}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      <form ref={formRef} className="team-time-off__form" aria-label={`Add time off for ${cleaner.name}`} onSubmit={add} noValidate>
        <div className="admin-form-grid">
          <FormField label="From" errors={errors.from}>
            {(control) => (
              <input {...control} className="admin-input" type="date" required value={values.from}
                onChange={(event) => set("from", event.target.value)} />
            )}
          </FormField>
          <FormField label="To" errors={errors.to} hint="The last day off.">
            {(control) => (
              <input {...control} className="admin-input" type="date" required min={values.from || undefined} value={values.to}
                onChange={(event) => set("to", event.target.value)} />
            )}
          </FormField>
          <FormField label="Reason (optional)" errors={errors.reason}>
            {(control) => (
              <input {...control} className="admin-input" maxLength={CLEANER_LIMITS.timeOffReason} value={values.reason}
                autoComplete="off" onChange={(event) => set("reason", event.target.value)} />
            )}
          </FormField>
        </div>
        <p className="admin-field__hint">{T.hint}</p>
        {failure && (
          <ErrorAlert failure={asFailure(failure.error)} message={failure.message} onDismiss={() => setFailure(null)} />
        )}
        <div className="admin-form-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={working !== null}>
            {working === "add" ? T.adding : T.add}
          </button>
        </div>
      </form>
    </div>
  );
}
