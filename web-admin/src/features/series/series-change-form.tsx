import { useMutation, useQuery } from "@tanstack/react-query";
import { OUTSIDE_HOURS_CHOICE, STAFF_START_STEP_MINUTES } from "@yarra/core/booking/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatYmdLong, isYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type FormEvent, useId, useRef, useState } from "react";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { type ChangeCatalogue, changeCatalogueQuery, changeSeries, type SeriesChange, type SeriesDetail } from "./series-api.ts";
import {
  type ChangeForm,
  changeFormOf,
  changeOf,
  changePrice,
  changeProblems,
  FORM_MESSAGES,
  hoursOptions,
  isRepeating,
  setExtraQuantity,
  toggleExtra,
} from "./series-form.ts";
import { repeatText, startHoursHint } from "./series-text.ts";

export const CHANGE_TEXT = {
  title: "Change from a date",
  intro: "Visits from this date on follow the new terms; earlier visits stay as they are. The customer gets one e-mail.",
  loading: "Loading the services…",
  loadFailed: "Failed to load the services",
  fromDate: "From",
  fromDateHint: "Visits on or after this date are replaced.",
  startTime: "Start time",
  outsideHours: OUTSIDE_HOURS_CHOICE,
  frequency: "Repeats",
  hours: "Hours",
  bedrooms: "Bedrooms",
  studio: "Studio",
  extras: "Add-ons",
  noExtras: "No add-ons for this service.",
  quantity: (title: string) => `How many: ${title}`,
  price: "Price of each visit",
  priceNow: (amount: string) => `Now ${amount}`,
  priceFrom: (date: string) => `From ${date}`,
  priceNew: "New price",
  notPriced: "Choose the size to see the price.",
  serviceGone: "This service is no longer offered, so its size and add-ons can’t be priced again here.",
  save: "Change the regular clean",
  saving: "Changing…",
  cancel: "Cancel",
  failed: "Changing the regular clean failed",
  changed: (date: string) => `The regular clean changes from ${date}.`,
} as const;

const T = CHANGE_TEXT;

/** Errors under a path and every path below it (extras.0.quantity under extras). */
const errorsUnder = (errors: FieldErrors, prefix: string) =>
  Object.entries(errors).flatMap(([path, messages]) => (path === prefix || path.startsWith(`${prefix}.`) ? messages : []));

interface ChangeFormProps {
  series: SeriesDetail;
  now: Date;
  onDone: (updated: SeriesDetail, message: string) => void;
  onCancel: () => void;
}

/** The "Change from a date" form: loads what it prices with, then shows the fields. */
export function SeriesChangeForm(props: ChangeFormProps) {
  const catalogue = useQuery(changeCatalogueQuery(props.series.firstBookingId));
  if (catalogue.isPending) return <p role="status">{T.loading}</p>;
  if (catalogue.isError) return <ErrorAlert failure={asFailure(catalogue.error, T.loadFailed)} message={T.loadFailed} />;
  return <ChangeFields {...props} catalogue={catalogue.data} />;
}

function ChangeFields({ series, now, onDone, onCancel, catalogue }: ChangeFormProps & { catalogue: ChangeCatalogue }) {
  const [initial] = useState(() => changeFormOf(series, now));
  const [form, setForm] = useState<ChangeForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const priceId = useId();
  useUnsavedChanges(form !== initial);
  const service = catalogue.services.find((s) => s._id === catalogue.serviceId);
  const priced = service ? changePrice(form, catalogue) : null;
  const set = <K extends keyof ChangeForm>(key: K, value: ChangeForm[K]) => setForm({ ...form, [key]: value });

  const save = useMutation({
    mutationFn: (change: SeriesChange) => changeSeries(series._id, change),
    onSuccess: (updated, change) => onDone(updated, T.changed(formatYmdLong(change.fromDate))),
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      focusFirstProblem();
    },
  });

  function focusFirstProblem() {
    queueMicrotask(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = changeProblems(form, priced, now);
    const change = changeOf(form, series);
    if (Object.keys(found).length === 0 && change === null) found.form = [FORM_MESSAGES.nothingChanged];
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem();
      return;
    }
    save.mutate(change!);
  }

  // Only frequencies that repeat; the series' own stays listed even if it no longer does.
  const frequencies = catalogue.frequencies.filter((f) => isRepeating(f) || f.code === series.frequencyCode);
  const offered = new Set(catalogue.extras.map((extra) => extra._id));
  const unoffered = form.extras.filter((line) => !offered.has(line.extraId));
  const titleOf = (extraId: string) => series.extras.find((line) => line.extraId === extraId)?.titleAtBooking ?? extraId;
  const failure = save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0 ? asFailure(save.error, T.failed) : null;
  const extraErrors = errorsUnder(errors, "extras");

  return (
    <form ref={formRef} className="series-change" onSubmit={submit} noValidate aria-describedby={priceId}>
      <p className="admin-field__hint">{T.intro}</p>
      {!service && <p className="admin-field__hint">{T.serviceGone}</p>}
      <div className="admin-form-grid">
        <FormField label={T.fromDate} hint={T.fromDateHint} errors={errors.fromDate}>
          {(control) => (
            <input {...control} name="fromDate" className="admin-input" type="date" min={melbourneYmd(now)} value={form.fromDate}
              onChange={(event) => set("fromDate", event.target.value)} />
          )}
        </FormField>
        <FormField label={T.startTime} hint={startHoursHint(catalogue.scheduling)} errors={errors.startTime}>
          {(control) => (
            <input {...control} name="startTime" className="admin-input" type="time" step={STAFF_START_STEP_MINUTES * 60}
              value={form.startTime} onChange={(event) => set("startTime", event.target.value)} />
          )}
        </FormField>
        <FormField label={T.frequency} errors={errors.frequencyCode}>
          {(control) => (
            <select {...control} name="frequencyCode" className="admin-input" value={form.frequencyCode}
              onChange={(event) => set("frequencyCode", event.target.value)}>
              {!frequencies.some((f) => f.code === form.frequencyCode) && (
                <option value={form.frequencyCode}>{series.frequencyName}</option>
              )}
              {frequencies.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.name} ({repeatText(f.repeatUnit, f.repeatEvery).toLowerCase()}{f.discountPercent > 0 ? `, ${f.discountPercent}% off` : ""})
                </option>
              ))}
            </select>
          )}
        </FormField>
        {series.pricingModel === "HOURLY" && service && (
          <FormField label={T.hours} errors={errors.hours}>
            {(control) => (
              <select {...control} name="hours" className="admin-input" value={form.hours ?? ""}
                onChange={(event) => set("hours", event.target.value === "" ? null : Number(event.target.value))}>
                {form.hours === null && <option value="">Choose</option>}
                {hoursOptions(service).map((h) => <option key={h} value={h}>{h} {h === 1 ? "hour" : "hours"}</option>)}
              </select>
            )}
          </FormField>
        )}
        {series.pricingModel === "BEDROOMS" && service && (
          <FormField label={T.bedrooms} errors={errors.bedrooms}>
            {(control) => (
              <select {...control} name="bedrooms" className="admin-input" value={form.bedrooms ?? ""}
                onChange={(event) => set("bedrooms", event.target.value === "" ? null : Number(event.target.value))}>
                {form.bedrooms === null && <option value="">Choose</option>}
                {service.bedroomPrices.map((row) => (
                  <option key={row.bedrooms} value={row.bedrooms}>
                    {row.bedrooms === 0 ? T.studio : row.bedrooms} ({formatAud(row.price)})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
      </div>
      <label className="admin-check">
        <input type="checkbox" name="allowOutsideHours" checked={form.allowOutsideHours}
          onChange={(event) => set("allowOutsideHours", event.target.checked)} />
        {T.outsideHours}
      </label>

      {service && (
        <fieldset className="admin-fieldset series-change__extras">
          <legend>{T.extras}</legend>
          {catalogue.extras.length === 0 && unoffered.length === 0 && <p className="admin-field__hint">{T.noExtras}</p>}
          <ul className="series-change__extra-list">
            {catalogue.extras.map((extra) => {
              const line = form.extras.find((l) => l.extraId === extra._id);
              return (
                <li key={extra._id} className="series-change__extra">
                  <label className="admin-check">
                    <input type="checkbox" checked={line !== undefined}
                      onChange={(event) => setForm(toggleExtra(form, extra._id, event.target.checked))} />
                    {extra.title} ({formatAud(extra.price)}{extra.hasQuantity ? " each" : ""})
                  </label>
                  {line && extra.hasQuantity && (
                    <input className="admin-input series-change__quantity" type="number" min={1} max={extra.maxQuantity}
                      aria-label={T.quantity(extra.title)} value={line.quantity}
                      onChange={(event) => setForm(setExtraQuantity(form, extra._id, Number(event.target.value)))} />
                  )}
                </li>
              );
            })}
            {unoffered.map((line) => (
              <li key={line.extraId} className="series-change__extra">
                <label className="admin-check">
                  <input type="checkbox" checked onChange={() => setForm(toggleExtra(form, line.extraId, false))} />
                  {titleOf(line.extraId)} × {line.quantity} (no longer offered)
                </label>
              </li>
            ))}
          </ul>
          {extraErrors.length > 0 && <p className="admin-field__error">{extraErrors.join(" ")}</p>}
        </fieldset>
      )}

      <div id={priceId} className="series-change__price" aria-live="polite">
        <h3 className="series-change__price-title">{T.price}</h3>
        <p>{T.priceNow(formatAud(series.recurringTotal))}</p>
        {priced?.ok && (
          <p className="series-change__price-new">
            {isYmd(form.fromDate) ? T.priceFrom(formatYmdLong(form.fromDate)) : T.priceNew}: <strong>{formatAud(priced.value.totals.recurringTotal)}</strong>
          </p>
        )}
        {service && priced && !priced.ok && <p className="admin-field__hint">{T.notPriced}</p>}
      </div>

      {errors.form && <p className="admin-field__error" role="alert">{errors.form.join(" ")}</p>}
      {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={() => save.reset()} />}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={save.isPending}>
          {save.isPending ? T.saving : T.save}
        </button>
        <button type="button" className="admin-button admin-button--secondary" disabled={save.isPending} onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
