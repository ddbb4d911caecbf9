import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import {
  clampSchedulingSettings,
  CONTENT_LIMITS,
  SCHEDULING_LIMITS,
  schedulingChangesSchema,
} from "@yarra/core/settings/clamps.ts";
import { contentSchema } from "@yarra/core/settings/schemas.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BookingFormContent,
  SCHEDULING_DEFAULTS,
  type SchedulingSettings,
  SERVICE_AREA_DEFAULTS,
} from "@yarra/core/settings/types.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { NotLoaded, type NotLoadedState, notLoadedOf } from "./not-loaded.tsx";
import { api } from "../../lib/api.ts";
import { checkResolver, coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { useFlash } from "../../ui/use-flash.ts";
import { ServiceAreaCard, serviceAreaQuery } from "./service-area-card.tsx";
import { BusinessCard } from "./business-card.tsx";
import { OnlinePaymentsCard } from "./online-payments-card.tsx";
import "./settings.css";

export const SETTINGS_TEXT = {
  loadFailed: "Failed to load settings",
  schedulingSaved: "Scheduling settings saved.",
  schedulingFailed: "Saving scheduling settings failed",
  contentSaved: "Booking form content saved.",
  contentFailed: "Saving booking form content failed",
} as const;

const SCHEDULING_PATH = "/api/admin/settings/scheduling";
const CONTENT_PATH = "/api/admin/content";

export const schedulingQuery = queryOptions({
  queryKey: ["settings", "scheduling"],
  queryFn: async () => ({ ...SCHEDULING_DEFAULTS, ...(await api.get<SchedulingSettings>(SCHEDULING_PATH)) }),
});

export const contentQuery = queryOptions({
  queryKey: ["settings", "content"],
  queryFn: async () => ({ ...BOOKING_FORM_CONTENT_DEFAULTS, ...(await api.get<BookingFormContent>(CONTENT_PATH)) }),
});

/** The scheduling inputs as typed (strings), so a half-typed number is not clamped mid-keystroke. */
interface SchedulingForm {
  slotBufferMin: string;
  maxConcurrentPerSlot: string;
  enforceBuffer: boolean;
  leadDays: string;
  horizonDays: string;
  firstSlotHour: string;
  lastSlotHour: string;
  /** 0 = Sunday ... 6 = Saturday, as the API keeps them. */
  closedWeekdays: number[];
  dayEndHour: string;
  reminderHoursBefore: string;
  freeChangeCutoffHours: string;
  seriesHorizonWeeks: string;
  availabilityMode: SchedulingSettings["availabilityMode"];
  teamGapMin: string;
}

const toForm = (settings: SchedulingSettings): SchedulingForm => ({
  slotBufferMin: String(settings.slotBufferMin),
  maxConcurrentPerSlot: String(settings.maxConcurrentPerSlot),
  enforceBuffer: settings.enforceBuffer,
  leadDays: String(settings.leadDays),
  horizonDays: String(settings.horizonDays),
  firstSlotHour: String(settings.firstSlotHour),
  lastSlotHour: String(settings.lastSlotHour),
  closedWeekdays: [...settings.closedWeekdays],
  dayEndHour: String(settings.dayEndHour),
  reminderHoursBefore: String(settings.reminderHoursBefore),
  freeChangeCutoffHours: String(settings.freeChangeCutoffHours),
  seriesHorizonWeeks: String(settings.seriesHorizonWeeks),
  availabilityMode: settings.availabilityMode,
  teamGapMin: String(settings.teamGapMin),
});

/** The two ways a start is offered (issue 28), as the Availability select names them. */
export const AVAILABILITY_OPTIONS: { value: SchedulingSettings["availabilityMode"]; label: string }[] = [
  { value: "SLOTS", label: "Time slots" },
  { value: "TEAM", label: "Team's working hours" },
];

/** An hour of the Melbourne wall clock as the field shows it: 18 is '18:00', 24 '24:00' (midnight). */
export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The closed weekdays' boxes, Monday first (en-AU), by the API's numbers (0 = Sunday). */
export const WEEKDAY_BOXES = [
  { day: 1, short: "Mon", name: "Monday" },
  { day: 2, short: "Tue", name: "Tuesday" },
  { day: 3, short: "Wed", name: "Wednesday" },
  { day: 4, short: "Thu", name: "Thursday" },
  { day: 5, short: "Fri", name: "Friday" },
  { day: 6, short: "Sat", name: "Saturday" },
  { day: 0, short: "Sun", name: "Sunday" },
] as const;

/**
 * The same clamps the server applies (core/settings/clamps.ts): 0-1440 (120), 1-50 (1), a lead
 * time of 0-60 days (4), a horizon of 1-730 days (365) no shorter than the lead time, start hours
 * 0-23 (8 and 16; reversed ones swapped), closed weekdays sorted and once each, a working day
 * ending at 1-24 (18) after the first start hour, a reminder 1-168 hours (24), free changes until
 * 0-168 hours (24) before the job, regular cleans' visits 1-26 weeks (8) ahead, and team mode's
 * travel time between a cleaner's jobs 0-240 minutes in fives (30).
 */
export function clampedScheduling(form: SchedulingForm, current: SchedulingSettings = SCHEDULING_DEFAULTS) {
  const changes = schedulingChangesSchema.parse({
    slotBufferMin: form.slotBufferMin,
    maxConcurrentPerSlot: form.maxConcurrentPerSlot,
    enforceBuffer: form.enforceBuffer,
    leadDays: form.leadDays,
    horizonDays: form.horizonDays,
    firstSlotHour: form.firstSlotHour,
    lastSlotHour: form.lastSlotHour,
    closedWeekdays: form.closedWeekdays,
    dayEndHour: form.dayEndHour,
    reminderHoursBefore: form.reminderHoursBefore,
    freeChangeCutoffHours: form.freeChangeCutoffHours,
    seriesHorizonWeeks: form.seriesHorizonWeeks,
    availabilityMode: form.availabilityMode,
    teamGapMin: form.teamGapMin,
  });
  const {
    slotBufferMin, maxConcurrentPerSlot, enforceBuffer, leadDays, horizonDays, firstSlotHour, lastSlotHour, closedWeekdays, dayEndHour,
    reminderHoursBefore, freeChangeCutoffHours, seriesHorizonWeeks, availabilityMode, teamGapMin,
  } = clampSchedulingSettings(changes, current);
  return {
    slotBufferMin, maxConcurrentPerSlot, enforceBuffer, leadDays, horizonDays, firstSlotHour, lastSlotHour, closedWeekdays, dayEndHour,
    reminderHoursBefore, freeChangeCutoffHours, seriesHorizonWeeks, availabilityMode, teamGapMin,
  };
}

/** A failed save as its alert shows it: the catalogue entry and the server's text, else `fallback`. */
const saveFailure = (error: unknown, fallback: string) =>
  error === null ? null : { failure: asFailure(error, fallback), text: serverMessageOr(error, fallback) };

interface SettingsPageProps {
  /** The closed dates card (its own feature), shown after the scheduling settings. */
  closedDates?: ReactNode;
  /** Issue 31: the cleaners' e-mails card (the team-notices feature's), shown before the Feedback card. */
  teamNotices?: ReactNode;
  /** Issue 32: the Feedback card (the feedback feature's), shown last. */
  feedback?: ReactNode;
}

/** Scheduling, closed dates, service area and booking-form content (admin-area.md section 2, Settings page). */
export function SettingsPage({ closedDates, teamNotices, feedback }: SettingsPageProps = {}) {
  const scheduling = useQuery(schedulingQuery);
  const content = useQuery(contentQuery);
  const serviceArea = useQuery(serviceAreaQuery);
  const loading = scheduling.isPending || content.isPending || serviceArea.isPending;
  // Each part falls back to its defaults on its own: one failed read leaves the others usable.
  const [loadError, dismissLoadError] = useDismissible(scheduling.error ?? content.error ?? serviceArea.error);

  return (
    <section className="settings" aria-labelledby="settings-title" aria-busy={loading}>
      <h1 id="settings-title" className="admin-page-title">Settings</h1>
      {loading && <p role="status" className="settings__note">Loading settings…</p>}
      {loadError && (
        <ErrorAlert
          failure={asFailure(loadError, SETTINGS_TEXT.loadFailed)}
          message={SETTINGS_TEXT.loadFailed}
          onDismiss={dismissLoadError}
        />
      )}
      {/* Each form starts again from what was loaded once its load settles. */}
      <SchedulingCard
        key={`scheduling-${scheduling.status}`}
        saved={scheduling.data ?? SCHEDULING_DEFAULTS}
        loading={loading}
        notLoaded={notLoadedOf(scheduling)}
      />
      {closedDates}
      <ServiceAreaCard
        key={`service-area-${serviceArea.status}`}
        saved={serviceArea.data ?? SERVICE_AREA_DEFAULTS}
        loading={loading}
        notLoaded={notLoadedOf(serviceArea)}
      />
      <ContentCard
        key={`content-${content.status}`}
        saved={content.data ?? BOOKING_FORM_CONTENT_DEFAULTS}
        loading={loading}
        notLoaded={notLoadedOf(content)}
      />
      <BusinessCard />
      <OnlinePaymentsCard />
      {teamNotices}
      {feedback}
    </section>
  );
}

interface CardProps<T> {
  saved: T;
  loading: boolean;
  /** Set when the values failed to load: the card shows the defaults but cannot save them. */
  notLoaded: NotLoadedState | null;
}

type SchedulingBody = ReturnType<typeof clampedScheduling>;

/** The fields that show their own messages (a 422's fieldErrors land there, not in the alert). */
const FIELDS_WITH_MESSAGES = [
  "availabilityMode", "teamGapMin", "slotBufferMin", "maxConcurrentPerSlot", "leadDays", "horizonDays", "firstSlotHour",
  "lastSlotHour", "dayEndHour", "reminderHoursBefore", "freeChangeCutoffHours", "seriesHorizonWeeks", "closedWeekdays",
] as const satisfies readonly (keyof SchedulingForm)[];

/** The start hours offered, 00:00 to 23:00 (the first and the last share their limits). */
const { min: EARLIEST_START, max: LATEST_START } = SCHEDULING_LIMITS.firstSlotHour;
const START_HOURS = Array.from({ length: LATEST_START - EARLIEST_START + 1 }, (_, i) => EARLIEST_START + i);

function SchedulingCard({ saved, loading, notLoaded }: CardProps<SchedulingSettings>) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const weekdaysId = useId();
  const {
    form, values: scheduling, errorsOf, errorsUnder, failure: saveError, dismissFailure, working, formRef, submit, setField,
  } = useStaffForm({
    defaultValues: toForm(saved),
    // Nothing is refused: the numbers are clamped as the server clamps them, and sent so.
    resolver: checkResolver<SchedulingForm, SchedulingBody>((values) => ({ ok: true, value: clampedScheduling(values, saved) })),
    onSubmit: async (body) => {
      show(toForm({ ...saved, ...body }));
      const answer = await api.put<SchedulingSettings>(SCHEDULING_PATH, body);
      const next = { ...saved, ...body, ...answer };
      queryClient.setQueryData(schedulingQuery.queryKey, next);
      flash.show(SETTINGS_TEXT.schedulingSaved);
      return next;
    },
    afterSave: (next) => toForm(next),
    // The server's one refusal (a reminder inside the free-change cut-off) names its field.
    focusServerErrors: true,
    guardUnsaved: true,
  });
  // The inputs are registered; the selects and the weekday boxes are held as values (setField), as a
  // registered select may miss its first value when its options render with it (seen under happy-dom, React 19).
  const { register } = form;
  const team = scheduling.availabilityMode === "TEAM";
  // A refusal shown under its fields needs no alert besides; any other failure gets one.
  const onFields = FIELDS_WITH_MESSAGES.some((key) => (key !== "teamGapMin" || team) && errorsUnder(key).length > 0);
  const failure = onFields ? null : saveFailure(saveError, SETTINGS_TEXT.schedulingFailed);

  /** Puts the fields at these values, as if typed (only those that differ). */
  function show(next: SchedulingForm) {
    const now = form.getValues();
    for (const key of Object.keys(next) as (keyof SchedulingForm)[]) {
      if (JSON.stringify(next[key]) !== JSON.stringify(now[key])) setField(key, next[key]);
    }
  }

  const L = SCHEDULING_LIMITS;
  // What would be saved now: the horizon's floor is the lead time, the day's end the first start.
  const live = clampedScheduling(scheduling, saved);
  const earliestHorizon = Math.max(L.horizonDays.min, live.leadDays);
  // The day cannot close before its first start hour is over (the server clamps the same way).
  const earliestDayEnd = Math.max(L.dayEndHour.min, live.firstSlotHour + 1);
  const dayEndHours = Array.from({ length: L.dayEndHour.max - earliestDayEnd + 1 }, (_, i) => earliestDayEnd + i);
  const clampOnBlur = () => show(toForm({ ...saved, ...clampedScheduling(form.getValues(), saved) }));

  /** A start hour as chosen; the day's end moves later with it when it must, as the server would move it. */
  function setStartHour(key: "firstSlotHour" | "lastSlotHour", hour: string) {
    setField(key, hour);
    const dayEndHour = String(clampedScheduling(form.getValues(), saved).dayEndHour);
    if (dayEndHour !== form.getValues("dayEndHour")) setField("dayEndHour", dayEndHour);
  }

  const closedDays = scheduling.closedWeekdays ?? [];
  const toggleWeekday = (day: number, closed: boolean) =>
    setField("closedWeekdays", closed ? [...closedDays.filter((other) => other !== day), day].sort((a, b) => a - b) : closedDays.filter((other) => other !== day));
  const weekdayErrors = errorsUnder("closedWeekdays");

  return (
    <form ref={formRef} className="settings-card" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby="settings-scheduling" noValidate>
      <h2 id="settings-scheduling" className="settings-card__title">Scheduling</h2>
      <div className="settings-card__grid">
        <FormField
          label="Availability"
          errors={errorsOf("availabilityMode")}
          hint={team
            ? "A start is offered only when a cleaner is working (Team page) and free for the whole job, and the job goes to them; the cap per start still applies."
            : "Each start takes up to the cap of bookings, whoever is working."}
        >
          {(control) => (
            <select {...control} name="availabilityMode" className="admin-input" value={scheduling.availabilityMode}
              onChange={(event) => setField("availabilityMode", event.target.value as SchedulingSettings["availabilityMode"])}>
              {AVAILABILITY_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
            </select>
          )}
        </FormField>
        {team && (
          <FormField
            label="Travel time between a cleaner's jobs (minutes)"
            errors={errorsOf("teamGapMin")}
            hint={`Kept free before and after each job: ${L.teamGapMin.min} to ${L.teamGapMin.max} in steps of ${L.teamGapMin.step} (default ${L.teamGapMin.fallback}).`}
          >
            {(control) => (
              <input
                {...control}
                className="admin-input"
                type="number"
                inputMode="numeric"
                min={L.teamGapMin.min}
                max={L.teamGapMin.max}
                step={L.teamGapMin.step}
                {...register("teamGapMin", { onBlur: clampOnBlur })}
              />
            )}
          </FormField>
        )}
        <FormField
          label="Slot buffer (minutes)"
          errors={errorsOf("slotBufferMin")}
          hint={`Minutes either side of a start that count towards the cap: ${L.slotBufferMin.min} to ${L.slotBufferMin.max} (default ${L.slotBufferMin.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.slotBufferMin.min}
              max={L.slotBufferMin.max}
              step={1}
              {...register("slotBufferMin", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="Max concurrent bookings per slot"
          errors={errorsOf("maxConcurrentPerSlot")}
          hint={`${L.maxConcurrentPerSlot.min} to ${L.maxConcurrentPerSlot.max} (default ${L.maxConcurrentPerSlot.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.maxConcurrentPerSlot.min}
              max={L.maxConcurrentPerSlot.max}
              step={1}
              {...register("maxConcurrentPerSlot", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="Lead time (days)"
          errors={errorsOf("leadDays")}
          hint={`The first day customers may book is this many days after today (Melbourne): ${L.leadDays.min} to ${L.leadDays.max} (default ${L.leadDays.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.leadDays.min}
              max={L.leadDays.max}
              step={1}
              {...register("leadDays", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="Booking horizon (days)"
          errors={errorsOf("horizonDays")}
          hint={`How far ahead customers may book: ${earliestHorizon} to ${L.horizonDays.max} days (default ${L.horizonDays.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={earliestHorizon}
              max={L.horizonDays.max}
              step={1}
              {...register("horizonDays", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="First start"
          errors={errorsOf("firstSlotHour")}
          hint={`The earliest time a job may start (Melbourne). Default ${hourText(L.firstSlotHour.fallback)}.`}
        >
          {(control) => (
            <select {...control} name="firstSlotHour" className="admin-input" value={scheduling.firstSlotHour}
              onChange={(event) => setStartHour("firstSlotHour", event.target.value)}>
              {START_HOURS.map((hour) => <option key={hour} value={String(hour)}>{hourText(hour)}</option>)}
            </select>
          )}
        </FormField>
        <FormField
          label="Last start"
          errors={errorsOf("lastSlotHour")}
          hint={`The latest time a job may start (Melbourne). Default ${hourText(L.lastSlotHour.fallback)}.`}
        >
          {(control) => (
            <select {...control} name="lastSlotHour" className="admin-input" value={scheduling.lastSlotHour}
              onChange={(event) => setStartHour("lastSlotHour", event.target.value)}>
              {START_HOURS.map((hour) => <option key={hour} value={String(hour)}>{hourText(hour)}</option>)}
            </select>
          )}
        </FormField>
        <FormField
          label="Working day ends"
          errors={errorsOf("dayEndHour")}
          hint={`Every job must end by this time (Melbourne): a start whose job would run past it is not offered. Default ${hourText(L.dayEndHour.fallback)}.`}
        >
          {(control) => (
            <select {...control} name="dayEndHour" className="admin-input" value={scheduling.dayEndHour}
              onChange={(event) => setField("dayEndHour", event.target.value)}>
              {dayEndHours.map((hour) => <option key={hour} value={String(hour)}>{hourText(hour)}</option>)}
            </select>
          )}
        </FormField>
        <FormField
          label="Reminder e-mail (hours before the job)"
          errors={errorsOf("reminderHoursBefore")}
          hint={`The customer's reminder goes this many hours before the start: ${L.reminderHoursBefore.min} to ${L.reminderHoursBefore.max} (default ${L.reminderHoursBefore.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.reminderHoursBefore.min}
              max={L.reminderHoursBefore.max}
              step={1}
              {...register("reminderHoursBefore", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="Free changes until (hours before the job)"
          errors={errorsOf("freeChangeCutoffHours")}
          hint={`Customers may move or cancel online free of charge until this many hours before the start; after that they call: ${L.freeChangeCutoffHours.min} to ${L.freeChangeCutoffHours.max} (default ${L.freeChangeCutoffHours.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.freeChangeCutoffHours.min}
              max={L.freeChangeCutoffHours.max}
              step={1}
              {...register("freeChangeCutoffHours", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
        <FormField
          label="Visits generated ahead (weeks)"
          errors={errorsOf("seriesHorizonWeeks")}
          hint={`How far ahead the visits of a regular clean are booked, each checked against capacity: ${L.seriesHorizonWeeks.min} to ${L.seriesHorizonWeeks.max} weeks (default ${L.seriesHorizonWeeks.fallback}).`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="number"
              inputMode="numeric"
              min={L.seriesHorizonWeeks.min}
              max={L.seriesHorizonWeeks.max}
              step={1}
              {...register("seriesHorizonWeeks", { onBlur: clampOnBlur })}
            />
          )}
        </FormField>
      </div>
      <fieldset className="admin-fieldset"
        aria-describedby={weekdayErrors.length > 0 ? `${weekdaysId}-hint ${weekdaysId}-error` : `${weekdaysId}-hint`}>
        <legend>Closed weekdays</legend>
        <div className="settings__weekdays">
          {WEEKDAY_BOXES.map(({ day, short, name }) => (
            <label key={day} className="admin-check">
              <input type="checkbox" checked={closedDays.includes(day)} aria-invalid={weekdayErrors.length > 0 || undefined}
                onChange={(event) => toggleWeekday(day, event.target.checked)} />
              <span aria-hidden="true">{short}</span>
              <span className="admin-visually-hidden">{name}</span>
            </label>
          ))}
        </div>
        <p id={`${weekdaysId}-hint`} className="admin-field__hint">
          No job starts on a ticked day, any week. For single days, such as public holidays, use Closed dates.
        </p>
        {weekdayErrors.length > 0 && <p id={`${weekdaysId}-error`} className="admin-field__error">{weekdayErrors.join(" ")}</p>}
      </fieldset>
      <label className="settings__check">
        <input type="checkbox" {...register("enforceBuffer")} />
        <span>Enforce the buffer (block a start once the cap is reached)</span>
      </label>
      {failure && <ErrorAlert failure={failure.failure} message={failure.text} onDismiss={dismissFailure} />}
      {notLoaded && <NotLoaded state={notLoaded} />}
      <div className="settings-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : "Save scheduling"}
        </button>
        <p role="status" className="settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}

/** Sent as typed, with the policy HTML as loaded (not edited here; the call replaces the whole content). */
const contentResolver = coreSchemaResolver<BookingFormContent, BookingFormContent>(
  contentSchema,
  ({ generalCommentEnabled, generalCommentLabel, generalCommentPlaceholder, cancellationPolicyHtml }) => (
    { generalCommentEnabled, generalCommentLabel, generalCommentPlaceholder, cancellationPolicyHtml }
  ),
  true,
);

function ContentCard({ saved, loading, notLoaded }: CardProps<BookingFormContent>) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const { form, failure: saveError, dismissFailure, working, submit } = useStaffForm({
    defaultValues: saved,
    resolver: contentResolver,
    onSubmit: async (body) => {
      const answer = await api.put<BookingFormContent>(CONTENT_PATH, body);
      const next = { ...saved, ...body, ...(answer && typeof answer === "object" ? answer : {}) };
      queryClient.setQueryData(contentQuery.queryKey, next);
      flash.show(SETTINGS_TEXT.contentSaved);
      return next;
    },
    afterSave: (next, sent) => ({ ...sent, ...next }),
    guardUnsaved: true,
  });
  const { register } = form;
  const failure = saveFailure(saveError, SETTINGS_TEXT.contentFailed);

  return (
    <form className="settings-card" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby="settings-content" noValidate>
      <h2 id="settings-content" className="settings-card__title">Booking form content</h2>
      <label className="settings__check">
        <input type="checkbox" {...register("generalCommentEnabled")} />
        <span>Show the general comments box</span>
      </label>
      <div className="settings-card__grid">
        <FormField label="Comment label">
          {(control) => (
            <input {...control} className="admin-input" maxLength={CONTENT_LIMITS.label} {...register("generalCommentLabel")} />
          )}
        </FormField>
        <FormField label="Comment placeholder">
          {(control) => (
            <input {...control} className="admin-input" maxLength={CONTENT_LIMITS.placeholder}
              {...register("generalCommentPlaceholder")} />
          )}
        </FormField>
      </div>
      {failure && <ErrorAlert failure={failure.failure} message={failure.text} onDismiss={dismissFailure} />}
      {notLoaded && <NotLoaded state={notLoaded} />}
      <div className="settings-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : "Save booking form content"}
        </button>
        <p role="status" className="settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}
