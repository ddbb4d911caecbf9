/**
 * The cleaner form's values and its check before sending, with core's schemas (the same rules
 * and words the API validates with); the server's own field errors show under the same fields.
 */
import { cleanerInputSchema, COLOUR_PATTERN } from "@yarra/core/cleaners/schemas.ts";
import { coreSchemaResolver } from "../../lib/use-staff-form.ts";
import type { Cleaner, CleanerBody } from "./cleaners-api.ts";

export { CLEANER_LIMITS, CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";

export interface CleanerFormValues {
  name: string;
  phone: string;
  email: string;
  /** '#rrggbb', or null on a new cleaner: the server gives the first colour nobody active has. */
  colour: string | null;
}

export const EMPTY_CLEANER_FORM: CleanerFormValues = { name: "", phone: "", email: "", colour: null };

/** The colour an edit starts from; one the picker cannot show is replaced when saved. */
const FALLBACK_COLOUR = "#1f7a6d";

export const formOf = (cleaner: Cleaner): CleanerFormValues => ({
  name: cleaner.name,
  phone: cleaner.phone,
  email: cleaner.email,
  colour: COLOUR_PATTERN.test(cleaner.colour) ? cleaner.colour.toLowerCase() : FALLBACK_COLOUR,
});

/** Checks with core's schema; sends it trimmed, phone as digits, colour left out when not chosen. */
export const cleanerResolver = coreSchemaResolver<CleanerFormValues, CleanerBody>(
  cleanerInputSchema,
  ({ colour, ...rest }) => (colour === null ? rest : { ...rest, colour }),
);
