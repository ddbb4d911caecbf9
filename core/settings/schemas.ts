/** The wire shapes of the scheduling settings, the booking-form content and the business profile. */
import { z } from "zod";
import { SCHEDULING_LIMITS as L } from "./clamps.ts";

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
}).meta({ id: "SchedulingSettings" });

export const slotBufferSchema = schedulingSchema.pick({ slotBufferMin: true }).meta({ id: "SlotBufferSetting" });

/** What the booking form needs of the scheduling settings to offer only days and times the server takes. */
export const publicSchedulingSchema = schedulingSchema
  .pick({ leadDays: true, horizonDays: true, firstSlotHour: true, lastSlotHour: true, closedWeekdays: true })
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
