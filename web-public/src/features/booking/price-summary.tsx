import type { PricedDraft } from "@yarra/core/booking/pricing.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { PRICING_LOAD_ERROR } from "./service-section.tsx";

export const PRICE_NOTE = "Indicative only. Final totals confirmed on submit.";
export const PRICE_FOOTNOTE = "* Final totals are confirmed on submit.";
export const NO_SERVICE_NOTE = "Totals appear once a service is chosen.";
export const NEEDS_SIZE_NOTE = "Choose the hours or bedrooms to see your totals.";

interface PriceSummaryProps {
  priced: PricedDraft | null;
  hasService: boolean;
  pricingFailed: boolean;
  /** The frequency's name, for the Recurring line. */
  frequencyName?: string;
}

/** Base, Extras, First service and Recurring, priced live by core from the loaded catalogue. */
export function PriceSummary({ priced, hasService, pricingFailed, frequencyName }: PriceSummaryProps) {
  if (pricingFailed) return <p className="price-summary__empty">{PRICING_LOAD_ERROR}</p>;
  if (!hasService) return <p className="price-summary__empty">{NO_SERVICE_NOTE}</p>;
  if (!priced) return <p className="price-summary__empty">{NEEDS_SIZE_NOTE}</p>;
  const { totals } = priced;
  return (
    <div className="price-summary">
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
          <dt>First service*</dt>
          <dd>{formatAud(totals.firstServiceTotal)}</dd>
        </div>
        <div className="price-summary__line">
          <dt>
            Recurring{frequencyName ? ` (${frequencyName}` : ""}
            {frequencyName && totals.discountPercent > 0 ? `, ${totals.discountPercent}% off` : ""}
            {frequencyName ? ")" : ""}
          </dt>
          <dd>{formatAud(totals.recurringTotal)}</dd>
        </div>
      </dl>
      <p className="price-summary__note">{PRICE_NOTE}</p>
      <p className="price-summary__note">{PRICE_FOOTNOTE}</p>
    </div>
  );
}
