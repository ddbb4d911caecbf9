import { queryOptions } from "@tanstack/react-query";
import type { AffectedJob, ClosedDateAdded, PublicHoliday, PublicHolidaysAdded } from "@yarra/core/workflows/close-day.ts";
import type { ClosedDate } from "@yarra/core/settings/types.ts";
import { api } from "../../lib/api.ts";

const BASE = "/api/admin/closed-dates";

export type { AffectedJob, ClosedDate, ClosedDateAdded, PublicHoliday, PublicHolidaysAdded };

/** Every closed date, past ones too, in date order. */
export const closedDatesQuery = queryOptions({
  queryKey: ["closed-dates", "all"],
  queryFn: () => api.list<ClosedDate>(BASE),
});

/** Victoria's public holidays from today for two years, each saying whether it is closed already. */
export const publicHolidaysQuery = queryOptions({
  queryKey: ["closed-dates", "public-holidays"],
  queryFn: () => api.list<PublicHoliday>(`${BASE}/public-holidays`),
  // The closed flags change with every add and remove: read them afresh each time the list opens.
  staleTime: 0,
});

/** Issue 28: the answer names the jobs that were on the day (now NEEDS_ATTENTION). */
export const addClosedDate = (body: { date: string; label?: string }) => api.post<ClosedDateAdded>(BASE, body);
export const removeClosedDate = (date: string) => api.delete<void>(`${BASE}/${encodeURIComponent(date)}`);
export const addPublicHolidays = () => api.post<PublicHolidaysAdded>(`${BASE}/public-holidays`);
