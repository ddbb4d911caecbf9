import type { ScheduleDay } from "./schedule-api.ts";
import { formatTime } from "./schedule-dates.ts";

const REASON_TEXT: Record<string, string> = {
  CLOSED_DAY: "Closed: not a working day",
  CLOSED_DATE: "Closed",
  FULL: "Full: no free places",
  BEFORE_LEAD_TIME: "Inside the online lead time",
  BEYOND_HORIZON: "Beyond the online booking horizon",
};

/** Why the day takes no bookings: a closed date's label ('Closed: Christmas Day'), else the reason. */
export function closedText(day: ScheduleDay): string {
  if (day.reason === "CLOSED_DATE" && day.label) return `Closed: ${day.label}`;
  if (day.label) return `${REASON_TEXT[day.reason ?? ""] ?? "Closed"}: ${day.label}`;
  return REASON_TEXT[day.reason ?? ""] ?? "Closed";
}

export const freePlaces = (day: ScheduleDay | undefined) => (day?.slots ?? []).reduce((sum, slot) => sum + slot.free, 0);

/** The day's header line: closed or not, and each start time's free places, compact. */
export function DaySummary({ day }: { day: ScheduleDay | undefined }) {
  if (!day) return null;
  return (
    <div className="schedule-summary">
      {!day.open && <p className="schedule-summary__closed">{closedText(day)}</p>}
      {day.slots.length > 0 && (
        <ul className="schedule-summary__slots" aria-label="Free places by start time">
          {day.slots.map((slot) => (
            <li key={slot.startTimeISO} className={slot.free === 0 ? "is-full" : undefined} title={`${slot.taken} taken`}>
              <span className="schedule-summary__time">{formatTime(slot.startTimeISO)}</span>{" "}
              <strong>{slot.free === 0 ? "full" : `${slot.free} free`}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
