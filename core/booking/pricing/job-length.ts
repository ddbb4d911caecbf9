/**
 * How long a visit takes (issue 14): hourly services from the hours booked, by-bedrooms services
 * from the bedroom count's length, fixed ones from their set length; add-ons add their minutes.
 * The booking's end time, the capacity check, the calendar, the e-mails and the .ics all use it.
 */
import { DEFAULT_VISIT_MINUTES } from "../../catalog/constants.ts";
import type { Service } from "../../catalog/types.ts";

export type LengthOfService = Pick<Service, "pricingModel" | "durationMinutes" | "bedroomPrices" | "minHours">;

export interface VisitSize {
  hours?: number | null;
  bedrooms?: number | null;
  /** The chosen add-ons' own minutes and how many of each. */
  extras?: ReadonlyArray<{ durationMinutes: number; quantity: number }>;
}

const positive = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;

/** The service's part: with no size chosen yet, the smallest visit it sells. */
function serviceMinutes(service: LengthOfService, size: VisitSize): number {
  switch (service.pricingModel) {
    case "HOURLY":
      return Math.round((positive(size.hours) ? size.hours : service.minHours) * 60);
    case "BEDROOMS": {
      const row = service.bedroomPrices.find((price) => price.bedrooms === size.bedrooms) ?? service.bedroomPrices[0];
      return row?.durationMinutes ?? service.durationMinutes;
    }
    case "FIXED":
      return service.durationMinutes;
  }
}

/** Minutes a visit takes; with no service, the 2 hours decisions.md assumes. */
export function jobMinutes(service: LengthOfService | null | undefined, size: VisitSize = {}): number {
  const base = service ? serviceMinutes(service, size) : DEFAULT_VISIT_MINUTES;
  const added = (size.extras ?? []).reduce(
    (sum, extra) => sum + (positive(extra.durationMinutes) && positive(extra.quantity) ? extra.durationMinutes * extra.quantity : 0),
    0,
  );
  return base + added;
}
