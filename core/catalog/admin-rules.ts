/**
 * Decisions of the staff catalogue calls beyond one body's fields: the errors they answer with,
 * an update merged with the stored record (then judged whole by the rules across fields), and
 * whether a reorder names only the service's own extras.
 */
import {
  declareError,
  type DomainError,
  err,
  type FieldErrors,
  hasFieldErrors,
  notFound,
  ok,
  type Result,
  type ValidationFailed,
  validationError,
} from "../shared/result.ts";
import type { ExtraOrder } from "./admin-ports.ts";
import {
  CATALOG_MESSAGES as M,
  type ExtraInput,
  type ExtraPatch,
  type FrequencyInput,
  type FrequencyPatch,
  normaliseQuestion,
  normaliseRepeat,
  type QuestionInput,
  type QuestionPatch,
  questionRuleErrors,
  repeatRuleErrors,
  type ServiceInput,
  type ServicePatch,
  serviceRuleErrors,
} from "./schemas.ts";
import { DEFAULT_FREQUENCY_CODE, type Extra, type Frequency, type Question, type StaffService } from "./types.ts";

export const SERVICE_NOT_FOUND = notFound("Service", "SERVICE_NOT_FOUND");
export const EXTRA_NOT_FOUND = notFound("Extra", "EXTRA_NOT_FOUND");
export const FREQUENCY_NOT_FOUND = notFound("Frequency", "FREQUENCY_NOT_FOUND");
export const QUESTION_NOT_FOUND = notFound("Question", "QUESTION_NOT_FOUND");

export const SLUG_TAKEN: DomainError<"SLUG_TAKEN"> = {
  ...declareError("conflict", "SLUG_TAKEN", "That slug is already used by another service (deleted ones included)."),
  fieldErrors: { slug: [M.slugTaken] },
};

export const CODE_TAKEN: DomainError<"CODE_TAKEN"> = {
  ...declareError("conflict", "CODE_TAKEN", "That code is already used by another frequency."),
  fieldErrors: { code: [M.codeTaken] },
};

/** ONE_TIME is what a booking without a chosen frequency uses: it must stay, and on the form. */
export const DEFAULT_FREQUENCY_LOCKED = declareError(
  "conflict",
  "DEFAULT_FREQUENCY",
  `${DEFAULT_FREQUENCY_CODE} is the default frequency: it cannot be deleted, retired or renamed to another code.`,
);

/** What still uses a frequency: series not ended, and bookings and quotes still to come. */
export interface FrequencyUse {
  series: number;
  bookings: number;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const frequencyInUseText = (use: FrequencyUse) => {
  const users = [
    use.series > 0 ? counted(use.series, "regular clean", "regular cleans") : "",
    use.bookings > 0 ? counted(use.bookings, "coming booking", "coming bookings") : "",
  ].filter(Boolean).join(" and ");
  return `This frequency is used by ${users}, so it can’t be deleted. Retire it instead: it leaves the booking form and they keep it.`;
};

/** 409 FREQUENCY_IN_USE; `details` counts its users ({ series, bookings }). */
export const FREQUENCY_IN_USE = declareError("conflict", "FREQUENCY_IN_USE", frequencyInUseText({ series: 1, bookings: 2 }));

/**
 * Issue 28: a frequency a live series or a coming booking uses cannot be deleted (editing them
 * would fail on an unknown frequency); retiring it hides it from the booking form instead.
 */
export function frequencyInUse(use: FrequencyUse): DomainError<"FREQUENCY_IN_USE"> | null {
  if (use.series === 0 && use.bookings === 0) return null;
  return { ...FREQUENCY_IN_USE, message: frequencyInUseText(use), details: { series: use.series, bookings: use.bookings } };
}

export const isDefaultFrequency = (frequency: Pick<Frequency, "code">): boolean =>
  frequency.code === DEFAULT_FREQUENCY_CODE;

/** A field error on one field, as a 422. */
export const fieldError = (path: string, message: string): ValidationFailed =>
  validationError({ [path]: [message] });

const judged = <T>(value: T, errors: FieldErrors = {}): Result<T, ValidationFailed> =>
  hasFieldErrors(errors) ? err(validationError(errors)) : ok(value);

// ------------------------------------------------------------ updates: the patch over the stored record

export function mergeServiceUpdate({ _id: _, deletedAt: _d, ...stored }: StaffService, patch: ServicePatch): Result<ServiceInput, ValidationFailed> {
  const merged = { ...stored, ...patch };
  return judged(merged, serviceRuleErrors(merged));
}

/** Moving an extra to another service without an order puts it last there (the store appends it). */
export function mergeExtraUpdate({ _id: _, deletedAt: _d, ...stored }: Extra, patch: ExtraPatch): Result<ExtraInput, ValidationFailed> {
  const { order, ...merged } = { ...stored, ...patch };
  const moved = patch.serviceId !== undefined && patch.serviceId !== stored.serviceId;
  return ok(moved && patch.order === undefined ? merged : { ...merged, order });
}

/** The repeat is judged as merged: a patch naming only the unit keeps the stored interval (NONE makes it 0). */
export function mergeFrequencyUpdate({ _id: _, ...stored }: Frequency, patch: FrequencyPatch): Result<FrequencyInput, ValidationFailed> {
  const merged = normaliseRepeat({ ...stored, ...patch });
  return judged(merged, repeatRuleErrors(merged));
}

export function mergeQuestionUpdate({ _id: _, ...stored }: Question, patch: QuestionPatch): Result<QuestionInput, ValidationFailed> {
  const merged = normaliseQuestion({ ...stored, ...patch });
  return judged(merged, questionRuleErrors(merged));
}

// ------------------------------------------------------------ reorder extras

/** Every extra a reorder names must be one of this service's (deleted or inactive ones too). All or nothing. */
export function validateExtraOrders(
  orders: ExtraOrder[],
  extrasOfService: readonly Pick<Extra, "_id">[],
): Result<ExtraOrder[], ValidationFailed> {
  const known = new Set(extrasOfService.map((e) => e._id));
  const strangers = orders.flatMap(({ extraId }, index) => (known.has(extraId) ? [] : [index]));
  return judged(orders, Object.fromEntries(strangers.map((index) => [`orders.${index}.extraId`, [M.extraNotOfService]])));
}
