/**
 * Issue 28: the national public holidays the demo business is closed on out of the box:
 * Christmas, Boxing Day, New Year's Day, Good Friday, Easter Monday and Anzac Day, each on the
 * date Victoria keeps it (a weekend's substitute Monday or Tuesday included), from date-holidays
 * through the Victorian calendar, so the dates are the ones the office's own holiday list shows.
 */
import type { ClosedDate } from "../../core/settings/types.ts";
import { victorianPublicHolidays } from "./victorian-public-holidays.ts";

/** date-holidays' English names of the six, as the Victorian calendar labels them. */
export const NATIONAL_HOLIDAY_NAMES = [
  "New Year's Day",
  "Good Friday",
  "Easter Monday",
  "Anzac Day",
  "Christmas Day",
  "Boxing Day",
] as const;

const isNational = (name: string) =>
  NATIONAL_HOLIDAY_NAMES.some((national) => name === national || name === `${national} (substitute day)`);

/**
 * The six national holidays from `from` to `to` (Melbourne dates, inclusive), in date order, one
 * per date; a date Victoria shares with a state holiday keeps only the national names.
 */
export function nationalPublicHolidays(from: string, to: string): ClosedDate[] {
  return victorianPublicHolidays(from, to).flatMap(({ date, label }) => {
    const names = label.split(" / ").filter(isNational);
    return names.length > 0 ? [{ date, label: names.join(" / ") }] : [];
  });
}
