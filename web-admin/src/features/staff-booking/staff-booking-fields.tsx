import { isApiError } from "@yarra/api/client/http.ts";
import type { ExtraDto, FrequencyDto, PublicSchedulingDto, QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import { AU_STATES } from "@yarra/core/shared/contact.ts";
import { formatJobLength, latestBookableYmd, OUTSIDE_HOURS_CHOICE, STAFF_START_STEP_MINUTES } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { type ReactNode, useId } from "react";
import type { StaffForm } from "../../lib/use-staff-form.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import {
  hoursOptions,
  setExtraQuantity,
  type StaffBookingForm,
  toggleExtra,
  withService,
} from "./staff-booking-form.ts";
import type { Totals } from "@yarra/core/booking/types.ts";
import { BOOKING_TEXT_FIELDS, OFFICE_TEXT_MAX } from "@yarra/core/booking/text-fields.ts";

export const FIELDS_TEXT = {
  job: "The job",
  service: "Service",
  chooseService: "Choose a service",
  hours: "Hours",
  bedrooms: "Bedrooms",
  chooseSize: "Choose",
  extras: "Add-ons",
  noExtras: "No add-ons for this service.",
  noLongerOffered: "no longer offered",
  quantity: (title: string) => `How many: ${title}`,
  frequency: "Frequency",
  date: "Date",
  time: "Start time",
  outsideHours: OUTSIDE_HOURS_CHOICE,
  outsideHoursHint: (first: number, last: number) =>
    `Starts are on the quarter hour from ${first}:00 to ${last}:00 on open days; tick to book another time or a closed weekday.`,
  customer: "Customer",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  unit: "Unit (optional)",
  street: "Street",
  suburb: "Suburb",
  state: "State",
  postCode: "Postcode",
  questions: "Questions",
  price: "Price",
  base: "Base",
  extrasTotal: "Extras",
  firstService: "First service",
  recurring: "Recurring",
  length: "Job length",
  notPriced: "Choose a service and its size to see the price.",
  oneTime: "Not applicable (one-time)",
} as const;

const T = FIELDS_TEXT;

const bedroomsLabel = (bedrooms: number) => (bedrooms === 0 ? "Studio" : `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`);

/** A failed write to show in an alert: any but one whose field messages the form shows beside its fields. */
export function alertOf(error: unknown, text: string) {
  if (error === null) return null;
  if (!isApiError(error)) return asFailure(error, text);
  return Object.keys(fieldErrorsOf(error)).length === 0 ? error : null;
}

interface StaffBookingFieldsProps<TBody> {
  /** The form (useStaffForm): its values, the messages by field path, and the setters. */
  booking: StaffForm<StaffBookingForm, TBody>;
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  extras: ExtraDto[];
  /** The questions to ask (a new booking); left out on an edit, which keeps the answers given. */
  questions?: QuestionDto[];
  scheduling: PublicSchedulingDto;
  now: Date;
  /** The service is the booking's own (an edit): shown, not chosen. */
  serviceName?: string;
  /** Why size, add-ons and frequency cannot change here (a quote, a deleted service), if they cannot. */
  pricingLocked?: string;
  /** Titles of add-ons on the booking, for those the catalogue no longer offers. */
  bookedExtraTitles?: Record<string, string>;
  /** Above the contact fields: a way to fill them from a customer record (a new booking's "Find a customer"). */
  customerFinder?: ReactNode;
}

/** The booking form's fields, as the office fills them in on the phone. */
export function StaffBookingFields<TBody>(props: StaffBookingFieldsProps<TBody>) {
  const { booking, services, frequencies, extras, questions, scheduling, now, serviceName, pricingLocked } = props;
  const { form: { register }, values: form, errorsOf, errorsUnder, setField } = booking;
  const extrasErrorId = useId();
  const service = services.find((s) => s._id === form.serviceId);
  /** Sets what a change of the whole form (a new service, an add-on ticked) changed, as staff would. */
  const onChange = (next: StaffBookingForm) => {
    for (const key of Object.keys(next) as (keyof StaffBookingForm)[]) {
      if (next[key] !== form[key]) setField(key, next[key]);
    }
  };
  const sizeOf = (text: string) => (text === "" ? null : Number(text));
  const locked = pricingLocked !== undefined;
  const offered = new Set(extras.map((e) => e._id));
  const unoffered = form.extras.filter((line) => !offered.has(line.extraId));
  const extraErrors = errorsUnder("extras");
  // The add-on a message is about is marked (its quantity, if it has one), so focus can go to it.
  const lineInError = (extraId: string) => errorsUnder(`extras.${form.extras.findIndex((line) => line.extraId === extraId)}`).length > 0;
  const extraDescribedBy = extraErrors.length > 0 ? extrasErrorId : undefined;

  return (
    <>
      <fieldset className="admin-card staff-booking__section">
        <legend className="admin-card__title">{T.job}</legend>
        {pricingLocked && <p className="admin-field__hint">{pricingLocked}</p>}
        <div className="admin-form-grid">
          {serviceName !== undefined ? (
            <p className="staff-booking__fixed"><span className="admin-field__label">{T.service}</span> {serviceName}</p>
          ) : (
            <FormField label={T.service} errors={errorsOf("serviceId")}>
              {(control) => (
                <select
                  {...control}
                  name="serviceId"
                  className="admin-input"
                  value={form.serviceId}
                  onChange={(e) => onChange(withService(form, e.target.value))}
                >
                  <option value="">{T.chooseService}</option>
                  {services.map((s) => <option key={s._id} value={s._id}>{s.name}</option>)}
                </select>
              )}
            </FormField>
          )}
          {service?.pricingModel === "HOURLY" && (
            <FormField label={T.hours} errors={errorsOf("hours")}>
              {(control) => (
                <select
                  {...control}
                  name="hours"
                  className="admin-input"
                  disabled={locked}
                  value={form.hours ?? ""}
                  onChange={(e) => setField("hours", sizeOf(e.target.value))}
                >
                  <option value="">{T.chooseSize}</option>
                  {hoursOptions(service).map((h) => <option key={h} value={h}>{h} {h === 1 ? "hour" : "hours"}</option>)}
                </select>
              )}
            </FormField>
          )}
          {service?.pricingModel === "BEDROOMS" && (
            <FormField label={T.bedrooms} errors={errorsOf("bedrooms")}>
              {(control) => (
                <select
                  {...control}
                  name="bedrooms"
                  className="admin-input"
                  disabled={locked}
                  value={form.bedrooms ?? ""}
                  onChange={(e) => setField("bedrooms", sizeOf(e.target.value))}
                >
                  <option value="">{T.chooseSize}</option>
                  {service.bedroomPrices.map((row) => (
                    <option key={row.bedrooms} value={row.bedrooms}>{bedroomsLabel(row.bedrooms)} ({formatAud(row.price)})</option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormField label={T.frequency} errors={errorsOf("frequencyCode")}>
            {(control) => (
              <select
                {...control}
                name="frequencyCode"
                className="admin-input"
                disabled={locked}
                value={form.frequencyCode}
                onChange={(e) => setField("frequencyCode", e.target.value)}
              >
                {!frequencies.some((f) => f.code === form.frequencyCode) && <option value={form.frequencyCode}>{form.frequencyCode}</option>}
                {frequencies.map((f) => (
                  <option key={f.code} value={f.code}>{f.name}{f.discountPercent > 0 ? ` (${f.discountPercent}% off)` : ""}</option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {form.serviceId && (
          <fieldset className="admin-fieldset staff-booking__extras" aria-describedby={extraDescribedBy}>
            <legend>{T.extras}</legend>
            {extras.length === 0 && unoffered.length === 0 && <p className="admin-field__hint">{T.noExtras}</p>}
            <ul className="staff-booking__extra-list">
              {extras.map((extra) => {
                const line = form.extras.find((l) => l.extraId === extra._id);
                return (
                  <li key={extra._id} className="staff-booking__extra">
                    <label className="admin-check">
                      <input
                        type="checkbox"
                        disabled={locked}
                        checked={line !== undefined}
                        aria-invalid={(line !== undefined && !extra.hasQuantity && lineInError(extra._id)) || undefined}
                        onChange={(e) => onChange(toggleExtra(form, extra._id, e.target.checked))}
                      />
                      {extra.title} ({formatAud(extra.price)}{extra.hasQuantity ? " each" : ""})
                    </label>
                    {line && extra.hasQuantity && (
                      <input
                        className="admin-input staff-booking__quantity"
                        type="number"
                        min={1}
                        max={extra.maxQuantity}
                        aria-label={T.quantity(extra.title)}
                        aria-invalid={lineInError(extra._id) || undefined}
                        aria-describedby={extraDescribedBy}
                        disabled={locked}
                        value={line.quantity}
                        onChange={(e) => onChange(setExtraQuantity(form, extra._id, Number(e.target.value)))}
                      />
                    )}
                  </li>
                );
              })}
              {unoffered.map((line) => (
                <li key={line.extraId} className="staff-booking__extra">
                  <label className="admin-check">
                    <input
                      type="checkbox"
                      disabled={locked}
                      checked
                      aria-invalid={lineInError(line.extraId) || undefined}
                      onChange={() => onChange(toggleExtra(form, line.extraId, false))}
                    />
                    {props.bookedExtraTitles?.[line.extraId] ?? line.extraId} × {line.quantity} ({T.noLongerOffered})
                  </label>
                </li>
              ))}
            </ul>
            {extraErrors.length > 0 && <p id={extrasErrorId} className="admin-field__error">{extraErrors.join(" ")}</p>}
          </fieldset>
        )}
      </fieldset>

      <fieldset className="admin-card staff-booking__section">
        <legend className="admin-card__title">When</legend>
        <div className="admin-form-grid">
          {/* The start's messages (the server's, too) are the draft's startTimeISO: shown by the date. */}
          <FormField label={T.date} errors={errorsOf("startTimeISO")}>
            {(control) => (
              <input
                {...control}
                className="admin-input"
                type="date"
                min={melbourneYmd(now)}
                max={latestBookableYmd(now, scheduling)}
                {...register("date")}
              />
            )}
          </FormField>
          <FormField label={T.time}>
            {(control) => (
              <input {...control} className="admin-input" type="time" step={STAFF_START_STEP_MINUTES * 60} {...register("time")} />
            )}
          </FormField>
        </div>
        <label className="admin-check">
          <input type="checkbox" {...register("allowOutsideHours")} />
          {T.outsideHours}
        </label>
        <p className="admin-field__hint">{T.outsideHoursHint(scheduling.firstSlotHour, scheduling.lastSlotHour)}</p>
      </fieldset>

      <fieldset className="admin-card staff-booking__section">
        <legend className="admin-card__title">{T.customer}</legend>
        {props.customerFinder}
        <div className="admin-form-grid">
          {(["firstName", "lastName", "email", "phone"] as const).map((key) => (
            <FormField key={key} label={T[key]} errors={errorsOf(key)}>
              {(control) => (
                <input
                  {...control}
                  className="admin-input"
                  type={key === "email" ? "email" : key === "phone" ? "tel" : "text"}
                  autoComplete="off"
                  {...register(key)}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <fieldset className="admin-card staff-booking__section">
        <legend className="admin-card__title">{T.address}</legend>
        <div className="admin-form-grid">
          {(["unit", "street", "suburb"] as const).map((key) => (
            <FormField key={key} label={T[key]} errors={errorsOf(`address.${key}`)}>
              {(control) => <input {...control} className="admin-input" autoComplete="off" {...register(`address.${key}`)} />}
            </FormField>
          ))}
          <FormField label={T.state} errors={errorsOf("address.state")}>
            {(control) => (
              <select {...control} className="admin-input" {...register("address.state")}>
                {AU_STATES.map((state) => <option key={state} value={state}>{state}</option>)}
              </select>
            )}
          </FormField>
          <FormField label={T.postCode} errors={errorsOf("address.postCode")}>
            {(control) => (
              <input {...control} className="admin-input" inputMode="numeric" autoComplete="off" {...register("address.postCode")} />
            )}
          </FormField>
        </div>
      </fieldset>

      {questions && questions.length > 0 && (
        <fieldset className="admin-card staff-booking__section">
          <legend className="admin-card__title">{T.questions}</legend>
          <div className="admin-form-grid">
            {questions.map((question) => (
              <QuestionField
                key={question._id}
                question={question}
                value={form.answers[question._id]}
                errors={errorsOf(`answers.${question._id}`)}
                onAnswer={(value) => setField("answers", { ...form.answers, [question._id]: value })}
              />
            ))}
          </div>
        </fieldset>
      )}

      {/* The customer's notes and the office's own (core's text-fields list), each its own card. */}
      {BOOKING_TEXT_FIELDS.map((field) => (
        <fieldset key={field.key} className="admin-card staff-booking__section">
          <legend className="admin-card__title">{field.label}</legend>
          <FormField label={field.label} labelHidden hint={"hint" in field ? field.hint : undefined} errors={errorsOf(field.key)}>
            {(control) => (
              <textarea
                {...control}
                className="admin-input"
                rows={3}
                maxLength={field.writer === "office" ? OFFICE_TEXT_MAX : undefined}
                {...register(field.key)}
              />
            )}
          </FormField>
        </fieldset>
      ))}
    </>
  );
}

interface QuestionFieldProps {
  question: QuestionDto;
  value: string | string[] | undefined;
  errors?: string[];
  onAnswer: (value: string | string[]) => void;
}

function QuestionField({ question, value, errors, onAnswer }: QuestionFieldProps) {
  const errorId = useId();
  const label = `${question.text}${question.required ? " *" : ""}`;
  if (question.type === "MULTI") {
    const chosen = Array.isArray(value) ? value : [];
    const hasErrors = errors !== undefined && errors.length > 0;
    return (
      <fieldset className="admin-fieldset admin-form-grid--wide">
        <legend>{label}</legend>
        <div className="admin-radio-row">
          {question.options.map((option) => (
            <label key={option.value}>
              <input
                type="checkbox"
                aria-invalid={hasErrors || undefined}
                aria-describedby={hasErrors ? errorId : undefined}
                checked={chosen.includes(option.value)}
                onChange={(e) => onAnswer(e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))}
              />
              {option.label}
            </label>
          ))}
        </div>
        {hasErrors && <p id={errorId} className="admin-field__error">{errors.join(" ")}</p>}
      </fieldset>
    );
  }
  return (
    <FormField label={label} errors={errors} hint={question.helpText || undefined}>
      {(control) =>
        question.type === "SINGLE"
          ? (
            <select {...control} className="admin-input" value={typeof value === "string" ? value : ""} onChange={(e) => onAnswer(e.target.value)}>
              <option value="">Choose</option>
              {question.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
            </select>
          )
          : (
            <input
              {...control}
              className="admin-input"
              placeholder={question.placeholder}
              value={typeof value === "string" ? value : ""}
              onChange={(e) => onAnswer(e.target.value)}
            />
          )}
    </FormField>
  );
}

/** The totals (core's priceDraft, or the booking's own) and the job's length. */
export function PricePanel(
  { totals, lengthMinutes, oneTime, heading = T.price }: { totals: Totals | null; lengthMinutes: number | null; oneTime: boolean; heading?: string },
) {
  const titleId = useId();
  return (
    <section className="admin-card staff-booking__price" aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className="admin-card__title">{heading}</h2>
      {totals ? (
        <dl className="staff-booking__totals">
          <dt>{T.base}</dt>
          <dd>{formatAud(totals.baseAmount)}</dd>
          <dt>{T.extrasTotal}</dt>
          <dd>{formatAud(totals.extrasAmount)}</dd>
          <dt>{T.firstService}</dt>
          <dd>{formatAud(totals.firstServiceTotal)}</dd>
          <dt>{T.recurring}</dt>
          <dd>{oneTime ? T.oneTime : formatAud(totals.recurringTotal)}</dd>
          {lengthMinutes !== null && (
            <>
              <dt>{T.length}</dt>
              <dd>{formatJobLength(lengthMinutes)}</dd>
            </>
          )}
        </dl>
      ) : <p className="admin-field__hint">{T.notPriced}</p>}
    </section>
  );
}
