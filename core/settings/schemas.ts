/** The wire shapes of the booking-form content and the business profile. */
import { z } from "zod";

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

/** What the booking form needs of the scheduling settings to offer only days and times the server takes. */
export const publicSchedulingSchema = z.object({
  leadDays: z.number().int().meta({ description: "The earliest bookable date is this many days after today (Melbourne)" }),
  firstSlotHour: z.number().int().meta({ description: "First start hour, Melbourne wall clock" }),
  lastSlotHour: z.number().int().meta({ description: "Last start hour, inclusive" }),
  closedWeekdays: z.array(z.number().int().min(0).max(6)).meta({ description: "0 = Sunday ... 6 = Saturday" }),
}).meta({ id: "PublicScheduling" });

export type PublicScheduling = z.infer<typeof publicSchedulingSchema>;
