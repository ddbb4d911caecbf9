/**
 * The "Cleaners’ e-mails" card of the Settings screen (issue 31, part G): cleaners are always
 * e-mailed each job they are put on, moved on or taken off; this card sets the one choice, the
 * hour of the evening run sheet. Any admin reads it; only a superadmin changes it (the PUT answers
 * 403 to an admin), so an admin sees it as a list.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import {
  TEAM_NOTICE_SETTINGS_DEFAULTS,
  type TeamNoticeSettings,
  teamNoticeSettingsSchema,
} from "@yarra/core/settings/team-notices.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { readSession } from "../../lib/session.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { saveTeamNoticeSettings } from "./team-notices-api.ts";
import { teamNoticeSettingsQuery } from "./team-notices-queries.ts";
import "./team-notices.css";

export const RUN_SHEET_TEXT = {
  title: "Cleaners’ e-mails",
  intro:
    "Cleaners are e-mailed each job with a calendar invite when they’re put on it, when it moves and when it’s cancelled. " +
    "A cleaner without an e-mail address isn’t sent anything.",
  runSheet: "Evening run sheet",
  runSheetHint: "Each cleaner with jobs tomorrow gets the list at this time (Melbourne time).",
  off: "Off",
  save: "Save run sheet setting",
  saved: "Run sheet setting saved.",
  failed: "Saving the run sheet setting failed",
  readOnly: "Only a superadmin can change the evening run sheet.",
  loadFailed: "The run sheet setting didn’t load.",
  notLoaded:
    "These settings didn’t load, so the values shown are the defaults. Saving is off until they load, so your real settings are never overwritten.",
} as const;

const T = RUN_SHEET_TEXT;

/** The select's value for no run sheet (the hours are "0" to "23"). */
const OFF = "off";

/** Every hour the API accepts, midnight first. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** 17 -> "5:00 pm", 0 -> "12:00 am", 12 -> "12:00 pm". */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "am" : "pm"}`;

interface RunSheetForm {
  /** As the select holds it: OFF or the hour. */
  runSheetHour: string;
}

const toForm = (saved: TeamNoticeSettings): RunSheetForm => ({
  runSheetHour: saved.runSheetHour === null ? OFF : String(saved.runSheetHour),
});

/** Core's schema checks the body as the server will; its 422 lands on the same field. */
const runSheetResolver = coreSchemaResolver<RunSheetForm, TeamNoticeSettings>(
  teamNoticeSettingsSchema,
  (values) => ({ runSheetHour: values.runSheetHour === OFF ? null : Number(values.runSheetHour) }),
);

/** What a card needs to know when its values failed to load. */
interface NotLoadedState {
  retry: () => void;
  retrying: boolean;
}

/** The card as the Settings page mounts it: it loads its own values and guards a failed load. */
export function RunSheetCard() {
  const settings = useQuery(teamNoticeSettingsQuery);
  const notLoaded = settings.isError ? { retry: () => void settings.refetch(), retrying: settings.isFetching } : null;
  if (readSession()?.user.role !== "superadmin") {
    return <RunSheetList settings={settings.data} loading={settings.isPending} notLoaded={notLoaded} />;
  }
  return (
    <RunSheetSettingsForm
      // The form starts again from what was loaded once its load settles.
      key={`team-notices-${settings.status}`}
      saved={settings.data ?? TEAM_NOTICE_SETTINGS_DEFAULTS}
      loading={settings.isPending}
      notLoaded={notLoaded}
    />
  );
}

interface FormProps {
  saved: TeamNoticeSettings;
  loading: boolean;
  notLoaded: NotLoadedState | null;
}

function RunSheetSettingsForm({ saved, loading, notLoaded }: FormProps) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const id = useId();
  const { values, errorsOf, failure: saveError, dismissFailure, working, formRef, submit, setField } = useStaffForm({
    defaultValues: toForm(saved),
    resolver: runSheetResolver,
    onSubmit: async (body) => {
      const answer = await saveTeamNoticeSettings(body);
      const next: TeamNoticeSettings = { ...saved, ...body, ...(answer && typeof answer === "object" ? answer : {}) };
      queryClient.setQueryData(teamNoticeSettingsQuery.queryKey, next);
      flash.show(T.saved);
      return next;
    },
    afterSave: (next) => toForm(next),
    focusServerErrors: true,
    guardUnsaved: true,
  });
  const fieldErrors = errorsOf("runSheetHour");
  const failure = saveError !== null && !fieldErrors ? saveError : null;

  return (
    <form ref={formRef} className="run-sheet" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="run-sheet__title">{T.title}</h2>
      <p className="run-sheet__note">{T.intro}</p>
      <div className="run-sheet__grid">
        <FormField label={T.runSheet} errors={fieldErrors} hint={T.runSheetHint}>
          {(control) => (
            // Held as a value (setField), as the Settings page's other selects are.
            <select {...control} name="runSheetHour" className="admin-input" value={values.runSheetHour}
              onChange={(event) => setField("runSheetHour", event.target.value)}>
              <option value={OFF}>{T.off}</option>
              {HOURS.map((hour) => <option key={hour} value={String(hour)}>{hourLabel(hour)}</option>)}
            </select>
          )}
        </FormField>
      </div>
      {failure && <ErrorAlert failure={asFailure(failure, T.failed)} message={serverMessageOr(failure, T.failed)} onDismiss={dismissFailure} />}
      {notLoaded && (
        <div className="run-sheet__not-loaded" role="alert">
          <p>{T.notLoaded}</p>
          <button type="button" className="admin-button" onClick={notLoaded.retry} disabled={notLoaded.retrying}>
            {notLoaded.retrying ? "Loading…" : "Retry"}
          </button>
        </div>
      )}
      <div className="run-sheet__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : T.save}
        </button>
        <p role="status" className="run-sheet__saved">{flash.message}</p>
      </div>
    </form>
  );
}

/** What an admin sees: the setting as a list. */
function RunSheetList(
  { settings, loading, notLoaded }: { settings: TeamNoticeSettings | undefined; loading: boolean; notLoaded: NotLoadedState | null },
) {
  const id = useId();
  return (
    <section className="run-sheet" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`} className="run-sheet__title">{T.title}</h2>
      <p className="run-sheet__note">{T.intro}</p>
      <p className="run-sheet__note">{T.readOnly}</p>
      {notLoaded ? (
        <div className="run-sheet__not-loaded" role="alert">
          <p>{T.loadFailed}</p>
          <button type="button" className="admin-button" onClick={notLoaded.retry} disabled={notLoaded.retrying}>
            {notLoaded.retrying ? "Loading…" : "Retry"}
          </button>
        </div>
      ) : settings && (
        <dl className="run-sheet__facts">
          <div>
            <dt>{T.runSheet}</dt>
            <dd>{settings.runSheetHour === null ? T.off : `${hourLabel(settings.runSheetHour)} (Melbourne time)`}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
