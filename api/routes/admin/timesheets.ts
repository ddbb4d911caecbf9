import { z } from "zod";
import {
  attendanceCorrectionSchema,
  attendanceItemSchema,
  TIMESHEET_MAX_DAYS,
  timesheetListSchema,
  timesheetsQuerySchema,
} from "../../../core/team/schemas.ts";
import {
  type AttendanceAdmin,
  CORRECT_ATTENDANCE_ERRORS,
  LIST_ATTENDANCE_ERRORS,
  type Timesheets,
} from "../../../core/team/use-cases.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { IdParams, itemsOf, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: schedule and team"] as [string], "x-required-role": "admin" as const };

const AttendanceParams = z.object({
  id: z.string().meta({ description: "The booking's _id" }),
  cleanerId: z.string().meta({ description: "A cleaner on the job (or taken off it with marks on it)" }),
});

const timesheetRange = `from and to are Melbourne dates, inclusive, at most ${TIMESHEET_MAX_DAYS} days; a date not written YYYY-MM-DD, ` +
  "to before from, or a longer range is a 422. ";

const listTimesheets = route({
  ...admin, method: "get", path: "/timesheets", summary: "Each cleaner's jobs, check-ins and check-outs over a range of days, with the sums",
  description: timesheetRange +
    "One item per cleaner with a job starting in the range (by name): a BOOKING they are on that holds its place (PENDING, CONFIRMED, DONE), " +
    "or one they checked in on whatever it became. jobs counts them; scheduledMinutes sums end − start; workedMinutes sums the whole " +
    "minutes from check-in to check-out of the jobs checked in and out; late counts check-ins more than 5 minutes after the start. " +
    "entries: each job by start, with checkIn and checkOut (null when not made).",
  request: { query: timesheetsQuerySchema },
  responses: { 200: json(timesheetListSchema, "The timesheets") },
});
// Declared before anything that could read ".csv" as part of another path.
const exportTimesheets = route({
  ...admin, method: "get", path: "/timesheets.csv", summary: "The timesheets as CSV, for payroll",
  description: timesheetRange +
    "One line per job (cleaner, date, reference, start, end, checkIn, checkOut, scheduledMinutes, workedMinutes, workedHours, late " +
    "\"yes\" or empty), then a total line per cleaner (reference \"Total (n jobs)\", the sums, late the count). UTF-8 with a byte-order " +
    "mark, CRLF lines, Melbourne times (2026-11-28 09:00); cells starting with =, +, -, @, tab or CR get a leading '.",
  request: { query: timesheetsQuerySchema },
  responses: {
    200: {
      description: "text/csv attachment",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="timesheets-YYYY-MM-DD-to-YYYY-MM-DD.csv"' } },
      content: { "text/csv": { schema: z.string().meta({ description: "The header line, then each cleaner's jobs and their total line" }) } },
    },
  },
});
const listAttendance = route({
  ...admin, method: "get", path: "/bookings/{id}/attendance", summary: "Who is on the job, and when each tapped On my way, checked in and out",
  description: "The job's cleaners in the office's order, then anyone taken off it who has marks on it; with their notes, where their " +
    "phone said they were, and who last corrected a time. A cleaner with no marks yet has nulls.",
  request: { params: IdParams },
  errors: LIST_ATTENDANCE_ERRORS,
  responses: { 200: json(itemsOf(attendanceItemSchema), "The job's cleaners and their marks") },
});
const correctAttendance = route({
  ...admin, method: "patch", path: "/bookings/{id}/attendance/{cleanerId}", summary: "Correct a cleaner's check-in or check-out time",
  description: "checkInAt and checkOutAt: ISO 8601 with an offset, or null to clear; one at least; a field left out keeps its time. The " +
    "check-out must be after the check-in (a check-out needs one) and neither may be in the future: a 422 on the field otherwise. " +
    "Sending the times it has changes nothing. Audited as job.attendance_correct with the times before and after. " +
    "404 CLEANER_NOT_ON_JOB for a cleaner who is not on the job and has no marks on it.",
  request: { params: AttendanceParams, body: jsonBody(attendanceCorrectionSchema) },
  errors: CORRECT_ATTENDANCE_ERRORS,
  responses: { 200: json(attendanceItemSchema, "The cleaner's line, corrected") },
});

/** Timesheets and a job's marks (issue 31), mounted under /api/admin behind requireAdmin (any admin). */
export function timesheetsAdminRoutes(deps: { timesheets: Timesheets; attendance: AttendanceAdmin }) {
  return routeGroup()
    .openapi(listTimesheets, async (c) => c.json({ items: await deps.timesheets.list(c.req.valid("query")) }, 200))
    .openapi(exportTimesheets, async (c) => {
      const { fileName, csv } = await deps.timesheets.csv(c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        // People's hours and pay: no copies in browser or proxy caches.
        "Cache-Control": "no-store",
      });
    })
    .openapi(listAttendance, async (c) => {
      const result = await deps.attendance.list(c.req.valid("param").id);
      return result.ok ? c.json({ items: result.value }, 200) : failWith(listAttendance, c, result.error);
    })
    .openapi(correctAttendance, async (c) => {
      const { id, cleanerId } = c.req.valid("param");
      return answerWith(correctAttendance, c, await deps.attendance.correct(c.get("admin"), id, cleanerId, c.req.valid("json")), 200);
    });
}
