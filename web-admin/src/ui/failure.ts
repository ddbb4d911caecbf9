import { describeFailure, type FailureDescription } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";

/**
 * Any thrown value as the catalogue entry an ErrorAlert shows (an ApiError already is one). Not an
 * HTTP failure (a bug or a bad answer): the screen's own text under 'Error' when it has one, else
 * the generic server entry.
 */
export function asFailure(error: unknown, text?: string): FailureDescription {
  if (isApiError(error)) return error;
  return text === undefined ? describeFailure({ status: 500 }) : { title: "Error", text };
}

/** The server's field errors of a failed write, keyed by field path, or none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return isApiError(error) && error.fieldErrors ? error.fieldErrors : {};
}
