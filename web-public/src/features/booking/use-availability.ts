/**
 * The booking form's calendar (GET /api/availability) for the job being asked about, through the
 * calendar's queries (use-calendar-days.ts). A change of job (service, size, add-ons) waits a
 * moment for the customer to stop changing it, then asks afresh.
 */
import { useCallback, useEffect, useState } from "react";
import type { BookableRange } from "./availability-calendar.ts";
import { fetchAvailabilityCalendar, type JobLengthQuery } from "./booking-api.ts";
import { type AvailabilityView, type FetchCalendarPage, useCalendarDays } from "./use-calendar-days.ts";

/** How long a change of the job waits for the next one before the calendar asks again. */
export const JOB_CHANGE_DEBOUNCE_MS = 300;

export function useAvailability(range: BookableRange | null, job: JobLengthQuery, chosenYmd: string): AvailabilityView {
  const liveJobKey = JSON.stringify(job);
  const [jobKey, setJobKey] = useState(liveJobKey);

  useEffect(() => {
    if (liveJobKey === jobKey) return;
    const timer = setTimeout(() => setJobKey(liveJobKey), JOB_CHANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [liveJobKey, jobKey]);

  const fetchPage = useCallback<FetchCalendarPage>(
    (page, signal) => fetchAvailabilityCalendar(page, JSON.parse(jobKey) as JobLengthQuery, { signal }),
    [jobKey],
  );
  return useCalendarDays({ range, chosenYmd, subject: jobKey, fetchPage, settled: liveJobKey === jobKey });
}
