/** A schema's verdict as a Result: the forms check with the same schema the API validates with. */
import type { z } from "zod";
import { err, type FieldErrors, ok, type Result, type ValidationFailed, validationError } from "./result.ts";

/** zod issues as field errors keyed by path (`address.postCode`); the root is `body`. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) (fieldErrors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  return fieldErrors;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>, ValidationFailed> {
  const parsed = schema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err(validationError(fieldErrorsOf(parsed.error.issues)));
}
