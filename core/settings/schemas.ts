/** The wire shapes of the scheduling settings, the booking-form content and the business profile. */
import { z } from "zod";
import { AVAILABILITY_MODES, SCHEDULING_LIMITS as L } from "./clamps.ts";
import { ymdText } from "../shared/ymd-schema.ts";
import { oneLine } from "../shared/input.ts";

const hour = (description: string) => z.number().int().min(L.firstSlotHour.min).max(L.firstSlotHour.max).meta({ description });

export const schedulingSchema = z.object({
  slotBufferMin: z.number().int().min(L.slotBufferMin.min).max(L.slotBufferMin.max)
    .meta({ description: "Minutes either side of a start within which other starts count against the cap" }),
  maxConcurrentPerSlot: z.number().int().min(L.maxConcurrentPerSlot.min).max(L.maxConcurrentPerSlot.max),
  enforceBuffer: z.boolean(),
  leadDays: z.number().int().min(L.leadDays.min).max(L.leadDays.max)
    .meta({ description: "The earliest bookable date is this many days after today (Melbourne)" }),
  horizonDays: z.number().int().min(L.horizonDays.min).max(L.horizonDays.max)
    .meta({ description: "The latest bookable date is this many days after today (Melbourne)" }),
  firstSlotHour: hour("First start hour, Melbourne wall clock"),
  lastSlotHour: hour("Last start hour, inclusive"),
  closedWeekdays: z.array(z.number().int().min(0).max(6)).meta({ description: "0 = Sunday ... 6 = Saturday" }),
  dayEndHour: z.number().int().min(L.dayEndHour.min).max(L.dayEndHour.max)
    .meta({ description: "Close of the working day, Melbourne wall clock: every job must end by this hour" }),
  reminderHoursBefore: z.number().int().min(L.reminderHoursBefore.min).max(L.reminderHoursBefore.max)
    .meta({ description: "Hours before a job its reminder e-mail goes to the customer" }),
  freeChangeCutoffHours: z.number().int().min(L.freeChangeCutoffHours.min).max(L.freeChangeCutoffHours.max)
    .meta({ description: "Up to this many hours before the start the customer may move or cancel free of charge on the manage-my-booking page" }),
  seriesHorizonWeeks: z.number().int().min(L.seriesHorizonWeeks.min).max(L.seriesHorizonWeeks.max)
    .meta({ description: "How many weeks ahead the visits of a series of regular cleans are booked (each capacity-checked)" }),
  availabilityMode: z.enum(AVAILABILITY_MODES)
    .meta({ description: "SLOTS: maxConcurrentPerSlot places a start; TEAM: a start is offered only when a cleaner is working and free for the whole visit (the cap still applies)" }),
  teamGapMin: z.number().int().min(L.teamGapMin.min).max(L.teamGapMin.max)
    .meta({ description: "Team mode: minutes a cleaner needs between two jobs (travel), in steps of 5" }),
}).meta({ id: "SchedulingSettings" });

export const slotBufferSchema = schedulingSchema.pick({ slotBufferMin: true }).meta({ id: "SlotBufferSetting" });

/** What the booking form needs of the scheduling settings to offer only days and times the server takes. */
export const publicSchedulingSchema = schedulingSchema
  .pick({ leadDays: true, horizonDays: true, firstSlotHour: true, lastSlotHour: true, closedWeekdays: true, dayEndHour: true })
  .extend({ serviceArea: z.lazy(() => serviceAreaSchema) })
  .meta({ id: "PublicScheduling" });

export type PublicScheduling = z.infer<typeof publicSchedulingSchema>;

export const contentSchema = z.object({
  generalCommentEnabled: z.boolean(),
  generalCommentLabel: z.string(),
  generalCommentPlaceholder: z.string(),
  cancellationPolicyHtml: z.string().meta({ description: "Sanitised HTML" }),
}).meta({ id: "BookingFormContent" });

export const businessSchema = z.object({
  brandName: z.string(),
  legalName: z.string(),
  phone: z.string(),
  whatsappNumber: z.string(),
  whatsappPrefill: z.string(),
  email: z.string(),
  notificationEmail: z.string(),
  addressLocality: z.string(),
  addressRegion: z.string(),
  contactHours: z.string(),
  foundedYear: z.number(),
  socials: z.array(z.object({ network: z.string(), label: z.string(), url: z.string() })),
  councils: z.array(z.object({ name: z.string(), suburbs: z.array(z.string()) })),
  developerCredit: z.object({ label: z.string(), url: z.string() }),
}).meta({ id: "BusinessProfile" });

// ------------------------------------------------------------ closed dates and the service area

/** A closed date's day; a value that is no string gets zod's own message. */
export const ymdSchema = ymdText().meta({ examples: ["2026-12-25"] });

export const closedDateSchema = z.object({
  date: z.string().meta({ description: "Melbourne date, YYYY-MM-DD" }),
  label: z.string(),
}).meta({ id: "ClosedDate" });

export const CLOSED_DATE_LABEL_MAX = 80;

export const closedDateInputSchema = z.object({
  date: ymdSchema,
  label: oneLine(z.string().trim().max(CLOSED_DATE_LABEL_MAX, `Label must be ${CLOSED_DATE_LABEL_MAX} characters or fewer.`)).optional(),
}).meta({ id: "ClosedDateInput" });

/** "3121" or "3000-3207": a Victorian-style four-digit postcode or an inclusive range of them. */
export const POSTCODE_ENTRY_PATTERN = /^\d{4}(-\d{4})?$/;
export const SERVICE_AREA_MAX_ENTRIES = 500;

export const serviceAreaSchema = z.object({
  postcodes: z.array(z.string()).meta({ description: "Postcodes (\"3121\") and inclusive ranges (\"3000-3207\"); empty means everywhere" }),
}).meta({ id: "ServiceArea" });

export const serviceAreaInputSchema = z.object({
  postcodes: z.array(
    z.string().trim().regex(POSTCODE_ENTRY_PATTERN, "Each entry is a 4-digit postcode or a range such as 3000-3207.")
      .refine((entry) => {
        const [low, high] = entry.split("-");
        return high === undefined || low <= high;
      }, "A range must run from the lower postcode to the higher."),
  ).max(SERVICE_AREA_MAX_ENTRIES, `At most ${SERVICE_AREA_MAX_ENTRIES} entries.`),
}).meta({ id: "ServiceAreaInput" });
