import type { ExtraDto, ServiceDto } from "@yarra/api/client/types.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, useId, useState } from "react";
import {
  type BookingForm,
  bedroomsLabel,
  type ChosenExtra,
  extraErrorsById,
  hoursLabel,
  hoursOptions,
} from "./booking-draft.ts";
import { describedBy, FieldError, SelectField } from "./field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";

/** public-site.md section 8: the pricing load failure. */
export const PRICING_LOAD_ERROR = "We couldn’t load pricing right now. Please refresh or try again shortly.";

type ServiceSectionProps = Pick<BookingForm, "serviceId" | "hours" | "bedrooms"> & {
  /** The add-ons chosen so far. */
  chosenExtras: ChosenExtra[];
  errors: FieldErrors;
  services: ServiceDto[];
  /** The chosen service's add-ons. */
  extras: ExtraDto[];
  loading: boolean;
  pricingFailed: boolean;
  onServiceChange: (service: ServiceDto | undefined) => void;
  onChange: FormChange;
};

/** The service's price in the words of its model, for the choice cards. */
function priceHint(service: ServiceDto): string {
  if (service.pricingModel === "HOURLY") return `${formatAud(service.ratePerHour)} per hour`;
  if (service.pricingModel === "BEDROOMS") {
    const prices = service.bedroomPrices.map((row) => row.price);
    return prices.length > 0 ? `from ${formatAud(Math.min(...prices))}` : "Priced by bedrooms";
  }
  return `${formatAud(service.basePrice)} flat rate`;
}

export const ServiceSection = memo(function ServiceSection(
  {
    serviceId,
    hours,
    bedrooms,
    chosenExtras,
    errors,
    services,
    extras,
    loading,
    pricingFailed,
    onServiceChange,
    onChange,
  }: ServiceSectionProps,
) {
  const groupId = useId();
  const service = services.find((s) => s._id === serviceId);
  const serviceErrors = [...(errors.serviceId ?? []), ...(errors.serviceChoice ?? [])];
  const extraErrors = extraErrorsById(errors, chosenExtras);

  const setExtras = (next: ChosenExtra[]) => onChange({ extras: next }, ["extras"]);
  const toggleExtra = (extra: ExtraDto, checked: boolean) =>
    setExtras(
      checked
        ? [...chosenExtras, { extraId: extra._id, title: extra.title, quantity: 1 }]
        : chosenExtras.filter((chosen) => chosen.extraId !== extra._id),
    );
  const setQuantity = (extraId: string, quantity: number) => {
    setExtras(chosenExtras.map((chosen) => (chosen.extraId === extraId ? { ...chosen, quantity } : chosen)));
  };

  return (
    <SectionFrame step="service">
      {pricingFailed && <p className="booking-notice booking-notice--error" role="alert">{PRICING_LOAD_ERROR}</p>}
      {loading && <p className="booking-notice" role="status">Loading services…</p>}
      {services.length > 0 && (
        <fieldset
          className="booking-choices"
          aria-describedby={describedBy(serviceErrors.length > 0 && `${groupId}-error`)}
          aria-invalid={serviceErrors.length > 0 || undefined}
        >
          <legend className="booking-field__label">
            Service<span className="booking-field__required" aria-hidden="true"> *</span>
          </legend>
          <div className="booking-choices__grid">
            {services.map((s) => (
              <label key={s._id} className="booking-choice">
                <input
                  type="radio"
                  name="serviceId"
                  value={s._id}
                  checked={serviceId === s._id}
                  aria-invalid={serviceErrors.length > 0 || undefined}
                  onChange={() => onServiceChange(s)}
                />
                <span className="booking-choice__body">
                  <span className="booking-choice__name">{s.name}</span>
                  <span className="booking-choice__meta">{priceHint(s)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${groupId}-error`} messages={serviceErrors} />
        </fieldset>
      )}

      {service?.pricingModel === "HOURLY" && (
        <SelectField
          label="Hours"
          name="hours"
          required
          className="booking-field--narrow"
          value={hours === null ? "" : String(hours)}
          errors={errors.hours}
          hint={`${formatAud(service.ratePerHour)} per hour`}
          onValue={(value) => onChange({ hours: value === "" ? null : Number(value) }, ["hours"])}
        >
          <option value="">Choose hours</option>
          {hoursOptions(service).map((h) => <option key={h} value={h}>{hoursLabel(h)}</option>)}
        </SelectField>
      )}
      {service?.pricingModel === "BEDROOMS" && (
        <SelectField
          label="Bedrooms"
          name="bedrooms"
          required
          className="booking-field--narrow"
          value={bedrooms === null ? "" : String(bedrooms)}
          errors={errors.bedrooms}
          onValue={(value) => onChange({ bedrooms: value === "" ? null : Number(value) }, ["bedrooms"])}
        >
          <option value="">Choose bedrooms</option>
          {[...service.bedroomPrices].sort((a, b) => a.bedrooms - b.bedrooms).map((row) => (
            <option key={row.bedrooms} value={row.bedrooms}>
              {bedroomsLabel(row.bedrooms)} — {formatAud(row.price)}
            </option>
          ))}
        </SelectField>
      )}
      {/* Unknown models (hours or bedrooms) report under hours: keep the message visible. */}
      {service && service.pricingModel !== "HOURLY" && <FieldError id={`${groupId}-hours`} messages={errors.hours} />}

      {service && extras.length > 0 && (
        <fieldset className="booking-extras" aria-describedby={errors.extras ? `${groupId}-extras-error` : undefined}>
          <legend className="booking-field__label">Add-ons</legend>
          <ul className="booking-extras__list">
            {extras.map((extra) => {
              const chosen = chosenExtras.find((c) => c.extraId === extra._id);
              const checkboxId = `${groupId}-extra-${extra._id}`;
              const errorId = `${checkboxId}-error`;
              const messages = extraErrors[extra._id];
              return (
                <li key={extra._id} className={`booking-extra ${chosen ? "booking-extra--chosen" : ""}`}>
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={chosen !== undefined}
                    aria-describedby={describedBy(extra.description && `${checkboxId}-desc`, messages && errorId)}
                    aria-invalid={messages ? true : undefined}
                    onChange={(event) => toggleExtra(extra, event.target.checked)}
                  />
                  <div className="booking-extra__text">
                    <label htmlFor={checkboxId} className="booking-extra__title">
                      {extra.title}
                      <span className="booking-extra__price">
                        {formatAud(extra.price)}{extra.hasQuantity ? " each" : ""}
                      </span>
                    </label>
                    {extra.description && (
                      <p className="booking-extra__desc" id={`${checkboxId}-desc`}>{extra.description}</p>
                    )}
                    <FieldError id={errorId} messages={messages} />
                  </div>
                  {chosen && extra.hasQuantity && (
                    <QuantityInput
                      id={`${checkboxId}-qty`}
                      title={extra.title}
                      max={extra.maxQuantity}
                      quantity={chosen.quantity}
                      onQuantity={(quantity) => setQuantity(extra._id, quantity)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          <FieldError id={`${groupId}-extras-error`} messages={errors.extras} />
        </fieldset>
      )}
    </SectionFrame>
  );
});

/** Said beside the box when a quantity typed past the add-on's limits was set to the nearest one allowed. */
export const quantityClampedText = (quantity: number, limit: "least" | "most") =>
  limit === "least"
    ? `Quantity must be at least ${quantity}, so we’ve set it to ${quantity}.`
    : `Quantity can be at most ${quantity}, so we’ve set it to ${quantity}.`;

interface QuantityInputProps {
  id: string;
  /** The add-on's title, in the box's name for screen readers. */
  title: string;
  max: number;
  quantity: number;
  onQuantity: (quantity: number) => void;
}

/**
 * Lets the box be emptied while typing. A whole number past the add-on's limits (0, or 99 with a
 * maximum of 12) is set to the nearest one allowed, shown in the box and said beside it, so the
 * price follows what the box shows instead of silently keeping the last quantity.
 */
function QuantityInput({ id, title, max, quantity, onQuantity }: QuantityInputProps) {
  const [text, setText] = useState(String(quantity));
  const [clamped, setClamped] = useState<string | null>(null);
  // A quantity set from outside replaces what was typed (adjusted while rendering, not in an effect).
  const [shownQuantity, setShownQuantity] = useState(quantity);
  if (shownQuantity !== quantity) {
    setShownQuantity(quantity);
    setText(String(quantity));
  }
  const noteId = `${id}-note`;
  return (
    <>
      <div className="booking-extra__qty">
        <label htmlFor={id}>
          Quantity<span className="visually-hidden"> of {title}</span>
        </label>
        <input
          id={id}
          className="booking-input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          aria-describedby={clamped ? noteId : undefined}
          onChange={(event) => {
            const typed = event.target.value;
            const next = Number(typed);
            // Empty (or half-typed, such as '-') while the customer types: nothing to price yet.
            if (typed.trim() === "" || !Number.isFinite(next)) {
              setText(typed);
              return;
            }
            const whole = Math.trunc(next);
            const allowed = Math.min(Math.max(whole, 1), max);
            const limit = whole < 1 ? "least" : whole > max ? "most" : null;
            setClamped(limit ? quantityClampedText(allowed, limit) : null);
            setText(allowed === next ? typed : String(allowed));
            setShownQuantity(allowed);
            onQuantity(allowed);
          }}
          onBlur={() => setText(String(quantity))}
        />
      </div>
      {/* Always in the page, so the message is read out as it appears. */}
      <p className="booking-extra__qty-note booking-field__notice" id={noteId} role="status">{clamped}</p>
    </>
  );
}
