/** The catalogue the booking form sells: services, their add-ons, frequencies and questions. */

export const PRICING_MODELS = ["HOURLY", "BEDROOMS", "FIXED"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export interface BedroomPrice {
  bedrooms: number;
  /** A$ for that many bedrooms. */
  price: number;
}

export interface Service {
  _id: string;
  name: string;
  slug: string;
  pricingModel: PricingModel;
  /** A$ per hour (HOURLY). */
  ratePerHour: number;
  minHours: number;
  maxHours: number;
  stepHours: number;
  bedroomPrices: BedroomPrice[];
  /** A$ (FIXED). */
  basePrice: number;
  /** Short marketing line shown on cards; optional. */
  description: string;
  /** Set when soft-deleted; soft-deleted services never reach public calls. */
  deletedAt: Date | null;
}

/** Admin create defaults (admin-area.md section 3). */
export const SERVICE_DEFAULTS = {
  pricingModel: "HOURLY" as PricingModel,
  ratePerHour: 60,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  basePrice: 0,
};

export interface Extra {
  _id: string;
  serviceId: string;
  title: string;
  description: string;
  /** A$ each. */
  price: number;
  hasQuantity: boolean;
  imageUrl: string;
  active: boolean;
  /** Position in the service's list, starting at 1. */
  order: number;
  deletedAt: Date | null;
}

export interface Frequency {
  _id: string;
  name: string;
  code: string;
  /** 0 to 100; applies after the first service. */
  discountPercent: number;
}

export const DEFAULT_FREQUENCY_CODE = "ONE_TIME";

export const QUESTION_TYPES = ["TEXT", "SINGLE", "MULTI"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_SCOPES = ["GLOBAL", "SERVICE"] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export interface QuestionOption {
  label: string;
  value: string;
}

export interface Question {
  _id: string;
  scope: QuestionScope;
  /** null for GLOBAL questions. */
  serviceId: string | null;
  text: string;
  type: QuestionType;
  required: boolean;
  order: number;
  helpText: string;
  placeholder: string;
  /** Empty for TEXT. */
  options: QuestionOption[];
}

/** A customer's answer; `value` is a string for TEXT/SINGLE and a list for MULTI. */
export interface Answer {
  questionId: string;
  value: string | string[];
  /** The question text (or chosen labels) at the time of answering. */
  label?: string;
}
