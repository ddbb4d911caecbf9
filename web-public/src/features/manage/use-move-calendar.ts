/**
 * The open days and free times a booking can move to, fetched a month or two at a time with the
 * booking form's own calendar rules (which months, how to ask, what a day offers). The job never
 * changes here, so unlike the form's hook there is nothing to debounce or re-key.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AvailabilityDay } from "../booking/booking-api.ts";
import { type BookableRange, clampMonth, monthOf, monthsNeeded, requestsFor } from "../booking/availability-calendar.ts";
import { fetchMoveCalendar } from "./manage-api.ts";

type MonthEntry = { status: "ready"; days: AvailabilityDay[] } | { status: "failed" };

export interface MoveCalendar {
  month: string;
  setMonth: (month: string) => void;
  status: "loading" | "ready" | "failed";
  days: ReadonlyMap<string, AvailabilityDay>;
  retry: () => void;
  /** Asks again about one day's month (its time was just taken). */
  refreshDay: (ymd: string) => void;
}

/** `visitId`: the calendar for that visit of the link's regular clean instead of the link's own booking. */
export function useMoveCalendar(token: string, range: BookableRange, chosenYmd: string, visitId?: string): MoveCalendar {
  const [months, setMonths] = useState<ReadonlyMap<string, MonthEntry>>(new Map());
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  const inFlight = useRef(new Set<string>());
  const month = clampMonth(pickedMonth ?? monthOf(chosenYmd || range.earliestYmd), range);

  useEffect(() => {
    const missing = monthsNeeded(month, chosenYmd, range).filter((m) => !months.has(m) && !inFlight.current.has(m));
    for (const request of requestsFor(missing)) {
      request.months.forEach((m) => inFlight.current.add(m));
      const settle = (entryOf: (m: string) => MonthEntry) =>
        setMonths((known) => new Map([...known, ...request.months.map((m): [string, MonthEntry] => [m, entryOf(m)])]));
      fetchMoveCalendar(token, { from: request.from, to: request.to }, visitId).then(
        (answer) => settle((m) => ({ status: "ready", days: answer.days.filter((day) => monthOf(day.date) === m) })),
        () => settle(() => ({ status: "failed" })),
      ).finally(() => request.months.forEach((m) => inFlight.current.delete(m)));
    }
  }, [token, visitId, range, month, chosenYmd, months]);

  const days = useMemo(() => {
    const all = new Map<string, AvailabilityDay>();
    for (const entry of months.values()) if (entry.status === "ready") for (const day of entry.days) all.set(day.date, day);
    return all;
  }, [months]);

  const forget = useCallback((forgotten: string[]) =>
    setMonths((known) => new Map([...known].filter(([m]) => !forgotten.includes(m)))), []);
  const retry = useCallback(() => forget(monthsNeeded(month, chosenYmd, range)), [forget, month, chosenYmd, range]);
  const refreshDay = useCallback((ymd: string) => forget([monthOf(ymd)]), [forget]);

  return { month, setMonth: setPickedMonth, status: months.get(month)?.status ?? "loading", days, retry, refreshDay };
}
