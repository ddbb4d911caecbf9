/** Expected failures are values, not exceptions (STYLE.md). */
import type { ErrorCode } from "./error-codes.ts";

export type { ErrorCode };

export type ErrorKind =
  /** A request the server cannot read: malformed JSON, a wrong key, a bad header. */
  | "bad_request"
  /** A body over the size limit. */
  | "too_large"
  | "validation"
  | "not_found"
  | "conflict"
  | "forbidden"
  | "unauthenticated"
  | "rate_limited"
  /** Busy for a moment (a full queue): 503 with Retry-After. */
  | "unavailable"
  /** The protocol's own refusals, before any rule runs. */
  | "method_not_allowed"
  | "unsupported_media"
  /** A fault on the server's side, never the caller's. */
  | "internal";

/** Messages keyed by field path, e.g. `address.postCode`. */
export type FieldErrors = Record<string, string[]>;

/**
 * An expected failure. `C` narrows the code: a use case's `Result` names the codes it can answer
 * (its own union), a route declares the same list, and the compiler checks the two agree.
 */
export interface DomainError<C extends ErrorCode = ErrorCode> {
  kind: ErrorKind;
  /** Stable machine code, e.g. SLOT_UNAVAILABLE. */
  code: C;
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

/**
 * One error a use case can answer, named once: its kind (which the API maps to a status), its
 * code and its usual message (the example the API document shows).
 */
export const declareError = <const C extends ErrorCode>(kind: ErrorKind, code: C, message: string): DomainError<C> => ({
  kind,
  code,
  message,
});

/** The error union of a list of declared errors: `ErrorOf<typeof CREATE_BOOKING_ERRORS>`. */
export type ErrorOf<L extends readonly DomainError[]> = DomainError<L[number]["code"]>;

/** The error of a result type (or of a function's promised result). */
export type FailureOf<R> = Awaited<R> extends { ok: false; error: infer E } ? E : never;

/** The 422 of a value that fails its schema or a rule about one field: `fieldErrors` says where. */
export type ValidationFailed = DomainError<"VALIDATION_FAILED">;

export const VALIDATION_FAILED = declareError("validation", "VALIDATION_FAILED", "Please fix the highlighted fields, then try again.");

export const validationError = (fieldErrors: FieldErrors, message = VALIDATION_FAILED.message): DomainError<"VALIDATION_FAILED"> => ({
  ...VALIDATION_FAILED,
  message,
  fieldErrors,
});

export const notFound = <const C extends ErrorCode = "NOT_FOUND">(what: string, code?: C): DomainError<C> => ({
  kind: "not_found",
  code: code ?? ("NOT_FOUND" as C),
  message: `${what} not found.`,
});

/** Adds a message under a field path, keeping earlier ones. */
export function addFieldError(errors: FieldErrors, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}

export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
