/**
 * "Move booking": the booking form's availability calendar, for this job's length, then a
 * confirmation. The calendar's code loads with the panel, not with the page. The same panel moves
 * another coming visit of the link's regular clean (issue 28), for that visit's length. Its days
 * are the form's queries, asked about this booking (its own length, its own place free); the job
 * never changes here, so there is nothing to wait for between changes.
 */
import { useMutation } from "@tanstack/react-query";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatJobLength } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { freeSlots, slotTimeLabel } from "../booking/availability-calendar.ts";
import { FreeStartTimes } from "../booking/free-start-times.tsx";
import { LazyScheduleCalendar } from "../booking/schedule-calendar-lazy.ts";
import { type FetchCalendarPage, useCalendarDays } from "../booking/use-calendar-days.ts";
import { fetchMoveCalendar, fieldRefusal, type ManagedBooking, moveManagedBooking, moveSeriesVisit } from "./manage-api.ts";

export const MOVE_TEXT = {
  title: "Move your booking",
  visitTitle: (when: string) => `Move your visit on ${when}`,
  pickDay: "Choose a day to see its free start times.",
  checking: "Checking which days and times are free…",
  daysFailed: "We couldn’t check which days are free just now.",
  confirm: "Confirm new time",
  keep: "Keep the current time",
  moving: "Moving…",
} as const;

interface MoveBookingProps {
  token: string;
  /** The job's length, which a move keeps. */
  durationMinutes: number;
  /** The Melbourne dates a new start may fall on. */
  range: NonNullable<ManagedBooking["reschedule"]>;
  /** Another visit of the link's regular clean, and its time written out; absent: the link's own booking. */
  visit?: { bookingId: string; when: string };
  /** The server's answer: the link's booking (at its new time, or with the visit moved). */
  onMoved: (booking: ManagedBooking) => void;
  /** Any failure but a field's: the page shows it (and a taken time refreshes the day here first). */
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

export function MoveBooking({ token, durationMinutes, range, visit, onMoved, onFailed, onClose }: MoveBookingProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [date, setDate] = useState("");
  const [startTimeISO, setStartTimeISO] = useState("");
  const visitId = visit?.bookingId;
  const fetchPage = useCallback<FetchCalendarPage>(
    (page, signal) => fetchMoveCalendar(token, page, visitId, { signal }),
    [token, visitId],
  );
  const calendar = useCalendarDays({ range, chosenYmd: date, subject: ["move", token, visitId ?? null], fetchPage });
  const day = date ? calendar.days.get(date) : undefined;
  const slots = freeSlots(day);

  const move = useMutation({
    mutationFn: (start: string) => (visitId ? moveSeriesVisit(token, visitId, start) : moveManagedBooking(token, start)),
    onSuccess: onMoved,
    onError: (error) => {
      if (fieldRefusal(error, "startTimeISO")) return;
      // Either way the time is taken: the place is full, or the booking's cleaner is on another job then.
      if (isApiError(error) && (error.code === "SLOT_UNAVAILABLE" || error.code === "CLEANER_BUSY")) {
        calendar.refreshDay(date);
        setStartTimeISO("");
      }
      onFailed(error);
    },
  });
  const fieldError = fieldRefusal(move.error, "startTimeISO");
  const busy = move.isPending;

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {visit ? MOVE_TEXT.visitTitle(visit.when) : MOVE_TEXT.title}
      </h2>
      <p className="booking-field__hint">
        This clean takes about {formatJobLength(durationMinutes)}. Pick a new day, then a free start time
        (Melbourne time). The earliest date we can book is {formatYmdLong(range.earliestYmd)}.
      </p>
      <fieldset className="booking-schedule" aria-describedby={fieldError ? `${id}-error` : undefined} aria-invalid={fieldError ? true : undefined}>
        <legend className="booking-field__label">New date and start time</legend>
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
                    setDate(ymd);
                    setStartTimeISO("");
                    move.reset();
                  }}
                />
              </Suspense>
            </div>
            <div className="booking-schedule__times">
              {calendar.status === "failed" && (
                <div className="booking-schedule__failed" role="alert">
                  <p className="booking-field__hint">{MOVE_TEXT.daysFailed}</p>
                  <button type="button" className="button button--ghost booking-button--secondary" onClick={calendar.retry}>
                    Retry
                  </button>
                </div>
              )}
              <p className="booking-schedule__status" role="status">{calendar.status === "loading" ? MOVE_TEXT.checking : ""}</p>
              {day?.open
                ? (
                  <FreeStartTimes
                    date={date}
                    slots={slots}
                    chosen={startTimeISO}
                    onPick={(start) => {
                      setStartTimeISO(start);
                      move.reset();
                    }}
                  />
                )
                : <p className="booking-field__hint">{MOVE_TEXT.pickDay}</p>}
            </div>
          </div>
        </div>
      </fieldset>
      {fieldError && <p className="booking-field__error" id={`${id}-error`} role="alert">{fieldError}</p>}
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {MOVE_TEXT.keep}
        </button>
        <button type="button" className="button button--primary" onClick={() => move.mutate(startTimeISO)} disabled={!startTimeISO || busy}>
          {busy ? MOVE_TEXT.moving : startTimeISO ? `${MOVE_TEXT.confirm}: ${slotTimeLabel(startTimeISO)}, ${formatYmdLong(date)}` : MOVE_TEXT.confirm}
        </button>
      </div>
    </section>
  );
}
