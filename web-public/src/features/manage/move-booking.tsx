/**
 * "Move booking": the booking form's availability calendar (start-time-picker.tsx), for this
 * job's length, then a confirmation. The calendar's code loads with the panel, not with the page.
 * The same panel moves another coming visit of the link's regular clean (issue 28), for that
 * visit's length. Its days are the form's queries, asked about this booking (its own length, its
 * own place free); the job never changes here, so there is nothing to wait for between changes.
 */
import { useMutation } from "@tanstack/react-query";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatJobLength } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { useEffect, useId, useRef } from "react";
import { slotTimeLabel } from "../booking/availability-calendar.ts";
import { fieldRefusal, type ManagedBooking, moveManagedBooking, moveSeriesVisit } from "./manage-api.ts";
import { PICKER_TEXT, StartTimePicker, useStartTimeChoice } from "./start-time-picker.tsx";

export const MOVE_TEXT = {
  title: "Move your booking",
  visitTitle: (when: string) => `Move your visit on ${when}`,
  pickDay: PICKER_TEXT.pickDay,
  checking: PICKER_TEXT.checking,
  daysFailed: PICKER_TEXT.daysFailed,
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
  const visitId = visit?.bookingId;
  const choice = useStartTimeChoice(token, range, visitId);
  const { date, startTimeISO } = choice;

  const move = useMutation({
    mutationFn: (start: string) => (visitId ? moveSeriesVisit(token, visitId, start) : moveManagedBooking(token, start)),
    onSuccess: onMoved,
    onError: (error) => {
      if (fieldRefusal(error, "startTimeISO")) return;
      // Either way the time is taken: the place is full, or the booking's cleaner is on another job then.
      if (isApiError(error) && (error.code === "SLOT_UNAVAILABLE" || error.code === "CLEANER_BUSY")) choice.timeTaken();
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
      <StartTimePicker choice={choice} legend="New date and start time" errorId={`${id}-error`} error={fieldError} onChange={() => move.reset()} />
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
