import type { FrequencyDto } from "@yarra/api/client/types.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, useId } from "react";
import type { BookingForm } from "./booking-draft.ts";
import { describedBy, FieldError } from "./field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";

export const discountText = (frequency: Pick<FrequencyDto, "discountPercent">) =>
  frequency.discountPercent > 0 ? `${frequency.discountPercent}% off after the first service` : "No discount";

type FrequencySectionProps = Pick<BookingForm, "frequencyCode"> & {
  errors: FieldErrors;
  frequencies: FrequencyDto[];
  onChange: FormChange;
};

export const FrequencySection = memo(function FrequencySection(
  { frequencyCode, errors, frequencies, onChange }: FrequencySectionProps,
) {
  const id = useId();
  const messages = errors.frequencyCode;
  return (
    <SectionFrame step="frequency" lead="Regular cleans earn a loyalty discount from the second visit.">
      <fieldset
        className="booking-choices"
        aria-describedby={describedBy(messages && `${id}-error`)}
        aria-invalid={messages ? true : undefined}
      >
        <legend className="booking-field__label">How often?</legend>
        <div className="booking-choices__grid">
          {frequencies.map((frequency) => (
            <label key={frequency._id} className="booking-choice">
              <input
                type="radio"
                name="frequencyCode"
                value={frequency.code}
                checked={frequencyCode === frequency.code}
                onChange={() => onChange({ frequencyCode: frequency.code }, ["frequencyCode"])}
              />
              <span className="booking-choice__body">
                <span className="booking-choice__name">{frequency.name}</span>
                <span className="booking-choice__meta">{discountText(frequency)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-error`} messages={messages} />
      </fieldset>
    </SectionFrame>
  );
});
