import { useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { confirmThen } from "../../ui/confirm-then.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { addTimeOff, type Cleaner, removeTimeOff, type TimeOff } from "./cleaners-api.ts";
import {
  checkTimeOffForm,
  CLEANER_LIMITS,
  EMPTY_TIME_OFF,
  formatLeave,
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

/** A date left empty is asked for in words; then core's schema checks the leave. */
const timeOffResolver = checkResolver((values: typeof EMPTY_TIME_OFF) => {
  const checked = checkTimeOffForm(values);
  return checked.ok ? { ok: true, value: checked.body } : { ok: false, fieldErrors: checked.fieldErrors as Record<string, string[]> };
});

interface TimeOffPanelProps {
  cleaner: Cleaner;
  /** The cleaner with their coming leave as it now stands, and what to say about it. */
  onChanged: (cleaner: Cleaner, message: string) => void;
}

/** A cleaner's coming leave (issue 28): listed by first day, added with from, to and a reason, removed one by one. */
export function TimeOffPanel({ cleaner, onChanged }: TimeOffPanelProps) {
  const { form, values, errorsOf, failure: addError, dismissFailure, working: adding, formRef, submit } = useStaffForm({
    defaultValues: EMPTY_TIME_OFF,
    resolver: timeOffResolver,
    onSubmit: async (body) => {
      const added = await addTimeOff(cleaner._id, body);
      onChanged({ ...cleaner, timeOff: withTimeOff(cleaner.timeOff, added, melbourneYmd(new Date())) }, `Time off added for ${cleaner.name}: ${formatLeave(added)}.`);
    },
    afterSave: "empty",
    focusServerErrors: true,
  });
  const { register } = form;
  const [removal, setRemoval] = useState<{ error: unknown; message: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const busy = adding || removing !== null;
  // One alert for the panel: the add's failure or a removal's, whichever was last.
  const failure = addError !== null ? { error: addError, message: serverMessageOr(addError, T.addFailed) } : removal;

  const remove = (off: TimeOff) =>
    confirmThen(T.confirmRemove(cleaner.name, formatLeave(off)), async () => {
      dismissFailure();
      setRemoval(null);
      setRemoving(off._id);
      try {
        await removeTimeOff(cleaner._id, off._id);
        onChanged({ ...cleaner, timeOff: cleaner.timeOff.filter((other) => other._id !== off._id) }, `Time off removed for ${cleaner.name}: ${formatLeave(off)}.`);
      } catch (error) {
        setRemoval({ error, message: serverMessageOr(error, T.removeFailed) });
      } finally {
        setRemoving(null);
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
                    aria-label={`Remove time off ${leave}`} disabled={busy} onClick={() => void remove(off)}>
                    {removing === off._id ? "Removing…" : "Remove"}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      <form ref={formRef} className="team-time-off__form" aria-label={`Add time off for ${cleaner.name}`} onSubmit={(event) => {
        setRemoval(null);
        submit(event);
      }} noValidate>
        <div className="admin-form-grid">
          <FormField label="From" errors={errorsOf("from")}>
            {(control) => <input {...control} className="admin-input" type="date" required {...register("from")} />}
          </FormField>
          <FormField label="To" errors={errorsOf("to")} hint="The last day off.">
            {(control) => (
              <input {...control} className="admin-input" type="date" required min={values.from || undefined} {...register("to")} />
            )}
          </FormField>
          <FormField label="Reason (optional)" errors={errorsOf("reason")}>
            {(control) => (
              <input {...control} className="admin-input" maxLength={CLEANER_LIMITS.timeOffReason}
                autoComplete="off" {...register("reason")} />
            )}
          </FormField>
        </div>
        <p className="admin-field__hint">{T.hint}</p>
        {failure && (
          <ErrorAlert failure={asFailure(failure.error)} message={failure.message} onDismiss={() => {
            dismissFailure();
            setRemoval(null);
          }} />
        )}
        <div className="admin-form-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {adding ? T.adding : T.add}
          </button>
        </div>
      </form>
    </div>
  );
}
