import { type FormEvent, useEffect, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { type Cleaner, setWorkingHours } from "./cleaners-api.ts";
import { checkWeekRows, type DayRow, NO_WEEK_ERRORS, WEEKDAY_NAMES, type WeekErrors, weekErrorsOf, weekRowsOf } from "./team-hours-form.ts";

export const WORKING_HOURS_TEXT = {
  title: "Working hours",
  notSet: (name: string) =>
    `No week saved yet: ${name} works the business's open days, from the first start to the close of the day (shown below), until you save one.`,
  hint: "Times in Melbourne time, on the quarter hour. An end of 00:00 means midnight.",
  works: "Works",
  save: "Save working hours",
  saving: "Saving…",
  failed: "Saving working hours failed",
} as const;

const T = WORKING_HOURS_TEXT;

interface WorkingHoursEditorProps {
  cleaner: Cleaner;
  /** The cleaner as the server answered, with the week saved. */
  onSaved: (saved: Cleaner) => void;
}

/** A cleaner's week (issue 28): Monday to Sunday, each worked or not, from a start to an end. */
export function WorkingHoursEditor({ cleaner, onSaved }: WorkingHoursEditorProps) {
  const [rows, setRows] = useState<DayRow[]>(() => weekRowsOf(cleaner.workingHours));
  const [errors, setErrors] = useState<WeekErrors>(NO_WEEK_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped with each set of errors: once they are on screen, the first field in error takes the focus.
  const [errorsShown, setErrorsShown] = useState(0);
  useEffect(() => {
    if (errorsShown > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errorsShown]);

  const change = (weekday: number, patch: Partial<DayRow>) =>
    setRows((current) => current.map((row) => (row.weekday === weekday ? { ...row, ...patch } : row)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const checked = checkWeekRows(rows);
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      setErrorsShown((count) => count + 1);
      return;
    }
    setErrors(NO_WEEK_ERRORS);
    setWorking(true);
    try {
      onSaved(await setWorkingHours(cleaner._id, checked.days));
    } catch (error) {
      setErrors(weekErrorsOf(fieldErrorsOf(error), checked.days));
      setFailure(serverMessageOr(error, T.failed));
      setErrorsShown((count) => count + 1);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form ref={formRef} className="team-hours" aria-label={`${T.title} of ${cleaner.name}`} onSubmit={submit} noValidate>
      <h4 className="team-hours__title">{T.title}</h4>
      {!cleaner.workingHoursSet && <p className="admin-field__hint">{T.notSet(cleaner.name)}</p>}
      <p className="admin-field__hint">{T.hint}</p>
      <div className="team-hours__days">
        {rows.map((row) => {
          const name = WEEKDAY_NAMES[row.weekday];
          const dayErrors = errors.days[row.weekday] ?? {};
          return (
            <fieldset key={row.weekday} className="team-hours__day">
              <legend className="team-hours__day-name">{name}</legend>
              <label className="admin-check team-hours__works">
                <input
                  type="checkbox"
                  checked={row.works}
                  aria-invalid={dayErrors.day ? true : undefined}
                  onChange={(event) => change(row.weekday, { works: event.target.checked })}
                />
                {T.works}<span className="admin-visually-hidden"> on {name}</span>
              </label>
              <FormField label={<><span className="admin-visually-hidden">{name} </span>Start</>} errors={dayErrors.start}>
                {(control) => (
                  <input {...control} className="admin-input" type="time" step={900} value={row.start} disabled={!row.works}
                    onChange={(event) => change(row.weekday, { start: event.target.value })} />
                )}
              </FormField>
              <FormField label={<><span className="admin-visually-hidden">{name} </span>End</>} errors={dayErrors.end}>
                {(control) => (
                  <input {...control} className="admin-input" type="time" step={900} value={row.end} disabled={!row.works}
                    onChange={(event) => change(row.weekday, { end: event.target.value })} />
                )}
              </FormField>
              {dayErrors.day && <p className="admin-field__error team-hours__day-error">{dayErrors.day.join(" ")}</p>}
            </fieldset>
          );
        })}
      </div>
      {errors.week.length > 0 && <p className="admin-field__error">{errors.week.join(" ")}</p>}
      {failure && <p className="admin-alert team-form__failure" role="alert">{failure}</p>}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? T.saving : T.save}
        </button>
      </div>
    </form>
  );
}
