import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { $ZodIssue } from "zod/v4/core";
import { fieldErrorsOf } from "../core/shared/parse-input.ts";
import type { DomainError, ErrorKind } from "../core/shared/result.ts";
import type { ErrorBody, ErrorCode } from "../core/shared/error-codes.ts";
import { isDatabaseUnavailable } from "../adapters/postgres/connection-guard.ts";
import { loggedPath } from "./middleware/request-log.ts";
import { cleanerOverlapOf } from "../adapters/postgres/transaction.ts";

export type { ErrorBody };

const STATUS_OF_KIND: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 422,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  rate_limited: 429,
  unavailable: 503,
};

export const statusOf = (error: DomainError): ContentfulStatusCode => STATUS_OF_KIND[error.kind];

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
 * The error answer inside a declared route's handler. Typed `never` so it fits any declared
 * response set: which statuses a route can answer is checked against the document by the
 * response-schema tests, not by the compiler.
 */
export const failWith = (c: Context, error: DomainError): never => sendError(c, error) as never;

/** The hook given to every zValidator: a 422 with field errors, never zod's raw output. */
export const validationHook = (
  result: { success: boolean; error?: { issues: readonly $ZodIssue[] } },
  c: Context,
) => {
  if (!result.success) {
    return sendError(c, {
      kind: "validation",
      code: "VALIDATION_FAILED",
      message: "Please fix the highlighted fields, then try again.",
      fieldErrors: fieldErrorsOf(result.error?.issues ?? []),
    });
  }
};

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** What a 503 for an unreachable or timed-out database asks clients to wait. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Unexpected errors are logged with the request id; the client never sees internals. A database
 * that is unreachable, silent or timing out is a 503 DATABASE_UNAVAILABLE with Retry-After.
 */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode;
    return c.json(
      { error: error.message || "Bad request.", code: CODE_OF_STATUS[status] ?? "BAD_REQUEST" },
      status,
    );
  }
  const overlap = cleanerOverlapOf(error);
  if (overlap) {
    // The database's own guard (migration 018): a path wrote a job that puts a cleaner on two
    // overlapping jobs. Its transaction rolled back; the client is told as the use cases tell it.
    return sendError(c, {
      kind: "conflict",
      code: "CLEANER_BUSY",
      message: "The cleaner for this job is already booked at that time. Please choose another time.",
      details: overlap,
    });
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
    return c.json(
      { error: "The service is briefly unavailable. Please try again in a moment.", code: "DATABASE_UNAVAILABLE" },
      503,
    );
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
  return c.json(
    { error: "Something went wrong on our side. Please try again.", code: "INTERNAL_ERROR" },
    500,
  );
};

export const apiNotFound: NotFoundHandler = (c) =>
  c.json({ error: "Not found.", code: "NOT_FOUND" }, 404);
