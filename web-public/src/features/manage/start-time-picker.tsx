/**
 * The manage page's calendar of free start times: the booking form's availability calendar, asked
 * about the link's own job (GET /api/manage/{token}/availability, or a visit's of a regular clean).
 * Moving a booking (move-booking.tsx) and accepting a priced quote (priced-quote.tsx) both pick
 * their time here. The calendar's code loads with the panel, not with the page.
 */
import { Suspense, useCallback, useState } from "react";
import { type BookableRange, freeSlots } from "../booking/availability-calendar.ts";
import { FreeStartTimes } from "../booking/free-start-times.tsx";
import { LazyScheduleCalendar } from "../booking/schedule-calendar-lazy.ts";
import { type AvailabilityView, type FetchCalendarPage, useCalendarDays } from "../booking/use-calendar-days.ts";
import { fetchMoveCalendar } from "./manage-api.ts";

export const PICKER_TEXT = {
  pickDay: "Choose a day to see its free start times.",
  checking: "Checking which days and times are free…",
  daysFailed: "We couldn’t check which days are free just now.",
} as const;

/** The Melbourne dates a start may fall on, and today's. */
export type StartRange = BookableRange & { todayYmd: string };

export interface StartTimeChoice {
  range: StartRange;
  /** The chosen day, or ''. */
  date: string;
  /** The chosen start, or ''. */
  startTimeISO: string;
  calendar: AvailabilityView;
  pickDay: (ymd: string) => void;
  pickTime: (startTimeISO: string) => void;
  /** The chosen time was just taken: its day is asked about again and the choice cleared. */
  timeTaken: () => void;
}

/** The day and time chosen for the link's job (or, with `visitId`, that visit's), and the calendar's days. */
export function useStartTimeChoice(token: string, range: StartRange, visitId?: string): StartTimeChoice {
  const [date, setDate] = useState("");
  const [startTimeISO, setStartTimeISO] = useState("");
  const fetchPage = useCallback<FetchCalendarPage>(
    (page, signal) => fetchMoveCalendar(token, page, visitId, { signal }),
    [token, visitId],
  );
  const calendar = useCalendarDays({ range, chosenYmd: date, subject: ["move", token, visitId ?? null], fetchPage });
  return {
    range,
    date,
    startTimeISO,
    calendar,
    pickDay: (ymd) => {
      setDate(ymd);
      setStartTimeISO("");
    },
    pickTime: setStartTimeISO,
    timeTaken: () => {
      calendar.refreshDay(date);
      setStartTimeISO("");
    },
  };
}

interface StartTimePickerProps {
  choice: StartTimeChoice;
  legend: string;
  /** The server's message about the start, shown under the fieldset with this id. */
  errorId?: string;
  error?: string | null;
  /** Any new day or time: the caller's last refusal no longer applies. */
  onChange?: () => void;
}

export function StartTimePicker({ choice, legend, errorId, error, onChange }: StartTimePickerProps) {
  const { range, date, startTimeISO, calendar } = choice;
  const day = date ? calendar.days.get(date) : undefined;
  const slots = freeSlots(day);
  return (
    <fieldset className="booking-schedule" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="booking-field__label">{legend}</legend>
      <div className="booking-schedule__area">
        <div className="booking-schedule__body">
          <div className="booking-schedule__calendar">
            <Suspense fallback={<p className="booking-schedule__placeholder">The calendar appears here once it has loaded.</p>}>
              <LazyScheduleCalendar
                range={range}
                todayYmd={range.todayYmd}
                month={calendar.month}
                date={date}
                days={calendar.days}
                onMonthChange={calendar.setMonth}
                onSelectDay={(ymd) => {
                  choice.pickDay(ymd);
                  onChange?.();
                }}
              />
            </Suspense>
          </div>
          <div className="booking-schedule__times">
            {calendar.status === "failed" && (
              <div className="booking-schedule__failed" role="alert">
                <p className="booking-field__hint">{PICKER_TEXT.daysFailed}</p>
                <button type="button" className="button button--ghost booking-button--secondary" onClick={calendar.retry}>
                  Retry
                </button>
              </div>
            )}
            <p className="booking-schedule__status" role="status">{calendar.status === "loading" ? PICKER_TEXT.checking : ""}</p>
            {day?.open
              ? (
                <FreeStartTimes
                  date={date}
                  slots={slots}
                  chosen={startTimeISO}
                  onPick={(start) => {
                    choice.pickTime(start);
                    onChange?.();
                  }}
                />
              )
              : <p className="booking-field__hint">{PICKER_TEXT.pickDay}</p>}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
