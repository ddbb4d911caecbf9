import { type ErrorCode, isApiError } from "@yarra/api/client/http.ts";

/** The machine code of any failure (none for a non-HTTP one), so screens compare it against the ErrorCode union. */
export const errorCodeOf = (error: unknown): ErrorCode | undefined => (isApiError(error) ? error.code : undefined);
