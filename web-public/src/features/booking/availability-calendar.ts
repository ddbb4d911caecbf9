/**
 * The availability calendar's rules on the client (issue 14): which months to ask
 * GET /api/availability about and in which calls, what gives the job its length, and whether the
 * chosen start is still offered. Months are 'YYYY-MM', days Melbourne dates 'YYYY-MM-DD'.
 */
import { formatYmdLong, melbourneHourMinute } from "@yarra/core/shared/melbourne-time.ts";
import type { AvailabilityDay, ClosedReason, JobLengthQuery } from "./booking-api.ts";
import type { BookingForm } from "./booking-draft.ts";

export interface BookableRange {
  earliestYmd: string;
  latestYmd: string;
}

export const monthOf = (ymd: string): string => ymd.slice(0, 7);

/** Months counted from year 0, so two can be subtracted. */
function monthIndex(month: string): number {
  const [year, monthNumber] = month.split("-").map(Number);
  return year * 12 + (monthNumber - 1);
}

export function addMonths(month: string, count: number): string {
  const index = monthIndex(month) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const firstDayOf = (month: string) => `${month}-01`;

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  // Day 0 of the next month is the last day of this one (UTC as a plain calendar).
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/** The month shown, kept between the months of the earliest and the latest bookable day. */
export function clampMonth(month: string, range: BookableRange): string {
  const first = monthOf(range.earliestYmd);
  const last = monthOf(range.latestYmd);
  return month < first ? first : month > last ? last : month;
}

/** The dates of one call: two whole months (at most 62 days, the API's limit), or one. */
export interface CalendarPage {
  from: string;
  to: string;
}

/**
 * The page a month's days are asked for in, or null outside the bookable range. Months pair up
 * from the first bookable one, so the month the calendar opens on and the next come in one call
 * and no month is asked about twice; the last page holds one month when the range's are odd in
 * number. The days outside the bookable range come back closed with their reason, which the grid
 * reads out.
 */
export function pageOf(month: string, range: BookableRange): CalendarPage | null {
  const first = monthOf(range.earliestYmd);
  const last = monthOf(range.latestYmd);
  if (month < first || month > last) return null;
  const start = addMonths(first, Math.floor((monthIndex(month) - monthIndex(first)) / 2) * 2);
  const end = addMonths(start, 1) > last ? start : addMonths(start, 1);
  return { from: firstDayOf(start), to: lastDayOf(end) };
}

/**
 * The pages the calendar needs: the shown month's, the next month's (so the arrow keys can cross
 * into it), and the chosen day's, so a change of job re-checks it wherever it is. A month without
 * a page (past the range, or no day chosen) needs none: the shown month's stands in its place.
 * Null when the shown month is outside the range.
 */
export function pagesNeeded(
  visible: string,
  chosenYmd: string,
  range: BookableRange,
): { shown: CalendarPage; next: CalendarPage; chosen: CalendarPage } | null {
  const shown = pageOf(visible, range);
  if (!shown) return null;
  return {
    shown,
    next: pageOf(addMonths(visible, 1), range) ?? shown,
    chosen: (chosenYmd && pageOf(monthOf(chosenYmd), range)) || shown,
  };
}

/** The job's length as the API reads it: only what the chosen service's pricing model uses. */
export function jobLengthOf(
  form: Pick<BookingForm, "serviceId" | "servicePricingModel" | "hours" | "bedrooms" | "extras">,
): JobLengthQuery {
  if (!form.serviceId) return {};
  const job: JobLengthQuery = { serviceId: form.serviceId };
  if (form.servicePricingModel === "HOURLY" && form.hours !== null) job.hours = form.hours;
  if (form.servicePricingModel === "BEDROOMS" && form.bedrooms !== null) job.bedrooms = form.bedrooms;
  if (form.extras.length > 0) job.extras = form.extras.map((e) => `${e.extraId}:${e.quantity}`).join(",");
  return job;
}

/** '9:00 am', '12:30 pm': a start time on Melbourne's clock. */
export function slotTimeLabel(startTimeISO: string): string {
  const { hour, minute } = melbourneHourMinute(new Date(startTimeISO));
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

const REASON_TEXT: Record<ClosedReason, string> = {
  BEFORE_LEAD_TIME: "too soon to book",
  CLOSED_DAY: "closed",
  CLOSED_DATE: "closed",
  BEYOND_HORIZON: "too far ahead to book",
  FULL: "fully booked",
};

/** Why a day cannot be chosen, in words: 'closed (Christmas Day)', 'fully booked'. */
export function closedDayText(day: AvailabilityDay | undefined): string {
  if (!day) return "not available";
  if (day.open) return "";
  const text = REASON_TEXT[day.reason] ?? "not available";
  return day.label ? `${text} (${day.label})` : text;
}

/** A day button's name for screen readers: 'Tuesday 1 December 2026, today, fully booked'. */
export function dayButtonLabel(
  ymd: string,
  day: AvailabilityDay | undefined,
  state: { today?: boolean; selected?: boolean },
): string {
  const parts = [formatYmdLong(ymd)];
  if (state.today) parts.push("today");
  const closed = closedDayText(day);
  if (closed) parts.push(closed);
  if (state.selected) parts.push("selected");
  return parts.join(", ");
}

/** The times a customer may pick on a day: the free ones. */
export const freeSlots = (day: AvailabilityDay | undefined) =>
  day?.open ? day.slots.filter((slot) => slot.available) : [];

/**
 * What of the chosen day and time the calendar no longer offers, judged on days fetched for the
 * current job: 'day' (closed, full or out of range now), 'time' (the day is open, the time is not
 * free), or null while it still holds or is not known yet.
 */
export function unofferedChoice(
  form: Pick<BookingForm, "date" | "startTimeISO">,
  freshDays: ReadonlyMap<string, AvailabilityDay>,
  range: BookableRange | null,
): "day" | "time" | null {
  if (!form.date || !range) return null;
  if (form.date < range.earliestYmd || form.date > range.latestYmd) return "day";
  const day = freshDays.get(form.date);
  if (!day) return null;
  if (!day.open) return "day";
  if (form.startTimeISO && !freeSlots(day).some((slot) => slot.startTimeISO === form.startTimeISO)) return "time";
  return null;
}
