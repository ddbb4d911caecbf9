/**
 * The team at the API boundary (issue 16): what the server sends about a cleaner, and what staff
 * may send. Each field's rule and message is written here once; the API validates with these
 * schemas and the Team screen checks with them.
 */
import { z } from "zod";
import { normaliseAuPhone } from "../shared/phone.ts";
import { CONTACT_MESSAGES, EMAIL_PATTERN } from "../shared/contact.ts";
import { oneLine } from "../shared/input.ts";
import { ymdText } from "../shared/ymd-schema.ts";
import { daysOfLeave, isQuarterHourClock, minutesOfClock, TIME_OFF_MAX_DAYS, WEEKDAY_NAMES } from "./team.ts";

export const CLEANER_LIMITS = {
  name: 100,
  email: 254,
  phoneRaw: 40,
  /** The most cleaners one job may have. */
  perJob: 10,
  /** Leave entered at once, in days (both ends counted). */
  timeOffDays: TIME_OFF_MAX_DAYS,
  timeOffReason: 200,
} as const;

export const CLEANER_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be ${CLEANER_LIMITS.name} characters or fewer`,
  /** The booking form's own words: a cleaner's phone and e-mail follow the same rules. */
  phone: CONTACT_MESSAGES.phone,
  email: CONTACT_MESSAGES.email,
  colour: "Colour must be written #RRGGBB, e.g. #1f7a6d",
  active: "Active must be true or false",
  cleanerIds: "Send cleanerIds as a list of cleaner ids.",
  tooMany: `A job can have at most ${CLEANER_LIMITS.perJob} cleaners.`,
  repeated: "Each cleaner can be listed only once.",
  unknown: "Choose cleaners from the team.",
  inactive: (name: string) => `${name} is no longer active. Choose an active cleaner.`,
  // The week and leave (issue 28)
  days: "Send days as a list of weekdays, each with a start and an end",
  weekday: "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)",
  weekdayRepeated: (weekday: number) => `${WEEKDAY_NAMES[weekday] ?? "A weekday"} is listed more than once: give each day one start and one end`,
  start: "Start must be a time on the quarter hour, e.g. 08:00",
  end: "End must be a time on the quarter hour, e.g. 17:00 (24:00 is midnight)",
  endAfterStart: "End must be after start",
  timeOffFrom: "Enter the first day off",
  timeOffTo: "Enter the last day off",
  timeOffOrder: "The last day off can't be before the first",
  timeOffTooLong: `Time off can be at most ${TIME_OFF_MAX_DAYS} days at a time`,
  reasonTooLong: "Reason must be text of 200 characters or fewer",
  timeOffNotFound: "Time off not found.",
} as const;

const M = CLEANER_MESSAGES;
const L = CLEANER_LIMITS;

/** #RRGGBB, any letter case in, lower case stored. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

// ------------------------------------------------------------ what the server sends

export const cleanerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string().meta({ description: "Digits, as bookings keep them (0412345678); empty when not known" }),
  email: z.string().meta({ description: "Empty when not known" }),
  colour: z.string().meta({ description: "#rrggbb: the schedule draws the cleaner's column and jobs in it", example: "#1f7a6d" }),
  active: z.boolean().meta({ description: "false: deactivated; kept so past jobs still say who did them" }),
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "Cleaner" });

/** One weekday's stretch of work (team.ts WorkingDay). */
export const workingDaySchema = z.object({
  weekday: z.number().int().meta({ description: "0 = Sunday ... 6 = Saturday" }),
  start: z.string().meta({ description: "HH:MM, Melbourne wall clock, on the quarter hour", example: "08:00" }),
  end: z.string().meta({ description: "HH:MM, after start; 24:00 is midnight (the end is not worked)", example: "17:00" }),
}).meta({ id: "WorkingDay" });

/** A stretch of leave (team.ts TimeOff). */
export const timeOffSchema = z.object({
  _id: z.string(),
  cleanerId: z.string(),
  from: z.string().meta({ description: "First day off, Melbourne date YYYY-MM-DD" }),
  to: z.string().meta({ description: "Last day off (included), YYYY-MM-DD" }),
  reason: z.string().meta({ description: "Empty when none was given" }),
}).meta({ id: "TimeOff" });

/** A cleaner as the Team screen reads them: the details, their week and their coming leave (issue 28). */
export const teamCleanerSchema = cleanerSchema.extend({
  workingHours: z.array(workingDaySchema).meta({
    description: "The week staff set, Sunday first; until they set one (workingHoursSet false), the business's open weekdays from the first start hour to the close of the day",
  }),
  workingHoursSet: z.boolean().meta({ description: "false: no week saved yet, workingHours is the default week" }),
  timeOff: z.array(timeOffSchema).meta({ description: "Leave that ends today or later (Melbourne), by first day" }),
}).meta({ id: "TeamCleaner" });

export const cleanerListSchema = z.object({ items: z.array(teamCleanerSchema) }).meta({ id: "CleanerList" });

// ------------------------------------------------------------ what staff send

/** One line of text that must be given: anything but a string counts as blank. */
const name = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : ""),
  oneLine(z.string().min(1, M.nameRequired).max(L.name, M.nameTooLong)),
).meta({ type: "string", maxLength: L.name, examples: ["Priya Sharma"] });

/** Blank is "not known"; anything else must be an Australian number, kept as its digits. */
const phone = z.string({ error: M.phone }).trim()
  .refine((value) => value === "" || (value.length <= L.phoneRaw && normaliseAuPhone(value) !== null), M.phone)
  .overwrite((value) => (value === "" ? "" : normaliseAuPhone(value) ?? value))
  .meta({ description: "Australian landline or mobile, or empty; spaces, brackets and +61 accepted", examples: ["0412 345 678"] });

const email = z.string({ error: M.email }).trim()
  .refine((value) => value === "" || (value.length <= L.email && EMAIL_PATTERN.test(value)), M.email)
  .meta({ description: "Shaped like x@y.z, or empty", examples: ["priya@yarrashine.com.au"] });

const colour = z.string({ error: M.colour }).trim().regex(COLOUR_PATTERN, M.colour)
  .overwrite((value) => value.toLowerCase())
  .meta({ description: "#RRGGBB", examples: ["#1f7a6d"] });

export const cleanerInputSchema = z.object({
  name,
  phone: phone.default(""),
  email: email.default(""),
  colour: colour.optional().meta({ description: "#RRGGBB; without it, the first colour of the team's palette no active cleaner has" }),
}).meta({ id: "CleanerInput" });

export const cleanerPatchSchema = z.object({
  name: name.optional(),
  phone: phone.optional(),
  email: email.optional(),
  colour: colour.optional(),
  active: z.boolean({ error: M.active }).optional().meta({ description: "false deactivates, true brings the cleaner back" }),
}).meta({ id: "CleanerPatch", description: "Any fields of CleanerInput, and active" });

export type CleanerInput = z.output<typeof cleanerInputSchema>;
export type CleanerPatch = z.output<typeof cleanerPatchSchema>;

/**
 * The cleaners of a job, in order. Ids are only shaped here (text, each once, at most 10): whether
 * each is a cleaner of the team, and an active one, is the use case's to say.
 */
export const assignmentInputSchema = z.object({
  cleanerIds: z.array(z.string({ error: M.cleanerIds }).trim().min(1, M.cleanerIds), { error: M.cleanerIds })
    .max(L.perJob, M.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, M.repeated)
    .meta({ description: `Cleaner _ids in the order to show them; [] unassigns everyone. At most ${L.perJob}.` }),
}).meta({ id: "CleanerAssignment" });

export type AssignmentInput = z.output<typeof assignmentInputSchema>;

/** "HH:MM" on the quarter hour; an end may be "24:00". Anything but text gets the same message. */
const clock = (as: "start" | "end", message: string) =>
  z.string({ error: message }).trim().refine((value) => isQuarterHourClock(value, as), message);

const workingDayInput = z.object({
  weekday: z.number({ error: M.weekday }).int(M.weekday).min(0, M.weekday).max(6, M.weekday),
  start: clock("start", M.start).meta({ examples: ["08:00"] }),
  end: clock("end", M.end).meta({ examples: ["17:00"] }),
}, { error: M.days }).refine(
  // Only two good times are compared: a malformed one has its own message already.
  ({ start, end }) => !isQuarterHourClock(start, "start") || !isQuarterHourClock(end, "end") || minutesOfClock(end) > minutesOfClock(start),
  { error: M.endAfterStart, path: ["end"] },
);

/**
 * A cleaner's whole week: at most one stretch a weekday; a weekday left out is not worked, and
 * [] is a cleaner who works no day. Field errors name the entry, e.g. days.2.end.
 */
export const workingHoursInputSchema = z.object({
  days: z.array(workingDayInput, { error: M.days }).superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((day, index) => {
      if (seen.has(day.weekday)) ctx.addIssue({ code: "custom", message: M.weekdayRepeated(day.weekday), path: [index, "weekday"] });
      seen.add(day.weekday);
    });
  }).meta({ description: "One entry per weekday worked; a weekday listed twice is refused" }),
}).meta({ id: "WorkingHoursInput" });

export type WorkingHoursInput = z.output<typeof workingHoursInputSchema>;

/** Leave: whole Melbourne days, both included, at most a year long; the reason is optional, one line. */
export const timeOffInputSchema = z.object({
  from: ymdText(z.string({ error: M.timeOffFrom })).meta({ description: "First day off, YYYY-MM-DD", examples: ["2026-12-21"] }),
  to: ymdText(z.string({ error: M.timeOffTo })).meta({ description: "Last day off (included), YYYY-MM-DD", examples: ["2027-01-08"] }),
  reason: oneLine(z.string({ error: M.reasonTooLong }).trim().max(L.timeOffReason, M.reasonTooLong)).default("")
    .meta({ description: `Optional, one line, at most ${L.timeOffReason} characters`, examples: ["Annual leave"] }),
}).superRefine(({ from, to }, ctx) => {
  const days = daysOfLeave(from, to);
  if (days < 1) ctx.addIssue({ code: "custom", message: M.timeOffOrder, path: ["to"] });
  else if (days > L.timeOffDays) ctx.addIssue({ code: "custom", message: M.timeOffTooLong, path: ["to"] });
}).meta({ id: "TimeOffInput" });

export type TimeOffInput = z.output<typeof timeOffInputSchema>;

export const cleanersQuerySchema = z.object({
  includeInactive: z.enum(["true", "false"]).optional().meta({ description: "Also deactivated cleaners; default false" })
    .transform((value) => value === "true"),
});
