/**
 * The wire shapes of the cleaners' own app and the office's view of it (issue 31): a cleaner's jobs
 * (nothing of money: no price, payment, balance or other customer), their taps on the job, the
 * booking page's "On the job" list and its corrections, and the timesheets.
 */
import { z } from "zod";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { addDaysYmd, isYmd } from "../shared/melbourne-time.ts";
import { YMD_MESSAGE, ymdText } from "../shared/ymd-schema.ts";

import { TEAM_JOBS_DEFAULT_AHEAD_DAYS, TEAM_JOBS_MAX_DAYS, TIMESHEET_MAX_DAYS } from "./limits.ts";

export { TEAM_JOBS_DEFAULT_AHEAD_DAYS, TEAM_JOBS_MAX_DAYS, TIMESHEET_MAX_DAYS };
/** A note on checking in or out. */
export const JOB_NOTE_MAX = 1000;

export const TEAM_MESSAGES = {
  date: YMD_MESSAGE,
  bothDates: "Send both from and to, or neither.",
  order: "The end date must be on or after the start date.",
  jobsSpan: `Ask for at most ${TEAM_JOBS_MAX_DAYS} days at a time.`,
  timesheetSpan: `Ask for at most ${TIMESHEET_MAX_DAYS} days at a time.`,
  note: "The note must be text.",
  noteTooLong: `Keep the note to ${JOB_NOTE_MAX.toLocaleString("en-AU")} characters or fewer.`,
  latitude: "Latitude must be a number from -90 to 90.",
  longitude: "Longitude must be a number from -180 to 180.",
  bothCoordinates: "Send latitude and longitude together.",
  instant: "Use a date and time with its offset, e.g. 2026-11-28T09:00:00+11:00.",
  nothingToCorrect: "Send checkInAt or checkOutAt.",
  inFuture: "Times can’t be in the future.",
  checkOutBeforeCheckIn: "Check-out must be after check-in.",
  checkOutWithoutCheckIn: "Add the check-in time first.",
} as const;

const M = TEAM_MESSAGES;

const dateQuery = ymdText(z.string({ error: M.date }));

/** from and to, inclusive, at most `maxDays`; when `optional`, both may be left out (not one). */
const dayRange = (maxDays: number, spanMessage: string) => (query: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) => {
  if (typeof query.from !== "string" || typeof query.to !== "string" || !isYmd(query.from) || !isYmd(query.to)) return;
  if (query.to < query.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.order });
  else if (query.to > addDaysYmd(query.from, maxDays - 1)) ctx.addIssue({ code: "custom", path: ["to"], message: spanMessage });
};

export const teamJobsQuerySchema = z.object({
  from: dateQuery.optional().meta({ description: "First Melbourne date, YYYY-MM-DD; default today", examples: ["2026-11-23"] }),
  to: dateQuery.optional().meta({
    description: `Last Melbourne date, inclusive; default today + ${TEAM_JOBS_DEFAULT_AHEAD_DAYS}; at most ${TEAM_JOBS_MAX_DAYS} days in all`,
    examples: ["2026-11-30"],
  }),
}).superRefine((query, ctx) => {
  if ((query.from === undefined) !== (query.to === undefined)) {
    ctx.addIssue({ code: "custom", path: [query.from === undefined ? "from" : "to"], message: M.bothDates });
    return;
  }
  dayRange(TEAM_JOBS_MAX_DAYS, M.jobsSpan)(query, ctx);
}).meta({ id: "TeamJobsQuery" });

export type TeamJobsQuery = z.output<typeof teamJobsQuerySchema>;

const instant = (description: string) => z.string().nullable().meta({ format: "date-time", description });

/** What a cleaner sees of one of their jobs: where, when, who to ask for, what to do. No money. */
export const teamJobSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(["PENDING", "CONFIRMED", "DONE"]),
  startTime: z.string().meta({ format: "date-time" }),
  endTime: z.string().meta({ format: "date-time" }),
  serviceName: z.string().meta({ description: "The service's name at booking time" }),
  sizeLabel: z.string().meta({ description: "\"3 bedrooms\", \"2.5 hours\", \"Studio\"; empty for a fixed-price service" }),
  customerFirstName: z.string(),
  customerPhone: z.string().meta({ description: "To call or text on the day" }),
  address: z.object({
    unit: z.string().meta({ description: "'' when none" }),
    street: z.string(),
    suburb: z.string(),
    state: z.string(),
    postCode: z.string(),
  }),
  mapUrl: z.string().meta({ description: "A Google Maps search for the address (opens the Maps app on a phone)" }),
  access: z.array(z.object({ label: z.string(), displayValue: z.string() }))
    .meta({ description: "The customer's answers to the booking form's questions (access, pets, parking), as they gave them" }),
  extras: z.array(z.object({ title: z.string(), quantity: z.number().int() })).meta({ description: "Add-ons to do, as booked" }),
  notes: z.string().meta({ description: "The customer's notes on this booking; '' when none" }),
  officeNotes: z.string().meta({ description: "The office's notes for the team on this job; '' when none" }),
  customerNotes: z.string().meta({ description: "The customer record's lasting notes (gate codes, pets, parking); '' when none" }),
  checklist: z.array(z.string()).meta({ description: "The service's checklist, in order; [] when none" }),
  otherCleaners: z.array(z.string()).meta({ description: "The names of the other cleaners on the job, in the office's order" }),
  onMyWayAt: instant("When the caller tapped On my way; null before"),
  checkInAt: instant("When the caller checked in (server time, or as the office corrected it); null before"),
  checkOutAt: instant("When the caller checked out; null before"),
  checkOutNote: z.string().meta({ description: "The caller's note on checking out; '' when none" }),
}).meta({ id: "TeamJob" });

export type TeamJob = z.output<typeof teamJobSchema>;

/** A coordinate the phone gave, or nothing (null reads as nothing). */
const coordinate = (least: number, most: number, message: string) =>
  z.number({ error: message }).min(least, message).max(most, message).nullable().optional()
    .transform((value) => value ?? null)
    .meta({ minimum: least, maximum: most });

/** POST /api/team/jobs/{id}/check-in and /check-out. The time is always the server's. */
export const jobMarkInputSchema = z.object({
  note: z.string({ error: M.note }).trim().max(JOB_NOTE_MAX, M.noteTooLong).optional().transform((note) => note ?? "")
    .meta({ description: `Optional, up to ${JOB_NOTE_MAX} characters; ends trimmed. A check-out note is e-mailed to the office` }),
  lat: coordinate(-90, 90, M.latitude).meta({ description: "Where the phone says the cleaner is (optional, with lng)" }),
  lng: coordinate(-180, 180, M.longitude).meta({ description: "With lat" }),
}).superRefine((input, ctx) => {
  const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
  if (failed.has("lat") || failed.has("lng")) return;
  if ((input.lat === null) !== (input.lng === null)) {
    ctx.addIssue({ code: "custom", path: [input.lat === null ? "lat" : "lng"], message: M.bothCoordinates });
  }
}).meta({ id: "JobMarkInput" });

export type JobMarkInput = z.output<typeof jobMarkInputSchema>;

// ---------------------------------------------------------------------------------------------
// The office: a booking's "On the job" list and corrections

export const attendanceItemSchema = z.object({
  cleanerId: z.string(),
  name: z.string().meta({ description: "The cleaner's name" }),
  onMyWayAt: instant("When they tapped On my way"),
  checkInAt: instant("When they checked in"),
  checkOutAt: instant("When they checked out"),
  checkInNote: z.string(),
  checkOutNote: z.string(),
  checkInLat: z.number().nullable(),
  checkInLng: z.number().nullable(),
  checkOutLat: z.number().nullable(),
  checkOutLng: z.number().nullable(),
  correctedBy: z.string().nullable().meta({ description: "The name of the staff member who last corrected a time; null when none did" }),
  correctedAt: instant("When a time was last corrected"),
}).meta({ id: "JobAttendance" });

export type AttendanceItem = z.output<typeof attendanceItemSchema>;

/** A corrected time: ISO 8601 with an offset, or null to clear it. */
const correctedInstant = z.string({ error: M.instant })
  .refine((text) => parseIsoInstant(text) !== null, M.instant)
  .transform((text) => parseIsoInstant(text)!)
  .nullable()
  .optional()
  .meta({ format: "date-time", description: "ISO 8601 with an offset; null clears it; left out keeps it" });

/** PATCH /api/admin/bookings/{id}/attendance/{cleanerId} */
export const attendanceCorrectionSchema = z.object({
  checkInAt: correctedInstant,
  checkOutAt: correctedInstant,
}).superRefine((input, ctx) => {
  if (ctx.issues.length === 0 && input.checkInAt === undefined && input.checkOutAt === undefined) {
    ctx.addIssue({ code: "custom", path: ["checkInAt"], message: M.nothingToCorrect });
  }
}).meta({ id: "AttendanceCorrection" });

export type AttendanceCorrection = z.output<typeof attendanceCorrectionSchema>;

// ---------------------------------------------------------------------------------------------
// Timesheets

export const timesheetsQuerySchema = z.object({
  from: dateQuery.meta({ description: "First Melbourne date, YYYY-MM-DD", examples: ["2026-11-23"] }),
  to: dateQuery.meta({ description: `Last Melbourne date, inclusive; at most ${TIMESHEET_MAX_DAYS} days in all`, examples: ["2026-11-29"] }),
}).superRefine(dayRange(TIMESHEET_MAX_DAYS, M.timesheetSpan)).meta({ id: "TimesheetsQuery" });

export type TimesheetsQuery = z.output<typeof timesheetsQuerySchema>;

export const timesheetEntrySchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  start: z.string().meta({ format: "date-time", description: "The job's start" }),
  end: z.string().meta({ format: "date-time", description: "The job's end" }),
  checkIn: instant("When the cleaner checked in; null when they did not"),
  checkOut: instant("When the cleaner checked out; null when they did not"),
}).meta({ id: "TimesheetEntry" });

export const timesheetSchema = z.object({
  cleanerId: z.string(),
  name: z.string(),
  jobs: z.number().int().meta({ description: "Jobs of theirs starting in the range" }),
  scheduledMinutes: z.number().int().meta({ description: "Σ (end − start) of those jobs, in minutes" }),
  workedMinutes: z.number().int().meta({ description: "Σ whole minutes (check-out − check-in) of the jobs checked in and out" }),
  late: z.number().int().meta({ description: "Check-ins more than 5 minutes after the job's start" }),
  entries: z.array(timesheetEntrySchema).meta({ description: "By start" }),
}).meta({ id: "Timesheet" });

export const timesheetListSchema = z.object({ items: z.array(timesheetSchema) }).meta({ id: "Timesheets" });

export type TimesheetEntry = z.output<typeof timesheetEntrySchema>;
export type Timesheet = z.output<typeof timesheetSchema>;
