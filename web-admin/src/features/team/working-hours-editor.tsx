import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { WorkingDay } from "@yarra/core/cleaners/team.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { FormField } from "../../ui/form-field.tsx";
import { type Cleaner, setWorkingHours } from "./cleaners-api.ts";
import { checkWeekRows, type DayRow, WEEKDAY_NAMES, type WeekErrors, weekErrorsOf, weekRowsOf } from "./team-hours-form.ts";

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

interface WeekValues {
  /** Monday to Sunday, as on screen. */
  rows: DayRow[];
}

/** Where messages about the whole week show (not a row's field). */
const WEEK_PATH = "week";

/** A day's own messages (a weekday sent twice) show on its tick. */
const rowPath = (rows: readonly DayRow[], weekday: number, key: "day" | "start" | "end") =>
  `rows.${rows.findIndex((row) => row.weekday === weekday)}.${key === "day" ? "works" : key}`;

/** Messages by weekday (core's check, or the server's placed by weekErrorsOf) keyed by the rows' paths. */
function rowPathsOf(rows: readonly DayRow[], errors: WeekErrors): Record<string, string[]> {
  const placed: Record<string, string[]> = errors.week.length > 0 ? { [WEEK_PATH]: errors.week } : {};
  for (const [weekday, day] of Object.entries(errors.days)) {
    for (const key of ["day", "start", "end"] as const) {
      if (day?.[key]) placed[rowPath(rows, Number(weekday), key)] = day[key];
    }
  }
  return placed;
}

/** The days ticked, Sunday first, checked by core's schema; messages go on the weekday's row. */
const weekResolver = checkResolver<WeekValues, WorkingDay[]>(({ rows }) => {
  const checked = checkWeekRows(rows);
  return checked.ok ? { ok: true, value: checked.days } : { ok: false, fieldErrors: rowPathsOf(rows, checked.errors) };
});

interface WorkingHoursEditorProps {
  cleaner: Cleaner;
  /** The cleaner as the server answered, with the week saved. */
  onSaved: (saved: Cleaner) => void;
}

/** A cleaner's week (issue 28): Monday to Sunday, each worked or not, from a start to an end. */
export function WorkingHoursEditor({ cleaner, onSaved }: WorkingHoursEditorProps) {
  const { form, values, errorsOf, failure, working, formRef, submit } = useStaffForm<WeekValues, WorkingDay[]>({
    defaultValues: { rows: weekRowsOf(cleaner.workingHours) },
    resolver: weekResolver,
    onSubmit: async (days) => onSaved(await setWorkingHours(cleaner._id, days)),
    // The server's days.N counts the days sent, not the seven rows: N is the Nth day ticked.
    serverErrors: (fieldErrors, days, { rows }) => rowPathsOf(rows, weekErrorsOf(fieldErrors, days)),
    focusServerErrors: true,
  });
  const { register } = form;

  return (
    <form ref={formRef} className="team-hours" aria-label={`${T.title} of ${cleaner.name}`} onSubmit={submit} noValidate>
      <h4 className="team-hours__title">{T.title}</h4>
      {!cleaner.workingHoursSet && <p className="admin-field__hint">{T.notSet(cleaner.name)}</p>}
      <p className="admin-field__hint">{T.hint}</p>
      <div className="team-hours__days">
        {values.rows.map((row, index) => {
          const name = WEEKDAY_NAMES[row.weekday];
          const dayErrors = errorsOf(`rows.${index}.works`);
          return (
            <fieldset key={row.weekday} className="team-hours__day">
              <legend className="team-hours__day-name">{name}</legend>
              <label className="admin-check team-hours__works">
                <input type="checkbox" aria-invalid={dayErrors ? true : undefined} {...register(`rows.${index}.works`)} />
                {T.works}<span className="admin-visually-hidden"> on {name}</span>
              </label>
              <FormField label={<><span className="admin-visually-hidden">{name} </span>Start</>} errors={errorsOf(`rows.${index}.start`)}>
                {(control) => (
                  <input {...control} className="admin-input" type="time" step={900} disabled={!row.works}
                    {...register(`rows.${index}.start`)} />
                )}
              </FormField>
              <FormField label={<><span className="admin-visually-hidden">{name} </span>End</>} errors={errorsOf(`rows.${index}.end`)}>
                {(control) => (
                  <input {...control} className="admin-input" type="time" step={900} disabled={!row.works}
                    {...register(`rows.${index}.end`)} />
                )}
              </FormField>
              {dayErrors && <p className="admin-field__error team-hours__day-error">{dayErrors.join(" ")}</p>}
            </fieldset>
          );
        })}
      </div>
      {errorsOf(WEEK_PATH) && <p className="admin-field__error">{errorsOf(WEEK_PATH)!.join(" ")}</p>}
      {failure !== null && <p className="admin-alert team-form__failure" role="alert">{serverMessageOr(failure, T.failed)}</p>}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? T.saving : T.save}
        </button>
      </div>
    </form>
  );
}
