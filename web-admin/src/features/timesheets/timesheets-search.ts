/** The Timesheets screen's range as URL search params (validated by the route): its first and last Melbourne days. */
import { z } from "zod";
import { dayParam } from "../../lib/search-params.ts";

export const timesheetsSearchSchema = z.object({ from: dayParam, to: dayParam });

export type TimesheetsSearch = z.infer<typeof timesheetsSearchSchema>;
