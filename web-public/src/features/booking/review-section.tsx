import type { BookingFormContentDto, FrequencyDto, ServiceDto } from "@yarra/api/client/types.ts";
import { LegalLinks } from "../../ui/legal-links.tsx";
import type { PricedDraft } from "@yarra/core/booking/pricing/pricing.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, type ReactNode } from "react";
import { type BookingForm, bedroomsLabel, hoursLabel, startTimeIsoOf } from "./booking-draft.ts";
import { TextAreaField } from "./text-area-field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";
import { PriceSummary } from "./price-summary.tsx";
import { DepositNote } from "./deposit.tsx";
import type { SubmitKind } from "./booking-api.ts";

export const TO_BE_DECIDED = "(to be decided)";

interface ReviewSectionProps {
  form: BookingForm;
  errors: FieldErrors;
  service: ServiceDto | undefined;
  frequency: FrequencyDto | undefined;
  content: BookingFormContentDto;
  priced: PricedDraft | null;
  pricingFailed: boolean;
  submitting: SubmitKind | null;
  /** The banner's text, repeated under the buttons where the customer is looking. */
  submitMessage: string | null;
  /** Why only a quote can be asked for (the postcode is outside the service area), or null. */
  quoteOnlyReason: string | null;
  onChange: FormChange;
  onSubmit: (kind: SubmitKind) => void;
}

/** The chosen size of the clean in words: '3 hours', '2 bedrooms', or nothing for FIXED. */
export function serviceSizeText(form: Pick<BookingForm, "servicePricingModel" | "hours" | "bedrooms">): string {
  if (form.servicePricingModel === "HOURLY" && form.hours !== null) return hoursLabel(form.hours);
  if (form.servicePricingModel === "BEDROOMS" && form.bedrooms !== null) return bedroomsLabel(form.bedrooms);
  return "";
}

/** Shows the whole draft, so it re-renders with every change to it (not when questions arrive). */
export const ReviewSection = memo(function ReviewSection(props: ReviewSectionProps) {
  const { form, errors, service, frequency, content, priced, pricingFailed, submitting, submitMessage, quoteOnlyReason } =
    props;
  const start = startTimeIsoOf(form);
  const size = serviceSizeText(form);
  const addressLine = [form.address.unit.trim(), form.address.street.trim()].filter(Boolean).join("/");
  // The preset state alone is no address yet.
  const hasPlace = form.address.suburb.trim() !== "" || form.address.postCode.trim() !== "";
  const place = hasPlace
    ? [form.address.suburb.trim(), form.address.state, form.address.postCode.trim()].filter(Boolean).join(" ")
    : "";
  const fullName = `${form.firstName.trim()} ${form.lastName.trim()}`.trim();

  return (
    <SectionFrame step="review">
      <dl className="booking-review">
        <ReviewRow term="Customer">
          {fullName || "—"}
          {form.email.trim() && <><br />{form.email.trim()}</>}
          {form.phone.trim() && <><br />{form.phone.trim()}</>}
        </ReviewRow>
        <ReviewRow term="Address">
          {addressLine || place ? <>{addressLine}{addressLine && place && <br />}{place}</> : "—"}
        </ReviewRow>
        <ReviewRow term="Service">
          {service ? `${service.name}${size ? ` — ${size}` : ""}` : "—"}
        </ReviewRow>
        <ReviewRow term="Date and time">
          {start ? formatMelbourneDateTime(new Date(start)) : TO_BE_DECIDED}
        </ReviewRow>
        <ReviewRow term="Frequency">{frequency?.name ?? "—"}</ReviewRow>
        <ReviewRow term="Extras">
          {form.extras.length === 0 ? "None" : (
            <ul className="booking-review__extras">
              {form.extras.map((extra) => {
                const line = priced?.extraLines.find((l) => l.extra._id === extra.extraId);
                const quantity = line?.quantity ?? extra.quantity;
                return <li key={extra.extraId}>{extra.title} × {quantity}</li>;
              })}
            </ul>
          )}
        </ReviewRow>
      </dl>

      {content.generalCommentEnabled && (
        <TextAreaField
          label={content.generalCommentLabel}
          placeholder={content.generalCommentPlaceholder}
          value={form.notes}
          errors={errors.notes}
          maxLength={2000}
          onValue={(notes) => props.onChange({ notes }, ["notes"])}
        />
      )}

      <div className="booking-policy">
        <h3 className="booking-policy__title">Cancellation policy</h3>
        {/* Sanitised by the server (admin-area.md): the one field rendered as HTML. */}
        <div className="booking-policy__body" dangerouslySetInnerHTML={{ __html: content.cancellationPolicyHtml }} />
      </div>

      <div className="booking-review__price">
        <h3 className="booking-policy__title">Price summary</h3>
        <PriceSummary
          priced={priced}
          hasService={Boolean(form.serviceId)}
          pricingFailed={pricingFailed}
          frequency={frequency}
        />
      </div>

      {quoteOnlyReason && <p className="booking-notice booking-notice--warning">{quoteOnlyReason}</p>}
      {/* Issue 30: with card payments on and a deposit set, the booking says so before it is made. */}
      {!quoteOnlyReason && <DepositNote firstServiceTotal={priced ? priced.totals.firstServiceTotal : null} />}
      <div className="booking-actions">
        {quoteOnlyReason
          // Outside the service area a booking would be refused; a quote request is still welcome.
          ? (
            <button
              type="button"
              className="button button--primary booking-button--primary"
              disabled={submitting !== null}
              onClick={() => props.onSubmit("QUOTE")}
            >
              {submitting === "QUOTE" ? "Submitting…" : "Request a quote"}
            </button>
          )
          : (
            <>
              <button
                type="button"
                className="button button--ghost booking-button--secondary"
                disabled={submitting !== null}
                onClick={() => props.onSubmit("QUOTE")}
              >
                {submitting === "QUOTE" ? "Submitting…" : "Get Quote"}
              </button>
              <button
                type="button"
                className="button button--primary booking-button--primary"
                disabled={submitting !== null}
                onClick={() => props.onSubmit("BOOKING")}
              >
                {submitting === "BOOKING" ? "Booking…" : "Book Now"}
              </button>
            </>
          )}
      </div>
      {submitMessage && <p className="booking-actions__message">{submitMessage}</p>}
      <LegalLinks action="booking or requesting a quote" className="booking-legal" />
    </SectionFrame>
  );
});

function ReviewRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="booking-review__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
