/** A calendar date at the API boundary, written once for every field and query that takes one. */
import { z } from "zod";
import { isYmd } from "./melbourne-time.ts";

export const YMD_MESSAGE = "Use a date written YYYY-MM-DD.";

/**
 * A real calendar date written YYYY-MM-DD (2026-02-30 is not one); nothing else is looked at once
 * the shape fails. `text` says what a value that is no string at all is told.
 */
export const ymdText = (text: z.ZodString = z.string()) =>
  text.regex(/^\d{4}-\d{2}-\d{2}$/, { error: YMD_MESSAGE, abort: true }).refine(isYmd, YMD_MESSAGE);
