/**
 * The open days and free times of the calendar (GET /api/availability), fetched a month or two
 * at a time for the job being asked about. A change of job (service, size, add-ons) waits a
 * moment for the customer to stop changing it, then asks afresh; until the answer arrives the
 * last known days stay on screen, marked as being checked.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { type AvailabilityDay, fetchAvailabilityCalendar, type JobLengthQuery } from "./booking-api.ts";
import { type BookableRange, clampMonth, monthOf, monthsNeeded, requestsFor } from "./availability-calendar.ts";

/** How long a change of the job waits for the next one before the calendar asks again. */
export const JOB_CHANGE_DEBOUNCE_MS = 300;

type MonthEntry = { status: "ready"; days: AvailabilityDay[] } | { status: "failed" };

interface Store {
  /** The job the months below were fetched for. */
  jobKey: string;
  months: ReadonlyMap<string, MonthEntry>;
  /** Days known from earlier jobs or answers, by month: shown while the current job's load. */
  earlier: ReadonlyMap<string, AvailabilityDay[]>;
}

type Action =
  | { type: "job"; jobKey: string }
  | { type: "loaded"; jobKey: string; months: string[]; days: AvailabilityDay[] }
  | { type: "failed"; jobKey: string; months: string[] }
  | { type: "forget"; months: string[] };

/** The months' days move to `earlier`: still shown, no longer trusted. */
function withEarlier(store: Store, months: Iterable<string>): Map<string, AvailabilityDay[]> {
  const earlier = new Map(store.earlier);
  for (const month of months) {
    const entry = store.months.get(month);
    if (entry?.status === "ready") earlier.set(month, entry.days);
  }
  return earlier;
}

function reduce(store: Store, action: Action): Store {
  switch (action.type) {
    case "job":
      if (action.jobKey === store.jobKey) return store;
      return { jobKey: action.jobKey, months: new Map(), earlier: withEarlier(store, store.months.keys()) };
    case "forget": {
      const months = new Map(store.months);
      for (const month of action.months) months.delete(month);
      return { ...store, months, earlier: withEarlier(store, action.months) };
    }
    case "loaded":
    case "failed": {
      // An answer for a job the customer has since changed tells nothing about this one.
      if (action.jobKey !== store.jobKey) return store;
      const months = new Map(store.months);
      for (const month of action.months) {
        months.set(
          month,
          action.type === "loaded"
            ? { status: "ready", days: action.days.filter((day) => monthOf(day.date) === month) }
            : { status: "failed" },
        );
      }
      return { ...store, months };
    }
  }
}

function daysOf(byMonth: Iterable<AvailabilityDay[]>, into = new Map<string, AvailabilityDay>()) {
  for (const days of byMonth) for (const day of days) into.set(day.date, day);
  return into;
}

export interface AvailabilityView {
  /** The month on screen, 'YYYY-MM'. */
  month: string;
  setMonth: (month: string) => void;
  /** The shown month's days: loading (or checking for a changed job), ready, or failed. */
  status: "loading" | "ready" | "failed";
  /** Every day known, the current job's over earlier answers: what the calendar shows. */
  days: ReadonlyMap<string, AvailabilityDay>;
  /** Only days fetched for the current job: what the chosen start is judged against. */
  freshDays: ReadonlyMap<string, AvailabilityDay>;
  /** Asks again about the months needed (shown, next, the chosen day's) after a failure. */
  retry: () => void;
  /** Asks again about one day's month (e.g. its time was just taken). */
  refreshDay: (ymd: string) => void;
}

export function useAvailability(
  range: BookableRange | null,
  job: JobLengthQuery,
  chosenYmd: string,
): AvailabilityView {
  const liveJobKey = JSON.stringify(job);
  const [store, dispatch] = useReducer(reduce, liveJobKey, (jobKey): Store => ({
    jobKey,
    months: new Map(),
    earlier: new Map(),
  }));
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  /** Requests under way, by `${jobKey}|${month}`, so a re-render does not ask twice. */
  const inFlight = useRef(new Set<string>());

  const month = range
    ? clampMonth(pickedMonth ?? monthOf(chosenYmd || range.earliestYmd), range)
    : monthOf(chosenYmd);
  const settled = liveJobKey === store.jobKey;

  // A changed job is asked about once the customer pauses.
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => dispatch({ type: "job", jobKey: liveJobKey }), JOB_CHANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [liveJobKey, settled]);

  useEffect(() => {
    if (!range || !settled) return;
    const { jobKey } = store;
    const missing = monthsNeeded(month, chosenYmd, range).filter((m) =>
      !store.months.has(m) && !inFlight.current.has(`${jobKey}|${m}`)
    );
    if (missing.length === 0) return;
    const query = JSON.parse(jobKey) as JobLengthQuery;
    for (const request of requestsFor(missing)) {
      const keys = request.months.map((m) => `${jobKey}|${m}`);
      keys.forEach((key) => inFlight.current.add(key));
      fetchAvailabilityCalendar({ from: request.from, to: request.to }, query).then(
        (answer) => dispatch({ type: "loaded", jobKey, months: request.months, days: answer.days }),
        () => dispatch({ type: "failed", jobKey, months: request.months }),
      ).finally(() => keys.forEach((key) => inFlight.current.delete(key)));
    }
  }, [range, settled, store, month, chosenYmd]);

  const freshDays = useMemo(
    () => daysOf([...store.months.values()].flatMap((entry) => (entry.status === "ready" ? [entry.days] : []))),
    [store.months],
  );
  const days = useMemo(() => {
    if (store.earlier.size === 0) return freshDays;
    const all = daysOf(store.earlier.values());
    for (const [date, day] of freshDays) all.set(date, day);
    return all;
  }, [store.earlier, freshDays]);
  const shown = store.months.get(month);
  const status = !settled || !shown ? "loading" : shown.status;

  const retry = useCallback(() => {
    if (range) dispatch({ type: "forget", months: monthsNeeded(month, chosenYmd, range) });
  }, [range, month, chosenYmd]);
  const refreshDay = useCallback((ymd: string) => dispatch({ type: "forget", months: [monthOf(ymd)] }), []);

  return { month, setMonth: setPickedMonth, status, days, freshDays, retry, refreshDay };
}
