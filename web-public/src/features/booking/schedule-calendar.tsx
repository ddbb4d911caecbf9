/**
 * The month grid of the schedule (issue 14): Melbourne days, only open ones selectable, today
 * marked, arrow keys between days (DayPicker's grid), and the months limited to the bookable range.
 * Only DayPicker itself is imported, and styled by booking.css: its own stylesheet is not loaded.
 *
 * The grid's dates are plain calendar days (local midnight, whatever the device's zone) standing
 * for Melbourne dates, and "today" is Melbourne's: the same days as a time-zoned grid, without
 * its cost on every date DayPicker works out (it made each render several times slower).
 */
import { parseYmd } from "@yarra/core/shared/melbourne-time.ts";
import { memo, useMemo } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import type { AvailabilityDay } from "./booking-api.ts";
import { type BookableRange, dayButtonLabel, monthOf } from "./availability-calendar.ts";

/** The grid's date for a Melbourne date 'YYYY-MM-DD'. */
function dateOf(ymd: string): Date {
  const parts = parseYmd(ymd);
  if (!parts) throw new RangeError(`Not a calendar date: ${ymd}`);
  return new Date(parts.year, parts.month - 1, parts.day);
}

/** The Melbourne date a grid date stands for. */
const ymdOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

interface ScheduleCalendarProps {
  range: BookableRange;
  /** Melbourne's today, 'YYYY-MM-DD'. */
  todayYmd: string;
  /** 'YYYY-MM' on screen. */
  month: string;
  /** The chosen day, or ''. */
  date: string;
  days: ReadonlyMap<string, AvailabilityDay>;
  onMonthChange: (month: string) => void;
  onSelectDay: (ymd: string) => void;
}

export const ScheduleCalendar = memo(function ScheduleCalendar(
  { range, todayYmd, month, date, days, onMonthChange, onSelectDay }: ScheduleCalendarProps,
) {
  const bounds = useMemo(
    () => ({ start: dateOf(range.earliestYmd), end: dateOf(range.latestYmd), today: dateOf(todayYmd) }),
    [range, todayYmd],
  );
  // Days the API has not answered for (or says are closed) cannot be chosen.
  const matchers = useMemo(() => {
    const dayOf = (date: Date) => days.get(ymdOf(date));
    const closed: Matcher = (date) => {
      const day = dayOf(date);
      return day?.open === false && (day.reason === "CLOSED_DAY" || day.reason === "CLOSED_DATE");
    };
    const full: Matcher = (date) => {
      const day = dayOf(date);
      return day?.open === false && day.reason === "FULL";
    };
    return { disabled: ((date) => dayOf(date)?.open !== true) as Matcher, closed, full, dayOf };
  }, [days]);

  return (
    <DayPicker
      className="booking-calendar"
      mode="single"
      required
      weekStartsOn={1}
      today={bounds.today}
      month={dateOf(`${month}-01`)}
      startMonth={bounds.start}
      endMonth={bounds.end}
      onMonthChange={(shown) => onMonthChange(monthOf(ymdOf(shown)))}
      selected={date ? dateOf(date) : undefined}
      onSelect={(chosen) => onSelectDay(ymdOf(chosen))}
      disabled={matchers.disabled}
      modifiers={{ closed: matchers.closed, full: matchers.full }}
      modifiersClassNames={{ closed: "booking-calendar__day--closed", full: "booking-calendar__day--full" }}
      labels={{
        labelDayButton: (day, modifiers) =>
          dayButtonLabel(ymdOf(day), matchers.dayOf(day), {
            today: modifiers.today,
            selected: modifiers.selected,
          }),
      }}
    />
  );
});
