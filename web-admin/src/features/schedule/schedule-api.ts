/**
 * The schedule's calls (issue 16): GET /api/admin/schedule for a range of Melbourne days, PUT
 * /api/admin/bookings/{id}/cleaners to assign, the scheduling settings for the day's hours, and the
 * day's full booking records for the run sheet.
 */
import { queryOptions } from "@tanstack/react-query";
import type { BookingRecord } from "@yarra/core/booking/types.ts";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "@yarra/core/settings/types.ts";
import { itemsOf } from "@yarra/api/client/http.ts";
import type { Wire } from "@yarra/api/client/types.ts";
import type { z } from "zod";
import type { Schedule, ScheduleJob } from "@yarra/core/booking/staff/schedule-schemas.ts";
import type { cleanerSchema } from "@yarra/core/cleaners/schemas.ts";
import { api } from "../../lib/api.ts";
import { dayBounds } from "./schedule-dates.ts";

/** The wire shapes, declared once in core (the API validates its answers with them). */
export type { Schedule, ScheduleDay, ScheduleJob, ScheduleSlot } from "@yarra/core/booking/staff/schedule-schemas.ts";
export type ScheduleCleaner = z.output<typeof cleanerSchema>;
/** Only place-holding bookings are on the schedule. */
export type JobStatus = ScheduleJob["status"];

/** A booking record as GET /api/admin/bookings sends it; cleanerIds arrives with issue 16's server. */
export type BookingRecordDto = Wire<BookingRecord> & { cleanerIds?: string[] };

/** Lists the server may leave out are read as empty, so a partial answer still draws. */
function normalised(data: Partial<Schedule> | undefined, from: string, to: string): Schedule {
  return {
    from: data?.from ?? from,
    to: data?.to ?? to,
    cleaners: data?.cleaners ?? [],
    days: (data?.days ?? []).map((day) => ({ ...day, slots: day.slots ?? [] })),
    // Issue 31's marks: an answer without them reads as no taps and not late.
    jobs: (data?.jobs ?? []).map((job) => ({
      ...job,
      extras: job.extras ?? [],
      cleanerIds: job.cleanerIds ?? [],
      attendance: job.attendance ?? [],
      late: job.late ?? false,
    })),
  };
}

export const SCHEDULE_KEY = ["schedule"] as const;

export const scheduleQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...SCHEDULE_KEY, from, to],
    queryFn: async ({ signal }) =>
      normalised(await api.get<Partial<Schedule>>("/api/admin/schedule", { query: { from, to }, signal }), from, to),
  });

/** The same read (and cache entry) as the Settings screen's: the day's hours come from it. */
export const schedulingSettingsQuery = queryOptions({
  queryKey: ["settings", "scheduling"],
  queryFn: async () => ({ ...SCHEDULING_DEFAULTS, ...(await api.get<SchedulingSettings>("/api/admin/settings/scheduling")) }),
});

/** The most one page of the bookings list holds: a day has far fewer jobs. */
export const RUN_SHEET_LIMIT = 500;

/** Every booking starting on the Melbourne day, with answers, add-ons, notes and address. */
export const dayBookingsQuery = (date: string) =>
  queryOptions({
    queryKey: ["bookings", "day", date],
    queryFn: async ({ signal }) => {
      const { start, next } = dayBounds(date);
      const data = await api.get<unknown>("/api/admin/bookings", {
        query: { startFrom: start, startTo: next, limit: RUN_SHEET_LIMIT, type: "BOOKING" },
        signal,
      });
      return itemsOf<BookingRecordDto>(data);
    },
  });

export const assignCleaners = (bookingId: string, cleanerIds: string[]) =>
  api.put<BookingRecordDto>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/cleaners`, { cleanerIds });

/** Confirm on a job's card (issue 34): the bookings' own status call, PATCH …/status. */
export const confirmJob = (id: string) =>
  api.patch<BookingRecordDto>(`/api/admin/bookings/${encodeURIComponent(id)}/status`, { status: "CONFIRMED" });
