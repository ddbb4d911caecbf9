import { useQuery } from "@tanstack/react-query";
import { OUTSIDE_HOURS_CHOICE, STAFF_START_STEP_MINUTES } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatYmdLong, isYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { useId, useState } from "react";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
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
  const priceId = useId();
  const service = catalogue.services.find((s) => s._id === catalogue.serviceId);
  const { form: fields, values: form, errorsOf, errorsUnder, failure: saveError, dismissFailure, working, formRef, submit, setField: set } =
    useStaffForm<ChangeForm, SeriesChange>({
      defaultValues: initial,
      // The date, and core's pricing messages by field; then what differs from the series, if anything.
      resolver: checkResolver((values) => {
        const found = changeProblems(values, service ? changePrice(values, catalogue) : null, now);
        const change = changeOf(values, series);
        if (Object.keys(found).length === 0 && change === null) found.form = [FORM_MESSAGES.nothingChanged];
        return Object.keys(found).length > 0 ? { ok: false, fieldErrors: found } : { ok: true, value: change! };
      }),
      onSubmit: async (change) => onDone(await changeSeries(series._id, change), T.changed(formatYmdLong(change.fromDate))),
      guardUnsaved: true,
      focusServerErrors: true,
    });
  const { register } = fields;
  const priced = service ? changePrice(form, catalogue) : null;

  // Only frequencies that repeat; the series' own stays listed even if it no longer does.
  const frequencies = catalogue.frequencies.filter((f) => isRepeating(f) || f.code === series.frequencyCode);
  const offered = new Set(catalogue.extras.map((extra) => extra._id));
  const unoffered = form.extras.filter((line) => !offered.has(line.extraId));
  const titleOf = (extraId: string) => series.extras.find((line) => line.extraId === extraId)?.titleAtBooking ?? extraId;
  const failure = saveError !== null && Object.keys(fieldErrorsOf(saveError)).length === 0 ? asFailure(saveError, T.failed) : null;
  const extraErrors = errorsUnder("extras");

  return (
    <form ref={formRef} className="series-change" onSubmit={submit} noValidate aria-describedby={priceId}>
      <p className="admin-field__hint">{T.intro}</p>
      {!service && <p className="admin-field__hint">{T.serviceGone}</p>}
      <div className="admin-form-grid">
        <FormField label={T.fromDate} hint={T.fromDateHint} errors={errorsOf("fromDate")}>
          {(control) => (
            <input {...control} className="admin-input" type="date" min={melbourneYmd(now)} {...register("fromDate")} />
          )}
        </FormField>
        <FormField label={T.startTime} hint={startHoursHint(catalogue.scheduling)} errors={errorsOf("startTime")}>
          {(control) => (
            <input {...control} className="admin-input" type="time" step={STAFF_START_STEP_MINUTES * 60} {...register("startTime")} />
          )}
        </FormField>
        <FormField label={T.frequency} errors={errorsOf("frequencyCode")}>
          {(control) => (
            <select {...control} className="admin-input" {...register("frequencyCode")}>
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
          <FormField label={T.hours} errors={errorsOf("hours")}>
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
          <FormField label={T.bedrooms} errors={errorsOf("bedrooms")}>
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
        <input type="checkbox" {...register("allowOutsideHours")} />
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
                      onChange={(event) => set("extras", toggleExtra(form, extra._id, event.target.checked).extras)} />
                    {extra.title} ({formatAud(extra.price)}{extra.hasQuantity ? " each" : ""})
                  </label>
                  {line && extra.hasQuantity && (
                    <input className="admin-input series-change__quantity" type="number" min={1} max={extra.maxQuantity}
                      aria-label={T.quantity(extra.title)} value={line.quantity}
                      onChange={(event) => set("extras", setExtraQuantity(form, extra._id, Number(event.target.value)).extras)} />
                  )}
                </li>
              );
            })}
            {unoffered.map((line) => (
              <li key={line.extraId} className="series-change__extra">
                <label className="admin-check">
                  <input type="checkbox" checked onChange={() => set("extras", toggleExtra(form, line.extraId, false).extras)} />
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

      {errorsOf("form") && <p className="admin-field__error" role="alert">{errorsOf("form")!.join(" ")}</p>}
      {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={dismissFailure} />}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? T.saving : T.save}
        </button>
        <button type="button" className="admin-button admin-button--secondary" disabled={working} onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
