/** The Reports screen's range as URL search params (validated by the route): a preset, or custom dates. */
import { z } from "zod";
import { dayParam, enumParam } from "../../lib/search-params.ts";

export const REPORT_PRESETS = ["this-week", "last-week", "this-month", "last-month", "this-fy", "custom"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const reportsSearchSchema = z.object({
  preset: enumParam(REPORT_PRESETS),
  /** The custom range's days, as the date inputs give them. */
  from: dayParam,
  to: dayParam,
});

export type ReportsSearch = z.infer<typeof reportsSearchSchema>;
