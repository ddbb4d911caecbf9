import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { slotTimeLabel } from "./availability-calendar.ts";

interface FreeStartTimesProps {
  /** The chosen day, YYYY-MM-DD. */
  date: string;
  slots: { startTimeISO: string }[];
  /** The start chosen now, if any: its button is pressed. */
  chosen: string;
  onPick: (startTimeISO: string) => void;
}

/** The free start times of a day as buttons, one pressed: the booking form's, and manage-my-booking's move. */
export function FreeStartTimes({ date, slots, chosen, onPick }: FreeStartTimesProps) {
  return (
    <fieldset className="booking-slots">
      <legend className="booking-slots__legend">Free start times on {formatYmdLong(date)}</legend>
      <div className="booking-slots__grid">
        {slots.map((slot) => {
          const pressed = slot.startTimeISO === chosen;
          return (
            <button
              key={slot.startTimeISO}
              type="button"
              className={`booking-slot ${pressed ? "booking-slot--chosen" : ""}`}
              aria-pressed={pressed}
              onClick={() => onPick(slot.startTimeISO)}
            >
              {slotTimeLabel(slot.startTimeISO)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
