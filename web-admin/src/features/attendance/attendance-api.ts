/**
 * The booking page's "On the job" calls (issue 31): GET /api/admin/bookings/{id}/attendance and
 * PATCH …/attendance/{cleanerId} to correct a check-in or check-out time.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { AttendanceItem, attendanceCorrectionSchema } from "@yarra/core/team/schemas.ts";
import { api } from "../../lib/api.ts";

export type { AttendanceItem };

/** What a correction sends: an instant, null to clear it, or left out to keep it. */
export type AttendanceCorrectionBody = z.input<typeof attendanceCorrectionSchema>;

const attendancePath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}/attendance`;

/** Under the bookings key, so every bookings write (a cleaner taken off the job) marks it stale too. */
export const attendanceQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["bookings", "attendance", bookingId] as const,
    queryFn: ({ signal }) => api.list<AttendanceItem>(attendancePath(bookingId), { signal }),
  });

/** Answers the cleaner's line as corrected. */
export const correctAttendance = (bookingId: string, cleanerId: string, body: AttendanceCorrectionBody) =>
  api.patch<AttendanceItem>(`${attendancePath(bookingId)}/${encodeURIComponent(cleanerId)}`, body);
