/**
 * The Feedback card of the Settings screen (issue 32): whether customers are asked to rate each
 * job, when the e-mail goes, and the review page offered after a good rating. Any admin reads it;
 * only a superadmin changes it (the PUT answers 403 to an admin), so an admin sees a list.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { readSession } from "../../lib/session.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import {
  FEEDBACK_DELAY_MAX_HOURS,
  FEEDBACK_SETTINGS_MESSAGES,
  feedbackSettingsInputSchema,
} from "@yarra/core/feedback/settings.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { FEEDBACK_SETTINGS_DEFAULTS, type FeedbackSettings, saveFeedbackSettings } from "./feedback-api.ts";
import { feedbackSettingsQuery } from "./feedback-queries.ts";
import "./feedback.css";

/** The most hours after a job's end the request may wait (a week), as the server keeps it. */
export const MAX_DELAY_HOURS = FEEDBACK_DELAY_MAX_HOURS;

export const FEEDBACK_SETTINGS_TEXT = {
  title: "Feedback",
  intro: "After each job the customer is e-mailed a link to rate the clean from 1 to 5. A rating of 3 or less is e-mailed to you at once.",
  enabled: "Ask customers for feedback",
  enabledHint: "Each job is asked once. You can ask again by hand from the booking's page.",
  delay: "Send the request",
  onDone: "When the job is marked done",
  afterEnd: (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"} after the job ends`,
  reviewUrl: "Review page address",
  reviewUrlHint: "Optional. Customers who rate 4 or 5 are offered a link to it, such as your Google review page.",
  badReviewUrl: FEEDBACK_SETTINGS_MESSAGES.reviewUrl,
  badDelay: FEEDBACK_SETTINGS_MESSAGES.delayHours,
  save: "Save feedback settings",
  saved: "Feedback settings saved.",
  failed: "Saving the feedback settings failed",
  readOnly: "Only a superadmin can change the feedback settings.",
  loadFailed: "The feedback settings didn’t load.",
  notLoaded:
    "These settings didn’t load, so the values shown are the defaults. Saving is off until they load, so your real settings are never overwritten.",
  none: "—",
  yes: "Yes",
  no: "No",
} as const;

const T = FEEDBACK_SETTINGS_TEXT;

/** The choices the select offers; a value saved otherwise (through the API) is offered too. */
const DELAY_CHOICES = [0, 1, 2, 3, 4, 6, 12, 24, 48, 72, MAX_DELAY_HOURS];

export const delayLabel = (hours: number) => (hours === 0 ? T.onDone : T.afterEnd(hours));

interface FeedbackForm {
  enabled: boolean;
  /** As the select holds it. */
  delayHours: string;
  /** As typed; blank is none. */
  reviewUrl: string;
}

const toForm = (saved: FeedbackSettings): FeedbackForm => ({
  enabled: saved.enabled,
  delayHours: String(saved.delayHours),
  reviewUrl: saved.reviewUrl ?? "",
});

/** Core's schema checks the body as the server will (https only, 0 to 168 hours); its 422 lands on the same fields. */
const feedbackResolver = coreSchemaResolver<FeedbackForm, FeedbackSettings>(
  feedbackSettingsInputSchema,
  (values) => ({ enabled: values.enabled, delayHours: Number(values.delayHours), reviewUrl: values.reviewUrl }),
);

/** What a card needs to know when its values failed to load. */
interface NotLoadedState {
  retry: () => void;
  retrying: boolean;
}

/** The card as the Settings page mounts it: it loads its own values and guards a failed load. */
export function FeedbackSettingsCard() {
  const settings = useQuery(feedbackSettingsQuery);
  const notLoaded = settings.isError ? { retry: () => void settings.refetch(), retrying: settings.isFetching } : null;
  if (readSession()?.user.role !== "superadmin") {
    return <FeedbackSettingsList settings={settings.data} loading={settings.isPending} notLoaded={notLoaded} />;
  }
  return (
    <FeedbackSettingsForm
      // The form starts again from what was loaded once its load settles.
      key={`feedback-${settings.status}`}
      saved={settings.data ?? FEEDBACK_SETTINGS_DEFAULTS}
      loading={settings.isPending}
      notLoaded={notLoaded}
    />
  );
}

interface FormProps {
  saved: FeedbackSettings;
  loading: boolean;
  notLoaded: NotLoadedState | null;
}

function FeedbackSettingsForm({ saved, loading, notLoaded }: FormProps) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const id = useId();
  const { form, values, errorsOf, failure: saveError, dismissFailure, working, formRef, submit, setField } = useStaffForm({
    defaultValues: toForm(saved),
    resolver: feedbackResolver,
    onSubmit: async (body) => {
      const answer = await saveFeedbackSettings(body);
      const next: FeedbackSettings = { ...saved, ...body, ...(answer && typeof answer === "object" ? answer : {}) };
      queryClient.setQueryData(feedbackSettingsQuery.queryKey, next);
      flash.show(T.saved);
      return next;
    },
    afterSave: (next) => toForm(next),
    focusServerErrors: true,
    guardUnsaved: true,
  });
  const { register } = form;
  const onFields = (["enabled", "delayHours", "reviewUrl"] as const).some((field) => (errorsOf(field)?.length ?? 0) > 0);
  const failure = saveError !== null && !onFields ? saveError : null;
  const chosen = Number(values.delayHours);
  const choices = DELAY_CHOICES.includes(chosen) || !Number.isInteger(chosen) ? DELAY_CHOICES : [...DELAY_CHOICES, chosen].sort((a, b) => a - b);
  const enabledErrors = errorsOf("enabled");

  return (
    <form ref={formRef} className="feedback-settings" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="feedback-settings__title">{T.title}</h2>
      <p className="feedback-note">{T.intro}</p>
      <div className="admin-field">
        <label className="feedback-settings__check" htmlFor={`${id}-enabled`}>
          <input id={`${id}-enabled`} type="checkbox" aria-invalid={enabledErrors ? true : undefined}
            aria-describedby={enabledErrors ? `${id}-enabled-hint ${id}-enabled-error` : `${id}-enabled-hint`} {...register("enabled")} />
          <span>{T.enabled}</span>
        </label>
        <p id={`${id}-enabled-hint`} className="admin-field__hint">{T.enabledHint}</p>
        {enabledErrors && <p id={`${id}-enabled-error`} className="admin-field__error">{enabledErrors.join(" ")}</p>}
      </div>
      <div className="feedback-settings__grid">
        <FormField label={T.delay} errors={errorsOf("delayHours")}>
          {(control) => (
            // Held as a value (setField), as the Settings page's other selects are.
            <select {...control} name="delayHours" className="admin-input" value={values.delayHours}
              onChange={(event) => setField("delayHours", event.target.value)}>
              {choices.map((hours) => <option key={hours} value={String(hours)}>{delayLabel(hours)}</option>)}
            </select>
          )}
        </FormField>
        <FormField label={T.reviewUrl} errors={errorsOf("reviewUrl")} hint={T.reviewUrlHint}>
          {(control) => (
            <input {...control} className="admin-input" type="url" inputMode="url" autoComplete="url" spellCheck={false}
              placeholder="https://" {...register("reviewUrl")} />
          )}
        </FormField>
      </div>
      {failure && <ErrorAlert failure={asFailure(failure, T.failed)} message={serverMessageOr(failure, T.failed)} onDismiss={dismissFailure} />}
      {notLoaded && (
        <div className="feedback-settings__not-loaded" role="alert">
          <p>{T.notLoaded}</p>
          <button type="button" className="admin-button" onClick={notLoaded.retry} disabled={notLoaded.retrying}>
            {notLoaded.retrying ? "Loading…" : "Retry"}
          </button>
        </div>
      )}
      <div className="feedback-settings__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : T.save}
        </button>
        <p role="status" className="feedback-settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}

/** What an admin sees: the settings as a list. */
function FeedbackSettingsList(
  { settings, loading, notLoaded }: { settings: FeedbackSettings | undefined; loading: boolean; notLoaded: NotLoadedState | null },
) {
  const id = useId();
  const rows: [string, string][] = settings
    ? [
      [T.enabled, settings.enabled ? T.yes : T.no],
      [T.delay, delayLabel(settings.delayHours)],
      [T.reviewUrl, settings.reviewUrl ?? T.none],
    ]
    : [];
  return (
    <section className="feedback-settings" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`} className="feedback-settings__title">{T.title}</h2>
      <p className="feedback-note">{T.readOnly}</p>
      {notLoaded ? (
        <div className="feedback-settings__not-loaded" role="alert">
          <p>{T.loadFailed}</p>
          <button type="button" className="admin-button" onClick={notLoaded.retry} disabled={notLoaded.retrying}>
            {notLoaded.retrying ? "Loading…" : "Retry"}
          </button>
        </div>
      ) : settings && (
        <dl className="feedback-facts">
          {rows.map(([term, value]) => (
            <div key={term} className="feedback-facts__row">
              <dt>{term}</dt>
              <dd><bdi>{value}</bdi></dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
