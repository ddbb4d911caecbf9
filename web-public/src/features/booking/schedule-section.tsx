import { DRAFT_MESSAGES } from "@yarra/core/booking/draft-validation.ts";
import {
  closedDayMessage,
  closedDaysText,
  earliestBookableYmd,
  earliestDateMessage,
  isClosedYmd,
  slotHours,
} from "@yarra/core/booking/scheduling.ts";
import { SLOT_UNAVAILABLE } from "@yarra/core/booking/create-booking.ts";
import { formatYmdLong, isYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, startTransition, useEffect, useId, useState } from "react";
import { BOOKING_SCHEDULING, type BookingForm } from "./booking-draft.ts";
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

/** What the date picker alone can tell: a closed day or a date before the lead time (once known). */
export function dateProblem(ymd: string, earliest: string | null): string | null {
  if (!isYmd(ymd)) return null;
  if (earliest !== null && ymd < earliest) return earliestDateMessage(earliest);
  if (isClosedYmd(ymd, BOOKING_SCHEDULING)) return closedDayMessage(BOOKING_SCHEDULING);
  return null;
}

type ScheduleSectionProps = Pick<BookingForm, "date" | "slotHour"> & {
  errors: FieldErrors;
  availability: AvailabilityState;
  onChange: FormChange;
  onCheckAvailability: () => void;
};

/** Until the day is known (see useEarliestBookableYmd): true on any day, so the prerendered HTML holds. */
export const EARLIEST_DATE_PLACEHOLDER = `${BOOKING_SCHEDULING.leadDays} days from today`;

/**
 * The earliest bookable day, or null on the server and in the first client render: the
 * prerendered HTML is built days before it is served, so that render must not depend on the day.
 * The day follows right after mount, as a transition, so it never joins (and lengthens) the
 * hydration or data renders around it. Fixed for the visit, so it does not move while the
 * customer types.
 */
function useEarliestBookableYmd(): string | null {
  const [earliest, setEarliest] = useState<string | null>(null);
  useEffect(() => startTransition(() => setEarliest(earliestBookableYmd(new Date(), BOOKING_SCHEDULING))), []);
  return earliest;
}

export const ScheduleSection = memo(function ScheduleSection(props: ScheduleSectionProps) {
  return (
    <SectionFrame step="schedule">
      {/* Inside the frame's boundary, so the re-render with the day stays within this section. */}
      <ScheduleFields {...props} />
    </SectionFrame>
  );
});

function ScheduleFields({ date, slotHour, errors, availability, onChange, onCheckAvailability }: ScheduleSectionProps) {
  const id = useId();
  const earliest = useEarliestBookableYmd();
  const earliestText = earliest ? formatYmdLong(earliest) : EARLIEST_DATE_PLACEHOLDER;
  const problem = dateProblem(date, earliest);
  const scheduleErrors = errors.startTimeISO ?? [];
  // The date picker's own finding is shown once: core's message for the same fault is not repeated.
  const dateMessages = problem ? [problem, ...scheduleErrors.filter((m) => m !== problem)] : scheduleErrors;
  const invalid = dateMessages.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const statusText = availabilityText(availability);

  return (
    <>
      <p className="booking-field__hint" id={hintId}>
        The earliest date we can book is {earliestText}. We’re closed on{" "}
        {closedDaysText(BOOKING_SCHEDULING.closedWeekdays)}. Times are Melbourne time.
      </p>
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
            min={earliest ?? undefined}
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
            {slotHours(BOOKING_SCHEDULING).map((hour) => <option key={hour} value={hour}>{slotLabel(hour)}</option>)}
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
