/**
 * Pure decisions of the staff catalogue calls: the errors they answer with, how an update is
 * merged with the stored record, and which extra orders a reorder may apply.
 */
import { isRecord, readNumber, readText } from "../shared/input.ts";
import {
  addFieldError,
  type DomainError,
  err,
  type FieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  notFound,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import type { ExtraOrder } from "./admin-ports.ts";
import { DEFAULT_FREQUENCY_CODE, type Extra, type Frequency, type Question, type Service } from "./types.ts";
import {
  CATALOG_MESSAGES,
  type ExtraInput,
  type FrequencyInput,
  type QuestionInput,
  type ServiceInput,
  validateExtraInput,
  validateFrequencyInput,
  validateQuestionInput,
  validateServiceInput,
} from "./validation.ts";

export const ADMIN_CATALOG_MESSAGES = {
  slugTaken: "Another service already uses this slug",
  codeTaken: "Another frequency already uses this code",
  ordersRequired: "Send at least one extra with its order",
  extraNotOfService: "This extra does not belong to the service",
  extraRepeated: "Each extra can appear only once",
  orderRepeated: "Each position can be used only once",
} as const;

const A = ADMIN_CATALOG_MESSAGES;

export const SERVICE_NOT_FOUND = notFound("Service", "SERVICE_NOT_FOUND");
export const EXTRA_NOT_FOUND = notFound("Extra", "EXTRA_NOT_FOUND");
export const FREQUENCY_NOT_FOUND = notFound("Frequency", "FREQUENCY_NOT_FOUND");
export const QUESTION_NOT_FOUND = notFound("Question", "QUESTION_NOT_FOUND");

export const SLUG_TAKEN: DomainError = {
  kind: "conflict",
  code: "SLUG_TAKEN",
  message: "That slug is already used by another service (deleted ones included).",
  fieldErrors: { slug: [A.slugTaken] },
};

export const CODE_TAKEN: DomainError = {
  kind: "conflict",
  code: "CODE_TAKEN",
  message: "That code is already used by another frequency.",
  fieldErrors: { code: [A.codeTaken] },
};

/** ONE_TIME is what a booking without a chosen frequency uses: it must stay. */
export const DEFAULT_FREQUENCY_LOCKED: DomainError = {
  kind: "conflict",
  code: "DEFAULT_FREQUENCY",
  message: `${DEFAULT_FREQUENCY_CODE} is the default frequency: it cannot be deleted or renamed to another code.`,
};

export const isDefaultFrequency = (frequency: Pick<Frequency, "code">): boolean =>
  frequency.code === DEFAULT_FREQUENCY_CODE;

/** A field error on one field, as a 422. */
export const fieldError = (path: string, message: string): DomainError =>
  validationError({ [path]: [message] });

/**
 * Core's verdict on a body plus what the request schema found wrong with its shape: core's
 * messages win for a field, and shape problems alone still stop the request.
 */
export function withShapeErrors<T>(result: Result<T>, shapeErrors: FieldErrors = {}): Result<T> {
  if (!hasFieldErrors(shapeErrors)) return result;
  const core = result.ok ? {} : result.error.fieldErrors ?? {};
  return err(validationError(mergeFieldErrors(core, shapeErrors)));
}

// ------------------------------------------------------------ stored record -> input

export const serviceAsInput = ({ _id: _, deletedAt: _d, ...input }: Service): ServiceInput => input;
export const extraAsInput = ({ _id: _, deletedAt: _d, ...input }: Extra): ExtraInput => input;
export const frequencyAsInput = ({ _id: _, ...input }: Frequency): FrequencyInput => input;
export const questionAsInput = ({ _id: _, ...input }: Question): QuestionInput => input;

// ------------------------------------------------------------ updates: patch, merge, re-check

/**
 * An update is a partial patch checked field by field, then merged with the stored record and
 * the whole checked again as on create, so rules across fields (min <= max hours, options of a
 * choice question) hold for what is saved.
 */
function mergeUpdate<I extends object>(
  stored: I,
  body: unknown,
  validate: (input: unknown, mode: "create" | "update") => Result<Partial<I> | I>,
  shapeErrors: FieldErrors,
): Result<I> {
  const patch = withShapeErrors(validate(body, "update"), shapeErrors);
  if (!patch.ok) return patch;
  return validate({ ...stored, ...patch.value }, "create") as Result<I>;
}

export const mergeServiceUpdate = (stored: Service, body: unknown, shapeErrors: FieldErrors = {}) =>
  mergeUpdate(serviceAsInput(stored), body, validateServiceInput, shapeErrors);

/** Moving an extra to another service without an order puts it last there. */
export function mergeExtraUpdate(
  stored: Extra,
  body: unknown,
  shapeErrors: FieldErrors = {},
): Result<ExtraInput> {
  const merged = mergeUpdate(extraAsInput(stored), body, validateExtraInput, shapeErrors);
  if (!merged.ok) return merged;
  const orderSent = isRecord(body) && body.order !== undefined;
  if (merged.value.serviceId !== stored.serviceId && !orderSent) {
    const { order: _, ...rest } = merged.value;
    return ok(rest);
  }
  return merged;
}

export const mergeFrequencyUpdate = (
  stored: Frequency,
  body: unknown,
  shapeErrors: FieldErrors = {},
) => mergeUpdate(frequencyAsInput(stored), body, validateFrequencyInput, shapeErrors);

export const mergeQuestionUpdate = (
  stored: Question,
  body: unknown,
  shapeErrors: FieldErrors = {},
) => mergeUpdate(questionAsInput(stored), body, validateQuestionInput, shapeErrors);

// ------------------------------------------------------------ reorder extras

/**
 * The `orders` of a reorder: each an extra of this service (deleted or inactive ones too), once,
 * at a whole position from 1, no two at the same position. All or nothing.
 */
export function validateExtraOrders(
  input: unknown,
  extrasOfService: readonly Pick<Extra, "_id">[],
): Result<ExtraOrder[]> {
  const errors: FieldErrors = {};
  if (!Array.isArray(input) || input.length === 0) {
    return err(validationError({ orders: [A.ordersRequired] }));
  }
  const known = new Set(extrasOfService.map((e) => e._id));
  const seenExtras = new Set<string>();
  const seenOrders = new Set<number>();
  const orders: ExtraOrder[] = [];
  input.forEach((item, index) => {
    const record = isRecord(item) ? item : {};
    const extraId = readText(record.extraId);
    const order = readNumber(record.order);
    if (!known.has(extraId)) addFieldError(errors, `orders.${index}.extraId`, A.extraNotOfService);
    else if (seenExtras.has(extraId)) {
      addFieldError(errors, `orders.${index}.extraId`, A.extraRepeated);
    }
    seenExtras.add(extraId);
    if (order === null || !Number.isInteger(order) || order < 1) {
      addFieldError(errors, `orders.${index}.order`, CATALOG_MESSAGES.order);
    } else if (seenOrders.has(order)) {
      addFieldError(errors, `orders.${index}.order`, A.orderRepeated);
    } else seenOrders.add(order);
    if (order !== null) orders.push({ extraId, order });
  });
  return hasFieldErrors(errors) ? err(validationError(errors)) : ok(orders);
}
