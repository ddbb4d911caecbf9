/** The staff schedule's wire shapes (issue 16): the query, and the days, slots and jobs it answers. */
import { z } from "zod";
import { cleanerSchema } from "../../cleaners/schemas.ts";
import { addDaysYmd, isYmd } from "../../shared/melbourne-time.ts";
import { YMD_MESSAGE, ymdText } from "../../shared/ymd-schema.ts";

/** The most Melbourne days one GET /api/admin/schedule answers: a month, whichever month. */
export const SCHEDULE_MAX_DAYS = 31;

export const SCHEDULE_MESSAGES = {
  date: YMD_MESSAGE,
  order: "The end date must be on or after the start date.",
  span: `Ask for at most ${SCHEDULE_MAX_DAYS} days at a time.`,
} as const;

const S = SCHEDULE_MESSAGES;

const dateQuery = ymdText(z.string({ error: S.date }));

export const scheduleQuerySchema = z.object({
  from: dateQuery.meta({ description: "First Melbourne date, YYYY-MM-DD", examples: ["2026-11-23"] }),
  to: dateQuery.meta({ description: `Last Melbourne date, inclusive; at most ${SCHEDULE_MAX_DAYS} days in all`, examples: ["2026-11-29"] }),
}).superRefine((query, ctx) => {
  // A date that failed its own rule has its message already.
  if (typeof query.from !== "string" || typeof query.to !== "string" || !isYmd(query.from) || !isYmd(query.to)) return;
  if (query.to < query.from) ctx.addIssue({ code: "custom", path: ["to"], message: S.order });
  else if (query.to > addDaysYmd(query.from, SCHEDULE_MAX_DAYS - 1)) ctx.addIssue({ code: "custom", path: ["to"], message: S.span });
}).meta({ id: "ScheduleQuery" });

export type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

/** The day-wide reasons the business does not work a day; the staff schedule knows no lead time or horizon. */
export const SCHEDULE_CLOSED_REASONS = ["CLOSED_DAY", "CLOSED_DATE"] as const;

export const scheduleSlotSchema = z.object({
  startTimeISO: z.string().meta({ description: "The start, UTC ISO 8601" }),
  taken: z.number().int().meta({ description: "Place-holding bookings counted against this start by the capacity rule (starting within the buffer of it, or running at it)" }),
  free: z.number().int().meta({ description: "max(0, maxConcurrentPerSlot - taken)" }),
}).meta({ id: "ScheduleSlot" });

export const scheduleDaySchema = z.object({
  date: z.string().meta({ description: "Melbourne date, YYYY-MM-DD" }),
  open: z.boolean().meta({ description: "false: a closed weekday or a closed date (jobs on it are still listed)" }),
  reason: z.enum(SCHEDULE_CLOSED_REASONS).optional().meta({ description: "Closed days: why" }),
  label: z.string().optional().meta({ description: "CLOSED_DATE: the closed date's label, e.g. Christmas Day" }),
  slots: z.array(scheduleSlotSchema).meta({ description: "Open days: each start hour of the day (the booking form's), with its places; [] on a closed day" }),
}).meta({ id: "ScheduleDay" });

/** Issue 31: a job on the schedule is late once this long past its start with no one checked in. */
export const SCHEDULE_LATE_AFTER_MIN = 30;

/** Issue 31: one cleaner's taps on a job, as the schedule marks it (arrived, done). */
export const scheduleAttendanceSchema = z.object({
  cleanerId: z.string(),
  onMyWayAt: z.string().nullable().meta({ format: "date-time" }),
  checkInAt: z.string().nullable().meta({ format: "date-time" }),
  checkOutAt: z.string().nullable().meta({ format: "date-time" }),
}).meta({ id: "ScheduleAttendance" });

export const scheduleJobSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(["PENDING", "CONFIRMED", "DONE", "NEEDS_ATTENTION"]).meta({
    description: "NEEDS_ATTENTION: it holds no place (its day was closed, or a visit could not be placed) and waits for a new time",
  }),
  startTime: z.string().meta({ format: "date-time" }),
  endTime: z.string().meta({ format: "date-time" }),
  createdAt: z.string().meta({ format: "date-time", description: "When it was booked: new jobs since a last look stand out" }),
  customerName: z.string(),
  phone: z.string(),
  suburb: z.string(),
  addressLine: z.string().meta({ examples: ["4/12 Smith St, Fitzroy VIC 3065"] }),
  serviceName: z.string().meta({ description: "The service's name at booking time" }),
  sizeLabel: z.string().meta({ description: "\"3 hours\", \"2 bedrooms\", \"Studio\"; empty for a fixed-price service" }),
  extras: z.array(z.string()).meta({ description: "Add-ons as booked, e.g. \"Inside oven × 2\"" }),
  cleanerIds: z.array(z.string()).meta({ description: "The cleaners on the job, in order; [] when no one is" }),
  seriesId: z.string().nullable().meta({ description: "The series of regular visits this job is a visit of; null for a one-off" }),
  customerNotes: z.string().meta({ description: "The customer's lasting notes (gate codes, pets, parking), for the run sheet; empty when none" }),
  // Issue 31: the cleaners' taps on the job, and the office's flag for a job nobody has arrived at.
  attendance: z.array(scheduleAttendanceSchema).meta({
    description: "One entry per cleaner on the job, in the order of cleanerIds: when they tapped On my way, checked in and checked out (null: not yet)",
  }),
  late: z.boolean().meta({
    description: `true when the job is PENDING or CONFIRMED, has cleaners, none of them has checked in, and its start was more than ${SCHEDULE_LATE_AFTER_MIN} minutes ago`,
  }),
}).meta({ id: "ScheduleJob" });

export const scheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  cleaners: z.array(cleanerSchema).meta({ description: "Active cleaners, and deactivated ones still on a job in the range, by name" }),
  days: z.array(scheduleDaySchema),
  jobs: z.array(scheduleJobSchema).meta({ description: "Place-holding bookings (PENDING, CONFIRMED, DONE) starting in the range, by start" }),
}).meta({ id: "Schedule" });

export type ScheduleSlot = z.output<typeof scheduleSlotSchema>;
export type ScheduleDay = z.output<typeof scheduleDaySchema>;
export type ScheduleJob = z.output<typeof scheduleJobSchema>;
export type ScheduleAttendance = z.output<typeof scheduleAttendanceSchema>;
export type Schedule = z.output<typeof scheduleSchema>;
