import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { $ZodIssue } from "zod/v4/core";
import { fieldErrorsOf } from "../core/shared/parse-input.ts";
import { declareError, type DomainError, type ErrorKind, VALIDATION_FAILED } from "../core/shared/result.ts";
import type { ErrorBody, ErrorCode } from "../core/shared/error-codes.ts";
import { isDatabaseUnavailable } from "../adapters/postgres/connection-guard.ts";
import { loggedPath } from "./middleware/request-log.ts";
import { cleanerOverlapOf } from "../adapters/postgres/transaction.ts";
import { CLEANER_BUSY } from "../core/cleaners/rules.ts";

export type { ErrorBody };

const STATUS_OF_KIND: Record<ErrorKind, ContentfulStatusCode> = {
  bad_request: 400,
  too_large: 413,
  method_not_allowed: 405,
  unsupported_media: 415,
  internal: 500,
  validation: 422,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  rate_limited: 429,
  unavailable: 503,
};

export const statusOf = (error: DomainError): ContentfulStatusCode => STATUS_OF_KIND[error.kind];

/**
 * The answers the API gives before a use case runs (the protocol, the guards, the database). Each
 * is declared once; routes list the ones that apply (`route()` adds most of them itself).
 */
export const HTTP_ERRORS = {
  badRequest: declareError("bad_request", "BAD_REQUEST", "The request body is not valid JSON."),
  badHost: declareError("bad_request", "BAD_REQUEST", "The Host header is not a valid host name."),
  tooLarge: declareError("too_large", "PAYLOAD_TOO_LARGE", "The request body is too large."),
  notFound: declareError("not_found", "NOT_FOUND", "Not found."),
  rateLimited: declareError("rate_limited", "RATE_LIMITED", "You’ve hit a rate limit. Please try again shortly."),
  databaseUnavailable: declareError(
    "unavailable",
    "DATABASE_UNAVAILABLE",
    "The service is briefly unavailable. Please try again in a moment.",
  ),
  internal: declareError("internal", "INTERNAL_ERROR", "Something went wrong on our side. Please try again."),
} as const;

/**
 * What a declared route carries besides its OpenAPI config: the codes it answers, as a
 * non-enumerable property (so the document and Hono never see it) that `route()` sets.
 */
// A type, not an interface: the route's config must stay assignable to hono's RouteConfig.
export type DeclaresErrors<C extends ErrorCode> = {
  readonly declaredErrors: readonly C[];
};

/** The codes a route declaration answers. */
export type DeclaredCodes<R> = R extends DeclaresErrors<infer C> ? C : never;

export function errorBody(error: DomainError): ErrorBody {
  return {
    error: error.message,
    code: error.code,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
}

export const sendError = (c: Context, error: DomainError) =>
  c.json(errorBody(error), statusOf(error));

/**
 * The error answer inside a declared route's handler. `error` must be one the route declares
 * (its `errors` list, plus what `route()` adds), so a use case that can fail in a new way does
 * not compile until its routes document it. Typed `never` so it fits the handler's answers.
 */
export const failWith = <R>(_route: R, c: Context, error: DomainError<DeclaredCodes<R>>): never =>
  sendError(c, error) as never;


/**
 * A use case's answer: its value as JSON with `status` (the route's declared success), or its
 * error through `failWith`. The value keeps its type, so the handler is still checked against the
 * route's response schema.
 */
export const answerWith = <R, T, S extends 200 | 201>(
  route: R,
  c: Context,
  result: { ok: true; value: T } | { ok: false; error: DomainError<DeclaredCodes<R>> },
  status: S,
) => (result.ok ? c.json(result.value, status) : failWith(route, c, result.error));

/** The hook given to every zValidator: a 422 with field errors, never zod's raw output. */
export const validationHook = (
  result: { success: boolean; error?: { issues: readonly $ZodIssue[] } },
  c: Context,
) => {
  if (!result.success) {
    return sendError(c, { ...VALIDATION_FAILED, fieldErrors: fieldErrorsOf(result.error?.issues ?? []) });
  }
};

/** Hono's own refusals (HTTPException) in the one body: the kind and code of each status. */
const ERROR_OF_STATUS: Record<number, Pick<DomainError, "kind" | "code">> = {
  400: { kind: "bad_request", code: "BAD_REQUEST" },
  401: { kind: "unauthenticated", code: "UNAUTHENTICATED" },
  403: { kind: "forbidden", code: "FORBIDDEN" },
  404: { kind: "not_found", code: "NOT_FOUND" },
  405: { kind: "method_not_allowed", code: "METHOD_NOT_ALLOWED" },
  413: { kind: "too_large", code: "PAYLOAD_TOO_LARGE" },
  415: { kind: "unsupported_media", code: "UNSUPPORTED_MEDIA_TYPE" },
  429: { kind: "rate_limited", code: "RATE_LIMITED" },
};

/** What a 503 for an unreachable or timed-out database asks clients to wait. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Unexpected errors are logged with the request id; the client never sees internals. A database
 * that is unreachable, silent or timing out is a 503 DATABASE_UNAVAILABLE with Retry-After.
 */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    const known = ERROR_OF_STATUS[error.status] ?? ERROR_OF_STATUS[400];
    return sendError(c, { ...known, message: error.message || "Bad request." });
  }
  const overlap = cleanerOverlapOf(error);
  if (overlap) {
    // The database's own guard (migration 018): a path wrote a job that puts a cleaner on two
    // overlapping jobs. Its transaction rolled back; the client is told as the use cases tell it.
    return sendError(c, { ...CLEANER_BUSY, details: overlap });
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: one line without the stack, and the client is told to come back.
    console.warn(JSON.stringify({
      level: "warn",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: loggedPath(c.req.path),
      message: `database unavailable: ${error instanceof Error ? error.message : String(error)}`,
    }));
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return sendError(c, HTTP_ERRORS.databaseUnavailable);
  }
  console.error(
    JSON.stringify({
      level: "error",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: loggedPath(c.req.path),
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
  return sendError(c, HTTP_ERRORS.internal);
};

export const apiNotFound: NotFoundHandler = (c) => sendError(c, HTTP_ERRORS.notFound);
