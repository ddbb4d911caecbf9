/** The bookings list's time windows (admin-area.md section 9), computed in Melbourne time. */
import { addDaysYmd, melbourneInstant, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";

export const TIME_WINDOWS = ["all", "upcoming", "today", "next7", "next30", "past7", "custom"] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];

export const TIME_WINDOW_LABELS: Record<TimeWindow, string> = {
  all: "All",
  upcoming: "Upcoming",
  today: "Today",
  next7: "Next 7 days",
  next30: "Next 30 days",
  past7: "Past 7 days",
  custom: "Custom range",
};
export const DEFAULT_TIME_WINDOW: TimeWindow = "upcoming";

export const CUSTOM_RANGE_NEEDS_BOTH = "Choose both a from date and a to date to see a custom range.";
export const CUSTOM_RANGE_REVERSED = "The to date must be on or after the from date.";

/** Custom range dates as the date inputs give them ('YYYY-MM-DD' or ''). */
export interface CustomRange {
  from: string;
  to: string;
}

export type WindowRange =
  | { ok: true; startFrom?: string; startTo?: string; endFrom?: string }
  | { ok: false; message: string };

const midnight = (ymd: string) => melbourneInstant(ymd, 0).toISOString();

/** Why a custom range cannot be asked for yet, or null when it can. */
export function customRangeProblem(custom: CustomRange): string | null {
  if (custom.from === "" || custom.to === "") return CUSTOM_RANGE_NEEDS_BOTH;
  if (custom.to < custom.from) return CUSTOM_RANGE_REVERSED;
  return null;
}

/**
 * startFrom (inclusive) and startTo (exclusive) as ISO instants; Upcoming asks for the jobs that
 * end after now (endFrom), so a clean that started an hour ago is still on the list. Day windows run from Melbourne
 * midnight to Melbourne midnight, so a booking at 7 am today counts as "today" all day long.
 */
export function windowRange(window: TimeWindow, now: Date, custom: CustomRange = { from: "", to: "" }): WindowRange {
  const today = melbourneYmd(now);
  switch (window) {
    case "all":
      return { ok: true };
    case "upcoming":
      return { ok: true, endFrom: now.toISOString() };
    case "today":
      return { ok: true, startFrom: midnight(today), startTo: midnight(addDaysYmd(today, 1)) };
    case "next7":
      return { ok: true, startFrom: midnight(today), startTo: midnight(addDaysYmd(today, 7)) };
    case "next30":
      return { ok: true, startFrom: midnight(today), startTo: midnight(addDaysYmd(today, 30)) };
    case "past7":
      return { ok: true, startFrom: midnight(addDaysYmd(today, -7)), startTo: now.toISOString() };
    case "custom": {
      const problem = customRangeProblem(custom);
      if (problem !== null) return { ok: false, message: problem };
      // The to date is a whole day: the range ends at the following midnight.
      return { ok: true, startFrom: midnight(custom.from), startTo: midnight(addDaysYmd(custom.to, 1)) };
    }
  }
}
