/** What the staff forms check before sending: the very schemas the API validates with. */
import type { z } from "zod";
import { isRecord, readNumber } from "../shared/input.ts";
import { parseInput } from "../shared/parse-input.ts";
import type { Result } from "../shared/result.ts";
import {
  extraInputSchema,
  extraUpdateSchema,
  frequencyInputSchema,
  frequencyUpdateSchema,
  questionInputSchema,
  questionUpdateSchema,
  serviceInputSchema,
  serviceUpdateSchema,
  toHundredths,
} from "./schemas.ts";
import type { QuestionOption } from "./types.ts";

export type {
  ExtraInput,
  ExtraPatch,
  FrequencyInput,
  FrequencyPatch,
  QuestionInput,
  QuestionPatch,
  ServiceInput,
  ServicePatch,
} from "./schemas.ts";

/** create: every rule and default applies; update: a partial patch, checked field by field. */
export type CatalogInputMode = "create" | "update";

interface Validate<Input, Patch> {
  (input: unknown, mode: "create"): Result<Input>;
  (input: unknown, mode: "update"): Result<Patch>;
  (input: unknown, mode: CatalogInputMode): Result<Input | Patch>;
}

/** Anything but an object is judged as an empty body (the API answers 400 before its schema sees one). */
const validator = <C extends z.ZodType, U extends z.ZodType>(create: C, update: U) =>
  ((input: unknown, mode: CatalogInputMode) =>
    parseInput(mode === "create" ? create : update, isRecord(input) ? input : {})) as Validate<z.output<C>, z.output<U>>;

export const validateServiceInput = validator(serviceInputSchema, serviceUpdateSchema);
export const validateExtraInput = validator(extraInputSchema, extraUpdateSchema);
export const validateFrequencyInput = validator(frequencyInputSchema, frequencyUpdateSchema);
export const validateQuestionInput = validator(questionInputSchema, questionUpdateSchema);

/** 'Edit %': clamps to 0..100 and falls back to 0 for anything that is not a number. */
export function clampDiscountPercent(value: unknown): number {
  const n = readNumber(value);
  return n === null ? 0 : toHundredths(Math.min(100, Math.max(0, n)));
}

export const QUESTION_OPTION_TEMPLATES: readonly { key: string; name: string; options: readonly QuestionOption[] }[] = [
  { key: "yes-no", name: "Yes/No", options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }] },
  {
    key: "access",
    name: "Access",
    options: [{ label: "Someone will be home", value: "someone_home" }, { label: "Lockbox", value: "lockbox" }],
  },
  {
    key: "pets",
    name: "Pets",
    options: [{ label: "No pets", value: "no_pets" }, { label: "Dog", value: "dog" }, { label: "Cat", value: "cat" }],
  },
];
