/**
 * The catalogue the booking form sells: services, their add-ons, frequencies and questions. A
 * stored record is what staff entered (its fields are declared once, in ./schemas.ts) plus its id.
 */
import type { FREQUENCY_REPEAT_UNITS, PRICING_MODELS, QUESTION_SCOPES, QUESTION_TYPES } from "./constants.ts";
import type { ExtraInput, FrequencyInput, QuestionInput, ServiceInput } from "./schemas.ts";

export {
  DEFAULT_FREQUENCY_CODE,
  FREQUENCY_REPEAT_UNITS,
  PRICING_MODELS,
  QUESTION_SCOPES,
  QUESTION_TYPES,
  SERVICE_DEFAULTS,
} from "./constants.ts";

export type PricingModel = (typeof PRICING_MODELS)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionScope = (typeof QUESTION_SCOPES)[number];
export type FrequencyRepeatUnit = (typeof FREQUENCY_REPEAT_UNITS)[number];

/**
 * `deletedAt` is set when soft-deleted; soft-deleted services never reach public calls. The
 * checklist for cleaners is the staff's (StaffService): the public catalogue never carries it.
 */
export type Service = Omit<ServiceInput, "checklist"> & { _id: string; deletedAt: Date | null };

/** Issue 31: a service as the staff calls read and write it, with its cleaners' checklist. */
export type StaffService = Service & { checklist: string[] };
export type BedroomPrice = Service["bedroomPrices"][number];

/** `order`: position in the service's list, starting at 1. */
export type Extra = Omit<ExtraInput, "order"> & { _id: string; order: number; deletedAt: Date | null };

/**
 * `repeatUnit`/`repeatEvery`: NONE/0 for a one-off; WEEK or MONTH every 1..52 starts a series (issue 17).
 * `active` false: retired (issue 28), off the booking form; absent reads as active.
 */
export type Frequency = FrequencyInput & { _id: string };

/** Whether the booking form offers the frequency: every one not retired. */
export const isOnOffer = (frequency: Pick<Frequency, "active">): boolean => frequency.active !== false;

export type Question = QuestionInput & { _id: string };
export type QuestionOption = Question["options"][number];

/** A customer's answer; `value` is a string for TEXT/SINGLE and a list for MULTI. */
export interface Answer {
  questionId: string;
  value: string | string[];
  /** The question text (or chosen labels) at the time of answering. */
  label?: string;
}
