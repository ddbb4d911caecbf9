/** Expected failures are values, not exceptions (STYLE.md). */
import type { ErrorCode } from "./error-codes.ts";

export type { ErrorCode };

export type ErrorKind =
  | "validation"
  | "not_found"
  | "conflict"
  | "forbidden"
  | "unauthenticated"
  | "rate_limited"
  /** Busy for a moment (a full queue): 503 with Retry-After. */
  | "unavailable";

/** Messages keyed by field path, e.g. `address.postCode`. */
export type FieldErrors = Record<string, string[]>;

export interface DomainError {
  kind: ErrorKind;
  /** Stable machine code, e.g. SLOT_UNAVAILABLE. */
  code: ErrorCode;
  /** Human text, shown to the user as is. */
  message: string;
  fieldErrors?: FieldErrors;
  details?: unknown;
}

export type Result<T, E extends DomainError = DomainError> =
  | { ok: true; value: T }
  | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E extends DomainError>(error: E): { ok: false; error: E } => ({
  ok: false,
  error,
});

export const validationError = (fieldErrors: FieldErrors, message = "Please fix the highlighted fields, then try again."): DomainError => ({
  kind: "validation",
  code: "VALIDATION_FAILED",
  message,
  fieldErrors,
});

export const notFound = (what: string, code: ErrorCode = "NOT_FOUND"): DomainError => ({
  kind: "not_found",
  code,
  message: `${what} not found.`,
});

/** Adds a message under a field path, keeping earlier ones. */
export function addFieldError(errors: FieldErrors, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}

export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
