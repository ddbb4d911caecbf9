/**
 * The wire shapes of the bookings the office makes, edits and converts (issue 16). Every draft
 * field is the public form's own schema (bookingDraftSchema's shape), so a field's rule and
 * message are still written once; the office adds only whom to tell and the superadmin override.
 */
import { z } from "zod";
import { bookingDraftSchema } from "../draft/validation.ts";
import { bookingRecordSchema } from "../schemas.ts";
import { STATUS_MESSAGES } from "../status.ts";
import { officeTextDraftShape, textFieldsEditShape } from "../text-fields.ts";

export const STAFF_BOOKING_MESSAGES = {
  notifyCustomer: "notifyCustomer must be true or false.",
  preview: "preview must be true or false.",
  allowOutsideHours: "allowOutsideHours must be true or false.",
  status: "status must be PENDING or CONFIRMED.",
} as const;

/** The statuses the office may make a booking in (issue 34): both hold a place. */
export const STAFF_CREATE_STATUSES = ["PENDING", "CONFIRMED"] as const;
export type StaffCreateStatus = (typeof STAFF_CREATE_STATUSES)[number];

const notifyCustomer = z.boolean({ error: STAFF_BOOKING_MESSAGES.notifyCustomer }).optional()
  .meta({ description: "Whether the customer is e-mailed (default true)" });
const overrideCapacity = z.boolean({ error: STATUS_MESSAGES.invalidOverride }).optional()
  .meta({ description: "Superadmin only: take the place even when the capacity rule says the time is full (audited)" });
/** The office's tick for a start outside the working hours (issue 28); series moves take it too. */
export const allowOutsideHoursSchema = z.boolean({ error: STAFF_BOOKING_MESSAGES.allowOutsideHours }).optional().meta({
  description: "Book a start outside the working hours: before the first or after the last start, on a closed weekday, " +
    "or running past the end of the working day (audited). Closed dates, the past and the horizon still refuse.",
});

/**
 * The status a booking the office takes starts in (issue 34): PENDING, or CONFIRMED when the time
 * was agreed on the phone, so the customer gets one e-mail saying it is confirmed.
 */
const createStatus = z.enum(STAFF_CREATE_STATUSES, { error: STAFF_BOOKING_MESSAGES.status }).optional().meta({
  description: "PENDING (default) or CONFIRMED: the booking's status from the start. Both hold the place; " +
    "with CONFIRMED the customer's one booking e-mail says it is confirmed (no separate confirmation follows).",
});

/** POST /api/admin/bookings: the public draft, its status, whom to tell, and the superadmin's override. */
export const staffBookingDraftSchema = bookingDraftSchema
  .safeExtend({ ...officeTextDraftShape, status: createStatus, notifyCustomer, overrideCapacity, allowOutsideHours: allowOutsideHoursSchema })
  .meta({
    id: "StaffBookingDraft",
    description: "The public booking draft (client totals ignored) plus the office's own notes, status, notifyCustomer, overrideCapacity and allowOutsideHours. " +
      "The office may start at any quarter hour of the working day (the public: on the hour).",
  });

export type StaffBookingDraft = z.output<typeof staffBookingDraftSchema>;

const draft = bookingDraftSchema.shape;

/** What PATCH /api/admin/bookings/{id} may change: each field as the booking form reads it. */
export const staffBookingEditSchema = z.object({
  startTimeISO: draft.startTimeISO.optional(),
  hours: draft.hours.optional(),
  bedrooms: draft.bedrooms.optional(),
  extras: draft.extras.optional(),
  frequencyCode: draft.frequencyCode.optional(),
  address: draft.address.optional(),
  firstName: draft.firstName.optional(),
  lastName: draft.lastName.optional(),
  email: draft.email.optional(),
  phone: draft.phone.optional(),
  // The customer's notes and the office's own (text-fields.ts).
  ...textFieldsEditShape,
  notifyCustomer,
  overrideCapacity,
  allowOutsideHours: allowOutsideHoursSchema,
  preview: z.boolean({ error: STAFF_BOOKING_MESSAGES.preview }).optional()
    .meta({ description: "true: nothing is written; the answer is { before, after, priceChanged }" }),
}).meta({
  id: "StaffBookingEdit",
  description: "Any of the fields; the others keep their values. The service stays the booking's own.",
});

export type StaffBookingEdit = z.output<typeof staffBookingEditSchema>;

/** What an edit would do, as PATCH with preview: true answers it. */
export const staffBookingPreviewSchema = z.object({
  before: bookingRecordSchema,
  after: bookingRecordSchema,
  priceChanged: z.boolean().meta({ description: "Whether any of the totals would change" }),
}).meta({ id: "StaffBookingPreview" });

/** POST /api/admin/bookings/{id}/convert (the body is optional). */
export const quoteConversionSchema = z.object({ notifyCustomer, overrideCapacity, allowOutsideHours: allowOutsideHoursSchema }).meta({ id: "QuoteConversion" });

export type QuoteConversion = z.output<typeof quoteConversionSchema>;
