import type { z } from "zod";
import type { PricingModel } from "../catalog/types.ts";
import type { bookingDraftSchema } from "./draft/validation.ts";
import type { bookingRecordSchema } from "./schemas.ts";

/** The payload of a booking or a quote, as the customer sends it (bookingDraftSchema reads it). */
export type BookingDraftInput = z.input<typeof bookingDraftSchema>;

/** The draft's fields as the schema reads them: trimmed, phone normalised, lists defaulted. */
export type DraftFields = z.output<typeof bookingDraftSchema>;

export type Address = DraftFields["address"];

/** `quantity` counts only when the extra hasQuantity. */
export type DraftExtra = DraftFields["extras"][number];

/** A draft that passed validateDraft: the model that prices it decided, the start parsed. */
export interface BookingDraft extends Omit<DraftFields, "servicePricingModel" | "startTimeISO"> {
  pricingModel: PricingModel;
  startTime: Date;
}

export interface Totals {
  baseAmount: number;
  extrasAmount: number;
  firstServiceTotal: number;
  recurringTotal: number;
  discountPercent: number;
}

export const RECORD_TYPES = ["BOOKING", "QUOTE"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** NEEDS_ATTENTION: a series visit that could not be placed; it holds no place (issue 17). */
export const BOOKING_STATUSES = ["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type RecordStatus = BookingStatus | "QUOTE_REQUESTED";
export const RECORD_STATUSES: readonly RecordStatus[] = [...BOOKING_STATUSES, "QUOTE_REQUESTED"];

/** Statuses a staff member may set on a booking (admin-area.md section 4). */
export const SETTABLE_STATUSES = ["CONFIRMED", "CANCELLED", "DONE"] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** Bookings in these statuses hold capacity (decisions.md, Scheduling). */
export const CAPACITY_HOLDING_STATUSES: readonly BookingStatus[] = ["PENDING", "CONFIRMED", "DONE"];

export const PAYMENT_STATUSES = ["UNPAID", "PAID"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The times a stored record holds as Dates; the wire carries them as ISO strings. */
type RecordInstants = "startTime" | "endTime" | "createdAt" | "paidAt";

/**
 * A stored booking or quote, with the snapshots that keep it stable under catalogue edits: the
 * wire schema's fields (one declaration), with its instants as Dates.
 */
export type BookingRecord = Omit<z.output<typeof bookingRecordSchema>, RecordInstants | "serviceName"> & {
  startTime: Date;
  endTime: Date;
  createdAt: Date;
  paidAt: Date | null;
};

/** An add-on as booked: its title and A$ price each at booking time. */
export type BookedExtra = BookingRecord["extras"][number];

/** An answer with the question's text and the answer as the customer saw it, at booking time. */
export type AnswerSnapshot = BookingRecord["answers"][number];

/** What a new record needs before the store gives it an id, a reference and a creation time. */
export type NewBookingRecord = Omit<
  BookingRecord,
  "_id" | "createdAt" | "reference" | "cancelReason" | "calendarSequence" | "cleanerIds" | "customerId" | "seriesId" | "seriesDate"
>;
