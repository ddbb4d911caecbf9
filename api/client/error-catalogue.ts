/**
 * The spec's generic error catalogue (public-site.md and admin-area.md, section 8): turns the
 * outcome of any call into the title and text a screen shows. Pure TS, no DOM or Node APIs.
 */
import type { ErrorCode } from "../../core/shared/error-codes.ts";

export type { ErrorCode };

/** Messages keyed by field path, e.g. `address.postCode`. */
export type FieldErrorMap = Record<string, string[]>;

/** What a screen needs to show a failed call; ApiError carries the same fields. */
export interface FailureDescription {
  title: string;
  text: string;
  /** HTTP status; absent when the request never got an answer. */
  status?: number;
  /** The server's machine code, e.g. SLOT_UNAVAILABLE: one of core's union, so screens switch on it. */
  code?: ErrorCode;
  details?: unknown;
  fieldErrors?: FieldErrorMap;
  /** The server's human text (`error`, or `message` from older servers). */
  serverMessage?: string;
}

/** A call's outcome: no status means no connection (fetch itself failed). */
export interface FailureOutcome {
  status?: number;
  /** The parsed response body: the decisions.md shape `{ error, code, fieldErrors?, details? }`. */
  body?: unknown;
}

export const NETWORK_ERROR = {
  title: "Network error",
  text: "Check your internet connection and try again.",
} as const;

/** Fixed entries by status; 400 is special because its text is the server's message. */
export const STATUS_CATALOGUE: Readonly<Record<number, { title: string; text: string }>> = {
  401: {
    title: "Authentication required",
    text: "Your session may have expired. Please log in again.",
  },
  403: {
    title: "Permission denied",
    text: "You don\u2019t have permission to perform this action.",
  },
  404: { title: "Not found", text: "The resource may have been moved or deleted." },
  409: { title: "Conflict", text: "That item already exists or was updated elsewhere." },
  422: { title: "Validation error", text: "Please fix the fields below and try again." },
  429: {
    title: "Too many requests",
    text: "You\u2019ve hit a rate limit. Please try again shortly.",
  },
  500: { title: "Server error", text: "Something went wrong on our side. Please try again." },
  502: { title: "Server error", text: "Something went wrong on our side. Please try again." },
  503: { title: "Server error", text: "Something went wrong on our side. Please try again." },
  504: { title: "Server error", text: "Something went wrong on our side. Please try again." },
};

export const BAD_REQUEST_TITLE = "Bad request";
/** Used for a 400 whose body carries no message: the spec only says "the server's message". */
export const BAD_REQUEST_FALLBACK_TEXT =
  "The request could not be processed. Please check it and try again.";
/** Statuses the spec does not list. */
export const OTHER_CLIENT_ERROR = {
  title: "Request failed",
  text: "The request could not be completed. Please try again.",
} as const;
export const OTHER_SERVER_ERROR = STATUS_CATALOGUE[500];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** The server's human text: `error` per decisions.md, `message` as a courtesy; plain-text bodies too. */
function serverMessageOf(body: unknown): string | undefined {
  if (isRecord(body)) {
    return nonEmptyString(body.error) ?? nonEmptyString(body.message) ??
      (isRecord(body.error) ? nonEmptyString(body.error.message) : undefined);
  }
  // A proxy's HTML error page is no message for a person.
  const text = nonEmptyString(body);
  if (text && !text.startsWith("<") && text.length <= 500) return text;
  return undefined;
}

function toMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(toMessages);
  const text = nonEmptyString(value);
  if (text) return [text];
  if (isRecord(value)) return toMessages(value.message ?? value.msg);
  return [];
}

/**
 * Field errors from `fieldErrors` or `errors`: a map of field → message(s), or a list of
 * `{ path|field|param, message|msg }` items as some validators send.
 */
export function normaliseFieldErrors(raw: unknown): FieldErrorMap | undefined {
  const result: FieldErrorMap = {};
  const add = (field: string, messages: string[]) => {
    if (field === "" || messages.length === 0) return;
    result[field] = [...(result[field] ?? []), ...messages];
  };
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (!isRecord(item)) continue;
      const rawField = item.path ?? item.field ?? item.param;
      const field = Array.isArray(rawField) ? rawField.join(".") : String(rawField ?? "");
      add(field, toMessages(item.message ?? item.msg));
    }
  } else if (isRecord(raw)) {
    for (const [field, value] of Object.entries(raw)) add(field, toMessages(value));
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Maps the outcome of any call to the catalogue entry, keeping the server's code and details. */
export function describeFailure(outcome: FailureOutcome): FailureDescription {
  const { status, body } = outcome;
  if (status === undefined || status === 0) return { ...NETWORK_ERROR };

  const serverMessage = serverMessageOf(body);
  const record = isRecord(body) ? body : {};
  // The server's error body declares `code` as core's union (ErrorBodySchema); passed on as sent.
  const code = nonEmptyString(record.code) as ErrorCode | undefined;
  const fieldErrors = normaliseFieldErrors(record.fieldErrors) ??
    normaliseFieldErrors(record.errors);

  let entry: { title: string; text: string };
  if (status === 400) {
    entry = { title: BAD_REQUEST_TITLE, text: serverMessage ?? BAD_REQUEST_FALLBACK_TEXT };
  } else if (STATUS_CATALOGUE[status]) {
    entry = STATUS_CATALOGUE[status];
  } else if (status >= 500) {
    entry = OTHER_SERVER_ERROR;
  } else {
    entry = { title: OTHER_CLIENT_ERROR.title, text: serverMessage ?? OTHER_CLIENT_ERROR.text };
  }

  const description: FailureDescription = { title: entry.title, text: entry.text, status };
  if (code !== undefined) description.code = code;
  if (record.details !== undefined) description.details = record.details;
  if (fieldErrors !== undefined) description.fieldErrors = fieldErrors;
  if (serverMessage !== undefined) description.serverMessage = serverMessage;
  return description;
}

/** The Details expander's lines: 'field: messages'. */
export function formatFieldErrors(fieldErrors: FieldErrorMap | undefined): string[] {
  if (!fieldErrors) return [];
  return Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(" ")}`);
}

/** "The server's error text, else <fallback>", the rule the spec gives for most screens. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isRecord(error) || error instanceof Error) {
    const message = nonEmptyString((error as { serverMessage?: unknown }).serverMessage);
    if (message) return message;
  }
  return fallback;
}

/** Issue 28: what a FREQUENCY_IN_USE refusal counts (its `details`). */
export interface FrequencyInUseDetails {
  /** Regular cleans (series) not ended that repeat with it. */
  series: number;
  /** Bookings and quotes still to come that were made with it. */
  bookings: number;
}

const countOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The counts of a FREQUENCY_IN_USE failure, or null for any other failure (or details it cannot read). */
export function frequencyInUseDetails(failure: Pick<FailureDescription, "code" | "details"> | unknown): FrequencyInUseDetails | null {
  if (!isRecord(failure) && !(failure instanceof Error)) return null;
  const { code, details } = failure as { code?: unknown; details?: unknown };
  if (code !== "FREQUENCY_IN_USE" || !isRecord(details)) return null;
  const series = countOf(details.series);
  const bookings = countOf(details.bookings);
  return series === undefined || bookings === undefined ? null : { series, bookings };
}
