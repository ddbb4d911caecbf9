import type { FrequencyDto } from "@yarra/api/client/types.ts";
import type { PricedDraft } from "@yarra/core/booking/pricing/pricing.ts";
import type { Totals } from "@yarra/core/booking/types.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { type BookingResult, resultRepeats } from "./receipt.ts";
import { PRICING_LOAD_ERROR } from "./service-section.tsx";

export const PRICE_NOTE = "Indicative only. Final totals confirmed on submit.";
export const PRICE_FOOTNOTE = "* Final totals are confirmed on submit.";
export const NO_SERVICE_NOTE = "Totals appear once a service is chosen.";
export const NEEDS_SIZE_NOTE = "Choose the hours or bedrooms to see your totals.";
/** After a successful booking or quote: the server's totals, no longer indicative. */
export const CONFIRMED_BOOKING_NOTE = "The totals of your booking, as we received it.";
export const CONFIRMED_QUOTE_NOTE = "The totals of your quote, as we received it.";

/** The Recurring line's label, or null for a clean that does not repeat (it has no recurring total). */
export function recurringLabel(
  frequency: Pick<FrequencyDto, "code" | "name"> & Partial<Pick<FrequencyDto, "repeatUnit">> | undefined,
  discountPercent: number,
) {
  if (!frequency || frequency.code === DEFAULT_FREQUENCY_CODE || frequency.repeatUnit === "NONE") return null;
  return `Recurring (${frequency.name}${discountPercent > 0 ? `, ${discountPercent}% off` : ""})`;
}

function PriceLines({ totals, recurring, footnoted }: { totals: Totals; recurring: string | null; footnoted: boolean }) {
  return (
    <dl className="price-summary__lines">
      <div className="price-summary__line">
        <dt>Base</dt>
        <dd>{formatAud(totals.baseAmount)}</dd>
      </div>
      <div className="price-summary__line">
        <dt>Extras</dt>
        <dd>{formatAud(totals.extrasAmount)}</dd>
      </div>
      <div className="price-summary__line price-summary__line--total">
        <dt>First service{footnoted ? "*" : ""}</dt>
        <dd>{formatAud(totals.firstServiceTotal)}</dd>
      </div>
      {recurring && (
        <div className="price-summary__line">
          <dt>{recurring}</dt>
          <dd>{formatAud(totals.recurringTotal)}</dd>
        </div>
      )}
    </dl>
  );
}

interface PriceSummaryProps {
  priced: PricedDraft | null;
  hasService: boolean;
  pricingFailed: boolean;
  /** The chosen frequency: a recurring one adds the Recurring line. */
  frequency: FrequencyDto | undefined;
}

/** Base, Extras, First service and (for a recurring clean) Recurring, priced live by core. */
export function PriceSummary({ priced, hasService, pricingFailed, frequency }: PriceSummaryProps) {
  if (pricingFailed) return <p className="price-summary__empty">{PRICING_LOAD_ERROR}</p>;
  if (!hasService) return <p className="price-summary__empty">{NO_SERVICE_NOTE}</p>;
  if (!priced) return <p className="price-summary__empty">{NEEDS_SIZE_NOTE}</p>;
  const { totals } = priced;
  return (
    <div className="price-summary">
      <PriceLines totals={totals} recurring={recurringLabel(frequency, totals.discountPercent)} footnoted />
      <p className="price-summary__note">{PRICE_NOTE}</p>
      <p className="price-summary__note">{PRICE_FOOTNOTE}</p>
    </div>
  );
}

/** The stored record's totals, once the booking or quote went through. */
export function ConfirmedPrice({ result }: { result: BookingResult }) {
  const frequency = { code: result.frequencyCode, name: result.frequencyNameAtBooking ?? result.frequencyCode };
  return (
    <div className="price-summary">
      <PriceLines
        totals={result}
        recurring={resultRepeats(result) ? recurringLabel(frequency, result.discountPercent) : null}
        footnoted={false}
      />
      <p className="price-summary__note">{result.type === "QUOTE" ? CONFIRMED_QUOTE_NOTE : CONFIRMED_BOOKING_NOTE}</p>
    </div>
  );
}
