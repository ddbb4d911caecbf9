/**
 * Victoria's public holidays from the date-holidays package (kept up to date by its maintainers,
 * substitute days and the AFL Grand Final Friday included), not a hand-typed list.
 */
import Holidays from "date-holidays";
import type { PublicHolidayCalendar } from "../../core/workflows/close-day.ts";
import type { ClosedDate } from "../../core/settings/types.ts";

/** Built on first use: the package reads its rules for the whole world once. */
let victoria: Holidays | undefined;
const calendar = () => (victoria ??= new Holidays("AU", "VIC", { types: ["public"] }));

/** One entry per date; two holidays on one day (Easter Monday on Anzac Day) share it. */
export function victorianPublicHolidays(from: string, to: string): ClosedDate[] {
  const labels = new Map<string, string[]>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of calendar().getHolidays(year, "en")) {
      // "2026-12-25 00:00:00": the date in the calendar's own zone, Australia/Melbourne.
      const date = holiday.date.slice(0, 10);
      if (holiday.type !== "public" || date < from || date > to) continue;
      const names = labels.get(date) ?? labels.set(date, []).get(date)!;
      if (!names.includes(holiday.name)) names.push(holiday.name);
    }
  }
  return [...labels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, names]) => ({ date, label: names.join(" / ") }));
}

export const victorianHolidayCalendar: PublicHolidayCalendar = { between: victorianPublicHolidays };
