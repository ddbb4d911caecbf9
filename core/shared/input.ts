/** Reading untrusted input without ever throwing: wrong types count as missing. */
// Types only: the public site loads this file before zod (catalog/constants.ts, inquiry/validation.ts).
import type { z } from "zod";

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

/**
 * Breaks that start a new line: LF, CR, vertical tab, form feed, NEL and the Unicode line and
 * paragraph separators. Names, streets and labels are printed on one line (e-mails, run sheets,
 * CSV, calendar entries), where a break would split or forge a line.
 */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

export const ONE_LINE_MESSAGE = "Please keep this on one line.";

export const isOneLine = (text: string): boolean => !LINE_BREAK.test(text);

/**
 * The text field, refusing line breaks inside it (422 on that field). Put it after `.trim()`, so
 * a break at either end (a paste) is trimmed away rather than refused. Notes, messages and
 * descriptions keep their breaks: they do not use this.
 */
export const oneLine = <S extends z.ZodString>(text: S, message: string = ONE_LINE_MESSAGE): S =>
  text.refine(isOneLine, { error: message });
