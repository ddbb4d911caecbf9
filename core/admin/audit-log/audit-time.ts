/** Times and days as the audit log writes them: the Melbourne wall clock with the AEST/AEDT label in force then. */
import { formatMelbourneDate, formatMelbourneDateTime, melbourneInstant, melbourneZoneAbbreviation } from "../../shared/melbourne-time.ts";

/** e.g. 'Sat 5 Dec 2026, 11:00 am AEDT': Melbourne wall clock with the label in force then. */
export const formatAuditTime = (instant: Date): string => `${formatMelbourneDateTime(instant)} ${melbourneZoneAbbreviation(instant)}`;

/** e.g. '2026-12-25' -> 'Fri 25 Dec 2026'. */
export const formatDay = (ymd: string): string => formatMelbourneDate(melbourneInstant(ymd, 12));
