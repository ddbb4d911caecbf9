/** Reading untrusted input without ever throwing: wrong types count as missing. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A trimmed string; any non-string is "". */
export const readText = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** A finite number, or a numeric string as HTML inputs send; anything else (blank, NaN) is null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Absent means the caller left the field out (undefined), as opposed to sending a bad value. */
export const isAbsent = (value: unknown): boolean => value === undefined;
