import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { closedDaysText } from "@yarra/core/booking/capacity/scheduling.ts";
import { SLOT_UNAVAILABLE } from "@yarra/core/booking/capacity/capacity.ts";
import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, type ReactNode, type RefObject, Suspense, useEffect, useId, useLayoutEffect, useRef } from "react";
import { useNearViewport } from "../../lib/use-near-viewport.ts";
import type { Settled } from "../../lib/loadable.ts";
import type { AvailabilityDay } from "./booking-api.ts";
import type { BookingCalendar } from "./booking-data.ts";
import type { BookingForm } from "./booking-draft.ts";
import { freeSlots, slotTimeLabel } from "./availability-calendar.ts";
import { FreeStartTimes } from "./free-start-times.tsx";
import { describedBy, FieldError } from "./field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";
import { recordVisitText } from "./visit-length.ts";
import { LazyScheduleCalendar } from "./schedule-calendar-lazy.ts";
import type { AvailabilityView } from "./use-calendar-days.ts";

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

/**
 * Stands for the earliest day until the settings arrive: always in the prerendered HTML, which is
 * built with no API and days before it is served, so it holds on any day.
 */
export const EARLIEST_DATE_PLACEHOLDER = "being looked up";

export const CALENDAR_LOAD_ERROR =
  "We couldn’t load our booking calendar, so dates and times can’t be chosen yet.";
export const DAYS_LOAD_ERROR = "We couldn’t check which days are free just now.";
export const CHECKING_DAYS = "Checking which days and times are free…";
export const PICK_A_DAY = "Choose a day to see its free start times.";

/** Said when a change of the clean (or a refresh) took away the day or time the customer had chosen. */
export function unofferedNotice(what: "day" | "time", date: string, startTimeISO: string): string {
  const chosen = what === "time" && startTimeISO
    ? `${slotTimeLabel(startTimeISO)} on ${formatYmdLong(date)}`
    : formatYmdLong(date);
  return `${chosen} is no longer free for this clean, so we’ve cleared it. Please choose another ${
    what === "time" ? "time" : "day"
  }.`;
}

type ScheduleSectionProps = Pick<BookingForm, "date" | "startTimeISO"> & {
  errors: FieldErrors;
  availability: AvailabilityState;
  /** GET /api/scheduling: until it answers no day or time can be offered. */
  calendar: Settled<BookingCalendar>;
  /** GET /api/availability: the open days and free times of the months around the one shown. */
  month: string;
  daysStatus: AvailabilityView["status"];
  days: ReadonlyMap<string, AvailabilityDay>;
  /** Why the chosen day or time was just cleared, if it was. */
  notice: string | null;
  /** When the visit at the chosen time would end (ISO), as the server will work it out; null until known. */
  visitEnd: string | null;
  onMonthChange: (month: string) => void;
  onRetryDays: () => void;
  onRetryCalendar: () => void;
  onChange: FormChange;
  onCheckAvailability: () => void;
};

export const ScheduleSection = memo(function ScheduleSection(props: ScheduleSectionProps) {
  return (
    <SectionFrame step="schedule">
      {/* Inside the frame's boundary, so the re-render with the day stays within this section. */}
      <ScheduleFields {...props} />
    </SectionFrame>
  );
});

function ScheduleFields(props: ScheduleSectionProps) {
  const { date, startTimeISO, errors, availability, calendar, days, daysStatus, notice, onChange } = props;
  const id = useId();
  const settings = calendar.status === "ready" ? calendar.value : null;
  const messages = errors.startTimeISO ?? [];
  const invalid = messages.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The calendar's code (about half the page's script) runs only as the section nears the screen.
  const calendarRef = useRef<HTMLDivElement>(null);
  const calendarWanted = useNearViewport(calendarRef);
  /** Whether the calendar's placeholder had focus as it went: the grid then takes it. */
  const focusHandoffRef = useRef(false);
  const day = date ? days.get(date) : undefined;
  const slots = freeSlots(day);

  return (
    <>
      {calendar.status === "failed"
        ? (
          <div className="booking-schedule__failed" role="alert">
            <p className="booking-field__hint" id={hintId}>{CALENDAR_LOAD_ERROR}</p>
            <button type="button" className="button button--ghost booking-button--secondary" onClick={props.onRetryCalendar}>
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
      {/* Focusable, so a schedule error can take the customer here (form-section.tsx goToSection). */}
      <fieldset
        className={`booking-schedule ${invalid ? "booking-field--invalid" : ""}`}
        tabIndex={-1}
        aria-describedby={describedBy(hintId, invalid && errorId)}
        aria-invalid={invalid || undefined}
      >
        <legend className="booking-field__label">
          Date and start time<span className="booking-field__required" aria-hidden="true"> *</span>
        </legend>
        {/* The width of the section, not the window, decides whether grid and times sit side by side. */}
        <div className="booking-schedule__area">
          <div className="booking-schedule__body">
            <div className="booking-schedule__calendar" ref={calendarRef}>
              {settings && calendarWanted
                ? (
                  <Suspense fallback={<CalendarPlaceholder handoffRef={focusHandoffRef} loading />}>
                    <FocusOnArrival handoffRef={focusHandoffRef} container={calendarRef}>
                      <LazyScheduleCalendar
                        range={settings}
                        todayYmd={settings.todayYmd}
                        month={props.month}
                        date={date}
                        days={days}
                        onMonthChange={props.onMonthChange}
                        onSelectDay={(ymd) => {
                          if (ymd !== date) onChange({ date: ymd, startTimeISO: "" }, ["startTimeISO"]);
                        }}
                      />
                    </FocusOnArrival>
                  </Suspense>
                )
                // Nothing to pick before the settings say which days can be booked.
                : <CalendarPlaceholder handoffRef={focusHandoffRef} loading={calendar.status !== "failed"} />}
            </div>
            <div className="booking-schedule__times">
              {daysStatus === "failed" && settings
                ? (
                  <div className="booking-schedule__failed" role="alert">
                    <p className="booking-field__hint">{DAYS_LOAD_ERROR}</p>
                    <button
                      type="button"
                      className="button button--ghost booking-button--secondary"
                      onClick={props.onRetryDays}
                    >
                      Retry
                    </button>
                  </div>
                )
                : null}
              <p className="booking-schedule__status" role="status">
                {notice ?? (settings && daysStatus === "loading" ? CHECKING_DAYS : "")}
              </p>
              {day?.open
                ? (
                  <FreeStartTimes
                    date={date}
                    slots={slots}
                    chosen={startTimeISO}
                    onPick={(start) => onChange({ startTimeISO: start }, ["startTimeISO"])}
                  />
                )
                : settings && <p className="booking-field__hint">{PICK_A_DAY}</p>}
              {/* Beside the chosen time: how long the visit runs (the e-mail says the same). */}
              <p className="booking-schedule__visit" aria-live="polite">
                {startTimeISO && props.visitEnd ? visitText(startTimeISO, props.visitEnd) : ""}
              </p>
            </div>
          </div>
        </div>
      </fieldset>
      <FieldError id={errorId} messages={messages} />
      <div className="booking-availability">
        <button
          type="button"
          className="button button--ghost booking-button--secondary"
          onClick={props.onCheckAvailability}
          disabled={availability.status === "checking"}
        >
          Check availability
        </button>
        <p
          className={`booking-availability__status booking-availability__status--${availability.status}`}
          role="status"
          aria-live="polite"
        >
          {availabilityText(availability)}
        </p>
      </div>
    </>
  );
}

export const CALENDAR_LOADING_NAME = "Calendar, loading";
export const CALENDAR_PLACEHOLDER_TEXT = "The calendar appears here once it has loaded.";

/** 'Your visit: 10:00 am – 1:45 pm (3 hours 45 minutes)'. */
function visitText(startTimeISO: string, endISO: string): string {
  const span = recordVisitText({ startTime: startTimeISO, endTime: endISO });
  return span ? `Your visit: ${span}` : "";
}

/**
 * The calendar's place while its settings or its code load. It takes focus in the grid's place
 * (issue 34), so tabbing fast through the form does not skip the dates; `handoffRef` says, as it
 * goes, whether it had focus, so the grid can take it over.
 */
function CalendarPlaceholder({ handoffRef, loading }: { handoffRef: RefObject<boolean>; loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    // One placeholder can follow another (settings, then the grid's code): focus stays in place.
    if (node && handoffRef.current && (!document.activeElement || document.activeElement === document.body)) {
      handoffRef.current = false;
      node.focus({ preventScroll: true });
    }
    // Runs before the placeholder leaves the page, while it can still be asked whether it has focus.
    return () => {
      handoffRef.current = node !== null && document.activeElement === node;
    };
  }, [handoffRef, loading]);
  if (!loading) return <p className="booking-schedule__placeholder">{CALENDAR_PLACEHOLDER_TEXT}</p>;
  return (
    <div
      ref={ref}
      className="booking-schedule__placeholder"
      role="region"
      aria-label={CALENDAR_LOADING_NAME}
      aria-busy="true"
      tabIndex={0}
    >
      {CALENDAR_PLACEHOLDER_TEXT}
    </div>
  );
}

/**
 * Once the grid has arrived: if its placeholder had focus, focus goes on into the grid (the day a
 * Tab would reach, else the grid's first control), as if the customer had tabbed into it.
 */
function FocusOnArrival(
  { handoffRef, container, children }: { handoffRef: RefObject<boolean>; container: RefObject<HTMLElement | null>; children: ReactNode },
) {
  useEffect(() => {
    if (!handoffRef.current) return;
    handoffRef.current = false;
    const calendar = container.current;
    // Only if nothing else took focus meanwhile (the placeholder's removal leaves it on the body).
    if (!calendar || (document.activeElement && document.activeElement !== document.body)) return;
    const target = calendar.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]') ??
      calendar.querySelector<HTMLElement>('button:not([disabled]):not([tabindex="-1"])');
    target?.focus();
  }, [handoffRef, container]);
  return children;
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
