import { DRAFT_MESSAGES } from "@yarra/core/booking/draft-validation.ts";
import {
  closedDayMessage,
  closedDaysText,
  earliestDateMessage,
  horizonMessage,
  isClosedYmd,
  slotHours,
} from "@yarra/core/booking/scheduling.ts";
import { SLOT_UNAVAILABLE } from "@yarra/core/booking/create-booking.ts";
import { formatYmdLong, isYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, useId } from "react";
import type { Settled } from "../../lib/loadable.ts";
import type { BookingCalendar } from "./booking-data.ts";
import type { BookingForm } from "./booking-draft.ts";
import { describedBy, FieldError } from "./field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";

/** public-site.md section 4: unknown, then true or false. */
export type AvailabilityState =
  | { status: "unknown" }
  | { status: "checking" }
  | { status: "available" }
  | { status: "unavailable" }
  | { status: "incomplete" }
  | { status: "failed"; message: string };

export const AVAILABLE_MESSAGE = "This time is available.";
export const UNAVAILABLE_MESSAGE = SLOT_UNAVAILABLE.message;

/** '8:00 am' for 8, '4:00 pm' for 16. */
export function slotLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${hour < 12 ? "am" : "pm"}`;
}

/** What the date picker alone can tell with the live settings: a closed day, or a date outside the lead time and horizon. */
export function dateProblem(ymd: string, calendar: BookingCalendar | null): string | null {
  if (!isYmd(ymd) || !calendar) return null;
  if (ymd < calendar.earliestYmd) return earliestDateMessage(calendar.earliestYmd);
  if (ymd > calendar.latestYmd) return horizonMessage(calendar);
  if (isClosedYmd(ymd, calendar)) return closedDayMessage(calendar);
  return null;
}

type ScheduleSectionProps = Pick<BookingForm, "date" | "slotHour"> & {
  errors: FieldErrors;
  availability: AvailabilityState;
  /** GET /api/scheduling: until it answers no day or time can be offered. */
  calendar: Settled<BookingCalendar>;
  onRetryCalendar: () => void;
  onChange: FormChange;
  onCheckAvailability: () => void;
};

/**
 * Stands for the earliest day until the settings arrive: always in the prerendered HTML, which is
 * built with no API and days before it is served, so it holds on any day.
 */
export const EARLIEST_DATE_PLACEHOLDER = "being looked up";

export const CALENDAR_LOAD_ERROR =
  "We couldn’t load our booking calendar, so dates and times can’t be chosen yet.";

export const ScheduleSection = memo(function ScheduleSection(props: ScheduleSectionProps) {
  return (
    <SectionFrame step="schedule">
      {/* Inside the frame's boundary, so the re-render with the day stays within this section. */}
      <ScheduleFields {...props} />
    </SectionFrame>
  );
});

function ScheduleFields(
  { date, slotHour, errors, availability, calendar, onRetryCalendar, onChange, onCheckAvailability }:
    ScheduleSectionProps,
) {
  const id = useId();
  const settings = calendar.status === "ready" ? calendar.value : null;
  const problem = dateProblem(date, settings);
  const scheduleErrors = errors.startTimeISO ?? [];
  // The date picker's own finding is shown once: core's message for the same fault is not repeated.
  const dateMessages = problem ? [problem, ...scheduleErrors.filter((m) => m !== problem)] : scheduleErrors;
  const invalid = dateMessages.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const statusText = availabilityText(availability);

  return (
    <>
      {calendar.status === "failed"
        ? (
          <div className="booking-schedule__failed" role="alert">
            <p className="booking-field__hint" id={hintId}>{CALENDAR_LOAD_ERROR}</p>
            <button type="button" className="button button--ghost booking-button--secondary" onClick={onRetryCalendar}>
              Try again
            </button>
          </div>
        )
        : (
          <p className="booking-field__hint" id={hintId}>
            The earliest date we can book is {settings ? formatYmdLong(settings.earliestYmd) : EARLIEST_DATE_PLACEHOLDER}.
            {settings && settings.closedWeekdays.length > 0 && <> We’re closed on {closedDaysText(settings.closedWeekdays)}.</>}
            {" "}Times are Melbourne time.
          </p>
        )}
      <div className="booking-grid">
        <div className={`booking-field ${invalid ? "booking-field--invalid" : ""}`}>
          <label className="booking-field__label" htmlFor={`${id}-date`}>
            Date<span className="booking-field__required" aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-date`}
            className="booking-input"
            type="date"
            name="date"
            min={settings?.earliestYmd}
            max={settings?.latestYmd}
            // No day can be offered before the settings say which are open.
            disabled={!settings}
            required
            aria-required
            value={date}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(hintId, invalid && errorId)}
            onChange={(event) => onChange({ date: event.target.value }, ["startTimeISO"])}
          />
        </div>
        <div className={`booking-field ${invalid ? "booking-field--invalid" : ""}`}>
          <label className="booking-field__label" htmlFor={`${id}-slot`}>
            Start time<span className="booking-field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id={`${id}-slot`}
            className="booking-input booking-select"
            name="slot"
            disabled={!settings}
            required
            aria-required
            value={slotHour === null ? "" : String(slotHour)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(invalid && errorId)}
            onChange={(event) =>
              onChange({ slotHour: event.target.value === "" ? null : Number(event.target.value) }, [
                "startTimeISO",
              ])}
          >
            <option value="">Choose a start time</option>
            {settings && slotHours(settings).map((hour) => <option key={hour} value={hour}>{slotLabel(hour)}</option>)}
          </select>
        </div>
      </div>
      <FieldError id={errorId} messages={dateMessages} />
      <div className="booking-availability">
        <button
          type="button"
          className="button button--ghost booking-button--secondary"
          onClick={onCheckAvailability}
          disabled={availability.status === "checking"}
        >
          Check availability
        </button>
        <p
          className={`booking-availability__status booking-availability__status--${availability.status}`}
          role="status"
          aria-live="polite"
        >
          {statusText}
        </p>
      </div>
    </>
  );
}

function availabilityText(state: AvailabilityState): string {
  switch (state.status) {
    case "checking":
      return "Checking…";
    case "available":
      return AVAILABLE_MESSAGE;
    case "unavailable":
      return UNAVAILABLE_MESSAGE;
    case "incomplete":
      return DRAFT_MESSAGES.pickDateAndSlot;
    case "failed":
      return state.message;
    default:
      return "";
  }
}
