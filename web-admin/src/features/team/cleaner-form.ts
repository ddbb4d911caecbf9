/**
 * The cleaner form's values and its check before sending, with core's schemas (the same rules
 * and words the API validates with); the server's own field errors show under the same fields.
 */
import { cleanerInputSchema, COLOUR_PATTERN } from "@yarra/core/cleaners/schemas.ts";
import { parseInput } from "@yarra/core/shared/parse-input.ts";
import type { Cleaner, CleanerBody } from "./cleaners-api.ts";

export { CLEANER_LIMITS, CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";

export interface CleanerFormValues {
  name: string;
  phone: string;
  email: string;
  /** '#rrggbb', or null on a new cleaner: the server gives the first colour nobody active has. */
  colour: string | null;
}

export type CleanerFieldErrors = Partial<Record<keyof CleanerFormValues, string[]>>;

export const EMPTY_CLEANER_FORM: CleanerFormValues = { name: "", phone: "", email: "", colour: null };

/** The colour an edit starts from; one the picker cannot show is replaced when saved. */
const FALLBACK_COLOUR = "#1f7a6d";

export const formOf = (cleaner: Cleaner): CleanerFormValues => ({
  name: cleaner.name,
  phone: cleaner.phone,
  email: cleaner.email,
  colour: COLOUR_PATTERN.test(cleaner.colour) ? cleaner.colour.toLowerCase() : FALLBACK_COLOUR,
});

/** The body to send (trimmed, phone as digits, colour left out when not chosen), or the messages to show. */
export function checkCleanerForm(values: CleanerFormValues):
  | { ok: true; body: CleanerBody }
  | { ok: false; fieldErrors: CleanerFieldErrors } {
  const { colour, ...rest } = values;
  const verdict = parseInput(cleanerInputSchema, colour === null ? rest : { ...rest, colour });
  if (!verdict.ok) return { ok: false, fieldErrors: (verdict.error.fieldErrors ?? {}) as CleanerFieldErrors };
  const { colour: chosen, ...body } = verdict.value;
  return { ok: true, body: chosen === undefined ? body : { ...body, colour: chosen } };
}
