/** The catalogue's fixed lists and defaults, without zod: the public site imports them on first load. */

export const PRICING_MODELS = ["HOURLY", "BEDROOMS", "FIXED"] as const;
export const QUESTION_TYPES = ["TEXT", "SINGLE", "MULTI"] as const;
export const QUESTION_SCOPES = ["GLOBAL", "SERVICE"] as const;

/** Admin create defaults (admin-area.md section 3). */
export const SERVICE_DEFAULTS = {
  pricingModel: "HOURLY" as (typeof PRICING_MODELS)[number],
  ratePerHour: 60,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  basePrice: 0,
};

/** Bounds of the whole numbers staff enter, so each fits its integer column with room to spare. */
export const CATALOG_LIMITS = {
  /** An extra's or a question's position in its list. */
  order: 1_000,
  bedrooms: 20,
  /** How many of one add-on a booking may take: each extra's own maximum lies within 1..this. */
  maxQuantity: 100,
  /** A visit's length in minutes (a service's, or a bedroom count's). */
  visitMinutes: { min: 15, max: 1440 },
  /** Minutes one of an add-on may add. */
  extraMinutes: 600,
  /** A frequency repeats every 1 to this many weeks or months. */
  repeatEvery: 52,
  /** Issue 31: a service's checklist for cleaners, at most this many lines of at most `checklistItem` characters. */
  checklistItems: 30,
  checklistItem: 120,
} as const;

/** A visit's length when staff set none: the 2 hours decisions.md assumed before visits had lengths. */
export const DEFAULT_VISIT_MINUTES = 120;

/** An add-on's maximum quantity when staff set none. */
export const DEFAULT_EXTRA_MAX_QUANTITY = 20;

/** How a frequency repeats: NONE (a one-off), or every so many weeks or months (issue 17). */
export const FREQUENCY_REPEAT_UNITS = ["NONE", "WEEK", "MONTH"] as const;

/** What a booking without a chosen frequency uses. */
export const DEFAULT_FREQUENCY_CODE = "ONE_TIME";
