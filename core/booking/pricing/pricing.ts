/** The price of a draft, from the catalogue only (public-site.md section 9, decisions.md). */
import type { Extra, Frequency, Service } from "../../catalog/types.ts";
import { addFieldError, declareError, err, type ErrorOf, type FieldErrors, ok, type Result } from "../../shared/result.ts";
import { fromCents, roundHalfAwayFromZero, toCents } from "../../shared/money.ts";
import type { DraftExtra, Totals } from "../types.ts";

export interface PricingCatalog {
  services: Service[];
  extras: Extra[];
  frequencies: Frequency[];
}

export interface PriceableDraft {
  serviceId: string;
  hours?: number | null;
  bedrooms?: number | null;
  extras?: DraftExtra[];
  frequencyCode?: string | null;
}

export interface PricedExtraLine {
  extra: Extra;
  /** 1 when the extra has no quantity. */
  quantity: number;
  lineTotal: number;
}

export interface PricedDraft {
  service: Service;
  frequency: Frequency | null;
  extraLines: PricedExtraLine[];
  totals: Totals;
}

export const PRICING_MESSAGES = {
  serviceId: "Please choose a service.",
  hoursRequired: "Please choose the hours for this service.",
  hoursOutOfRange: (min: number, max: number) => `Please choose between ${min} and ${max} hours.`,
  bedroomsRequired: "Please choose the number of bedrooms.",
  unknownBedrooms: "That number of bedrooms isn’t offered for this service.",
  unknownExtra: "That add-on isn’t available for this service.",
  extraQuantity: "Quantity must be at least 1.",
  extraQuantityTooMany: (max: number) => `Please choose at most ${max} of this add-on.`,
  duplicateExtra: "Each add-on can be chosen once.",
  frequencyCode: "Please choose how often you’d like the service.",
} as const;

/** What pricing a draft can refuse (422s; the first failure names the error, fieldErrors has them all). */
export const PRICING_ERRORS = [
  declareError("validation", "UNKNOWN_SERVICE", PRICING_MESSAGES.serviceId),
  declareError("validation", "UNKNOWN_FREQUENCY", PRICING_MESSAGES.frequencyCode),
  declareError("validation", "HOURS_REQUIRED", PRICING_MESSAGES.hoursRequired),
  declareError("validation", "HOURS_OUT_OF_RANGE", PRICING_MESSAGES.hoursOutOfRange(2, 8)),
  declareError("validation", "BEDROOMS_REQUIRED", PRICING_MESSAGES.bedroomsRequired),
  declareError("validation", "UNKNOWN_BEDROOMS", PRICING_MESSAGES.unknownBedrooms),
  declareError("validation", "DUPLICATE_EXTRA", PRICING_MESSAGES.duplicateExtra),
  declareError("validation", "UNKNOWN_EXTRA", PRICING_MESSAGES.unknownExtra),
  declareError("validation", "INVALID_EXTRA_QUANTITY", PRICING_MESSAGES.extraQuantity),
] as const;

export type PricingError = ErrorOf<typeof PRICING_ERRORS>;

/** Hours are compared in hundredths so 0.1-style steps are exact. */
const toHundredths = (hours: number): number => roundHalfAwayFromZero(hours * 100);

function hoursOnOffer(hours: number, service: Service): boolean {
  if (!Number.isFinite(hours)) return false;
  const h = toHundredths(hours);
  // More than 2 decimals (2.333) can never be one of the offered steps.
  if (Math.abs(hours * 100 - h) > 1e-6) return false;
  const [min, max, step] = [
    toHundredths(service.minHours),
    toHundredths(service.maxHours),
    toHundredths(service.stepHours),
  ];
  if (h < min || h > max) return false;
  return step <= 0 || (h - min) % step === 0;
}

interface Failure {
  code: PricingError["code"];
  path: string;
  message: string;
}

function failed(failures: Failure[]): Result<PricedDraft, PricingError> {
  const fieldErrors: FieldErrors = {};
  for (const f of failures) addFieldError(fieldErrors, f.path, f.message);
  // The first failure names the error: a single catalogue mismatch reads best as itself.
  return err({
    kind: "validation",
    code: failures[0].code,
    message: failures[0].message,
    fieldErrors,
  });
}

/** Clamped so bad stored data can never make a recurring total negative or larger than the first. */
const discountBasisPoints = (discountPercent: number): number =>
  Math.min(10_000, Math.max(0, roundHalfAwayFromZero(discountPercent * 100)));

export function priceDraft(draft: PriceableDraft, catalog: PricingCatalog): Result<PricedDraft, PricingError> {
  const failures: Failure[] = [];
  const service = catalog.services.find((s) => s._id === draft.serviceId && s.deletedAt === null);

  let frequency: Frequency | null = null;
  let frequencyFailure: Failure | null = null;
  const code = typeof draft.frequencyCode === "string" ? draft.frequencyCode.trim() : "";
  if (code !== "") {
    frequency = catalog.frequencies.find((f) => f.code === code) ?? null;
    if (!frequency) {
      frequencyFailure = {
        code: "UNKNOWN_FREQUENCY",
        path: "frequencyCode",
        message: PRICING_MESSAGES.frequencyCode,
      };
    }
  }

  if (!service) {
    failures.push({
      code: "UNKNOWN_SERVICE",
      path: "serviceId",
      message: PRICING_MESSAGES.serviceId,
    });
    if (frequencyFailure) failures.push(frequencyFailure);
    return failed(failures);
  }

  let baseCents = 0;
  const hours = draft.hours ?? null;
  const bedrooms = draft.bedrooms ?? null;
  if (service.pricingModel === "HOURLY") {
    if (hours === null) {
      failures.push({
        code: "HOURS_REQUIRED",
        path: "hours",
        message: PRICING_MESSAGES.hoursRequired,
      });
    } else if (!hoursOnOffer(hours, service)) {
      failures.push({
        code: "HOURS_OUT_OF_RANGE",
        path: "hours",
        message: PRICING_MESSAGES.hoursOutOfRange(service.minHours, service.maxHours),
      });
    } else {
      baseCents = roundHalfAwayFromZero((toHundredths(hours) * toCents(service.ratePerHour)) / 100);
    }
  } else if (service.pricingModel === "BEDROOMS") {
    const row = bedrooms === null
      ? undefined
      : service.bedroomPrices.find((b) => b.bedrooms === bedrooms);
    if (bedrooms === null) {
      failures.push({
        code: "BEDROOMS_REQUIRED",
        path: "bedrooms",
        message: PRICING_MESSAGES.bedroomsRequired,
      });
    } else if (!row) {
      failures.push({
        code: "UNKNOWN_BEDROOMS",
        path: "bedrooms",
        message: PRICING_MESSAGES.unknownBedrooms,
      });
    } else {
      baseCents = toCents(row.price);
    }
  } else {
    baseCents = toCents(service.basePrice);
  }

  const extraLines: PricedExtraLine[] = [];
  let extrasCents = 0;
  const chosen = new Set<string>();
  (draft.extras ?? []).forEach((choice, index) => {
    const extra = catalog.extras.find((e) =>
      e._id === choice.extraId && e.serviceId === service._id && e.active && e.deletedAt === null
    );
    if (chosen.has(choice.extraId)) {
      failures.push({
        code: "DUPLICATE_EXTRA",
        path: "extras",
        message: PRICING_MESSAGES.duplicateExtra,
      });
      return;
    }
    chosen.add(choice.extraId);
    if (!extra) {
      failures.push({
        code: "UNKNOWN_EXTRA",
        path: `extras.${index}.extraId`,
        message: PRICING_MESSAGES.unknownExtra,
      });
      return;
    }
    if (!Number.isInteger(choice.quantity) || choice.quantity < 1) {
      failures.push({
        code: "INVALID_EXTRA_QUANTITY",
        path: `extras.${index}.quantity`,
        message: PRICING_MESSAGES.extraQuantity,
      });
      return;
    }
    // The extra's own maximum, so no booking is priced (or takes a place) for absurd quantities.
    if (extra.hasQuantity && choice.quantity > extra.maxQuantity) {
      failures.push({
        code: "INVALID_EXTRA_QUANTITY",
        path: `extras.${index}.quantity`,
        message: PRICING_MESSAGES.extraQuantityTooMany(extra.maxQuantity),
      });
      return;
    }
    const quantity = extra.hasQuantity ? choice.quantity : 1;
    const lineCents = toCents(extra.price) * quantity;
    extrasCents += lineCents;
    extraLines.push({ extra, quantity, lineTotal: fromCents(lineCents) });
  });

  // Reported in form order: service, hours or bedrooms, add-ons, then frequency.
  if (frequencyFailure) failures.push(frequencyFailure);
  if (failures.length > 0) return failed(failures);

  const firstCents = baseCents + extrasCents;
  const discountPercent = frequency?.discountPercent ?? 0;
  const recurringCents = roundHalfAwayFromZero(
    (firstCents * (10_000 - discountBasisPoints(discountPercent))) / 10_000,
  );
  return ok({
    service,
    frequency,
    extraLines,
    totals: {
      baseAmount: fromCents(baseCents),
      extrasAmount: fromCents(extrasCents),
      firstServiceTotal: fromCents(firstCents),
      recurringTotal: fromCents(recurringCents),
      discountPercent,
    },
  });
}
