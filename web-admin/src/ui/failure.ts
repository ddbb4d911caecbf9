import { describeFailure, type FailureDescription } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";

/** Any thrown value as the catalogue entry an ErrorAlert shows (an ApiError already is one). */
export function asFailure(error: unknown): FailureDescription {
  if (isApiError(error)) return error;
  // Not an HTTP failure (a bug or a bad answer): the generic server entry is the honest text.
  return describeFailure({ status: 500 });
}

/** The server's field errors of a failed write, keyed by field path, or none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return isApiError(error) && error.fieldErrors ? error.fieldErrors : {};
}
