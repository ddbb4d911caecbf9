import type { Answer, PricingModel } from "../catalog/types.ts";

export const AU_STATES = ["VIC", "NSW", "QLD", "SA", "WA", "TAS", "ACT", "NT"] as const;
export type AuState = (typeof AU_STATES)[number];

export interface Address {
  unit?: string;
  street: string;
  suburb: string;
  state: AuState;
  postCode: string;
}

export interface DraftExtra {
  extraId: string;
  /** At least 1; counts only when the extra hasQuantity. */
  quantity: number;
}

/**
 * The payload of a booking or a quote, as the customer sends it. Every field is optional and
 * loosely typed here: validateDraft turns it into a BookingDraft or into the spec's messages.
 */
export interface BookingDraftInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  address?: {
    unit?: unknown;
    street?: unknown;
    suburb?: unknown;
    state?: unknown;
    postCode?: unknown;
  } | null;
  serviceId?: unknown;
  /** The form's cached model; the catalogue's model wins when the service is known. */
  servicePricingModel?: unknown;
  serviceName?: unknown;
  hours?: unknown;
  bedrooms?: unknown;
  extras?: unknown;
  startTimeISO?: unknown;
  frequencyCode?: unknown;
  answers?: unknown;
  notes?: unknown;
}

/** A draft that passed validateDraft: trimmed, phone normalised, time parsed. */
export interface BookingDraft {
  firstName: string;
  lastName: string;
  email: string;
  /** Normalised: digits only, +61 replaced by 0 (e.g. 0412345678). */
  phone: string;
  address: Address;
  serviceId: string;
  pricingModel: PricingModel;
  hours: number | null;
  bedrooms: number | null;
  extras: DraftExtra[];
  startTime: Date;
  frequencyCode: string;
  answers: Answer[];
  notes: string;
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

export const BOOKING_STATUSES = ["PENDING", "CONFIRMED", "CANCELLED", "DONE"] as const;
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

export interface BookedExtra {
  extraId: string;
  titleAtBooking: string;
  quantity: number;
  /** A$ each, at booking time. */
  priceAtBooking: number;
}

export interface AnswerSnapshot {
  questionId: string;
  /** The question text at booking time. */
  label: string;
  value: string | string[];
  /** The answer as the customer saw it: option labels joined with ', ', or the text itself. */
  displayValue: string;
}

/** A stored booking or quote, with the snapshots that keep it stable under catalogue edits. */
export interface BookingRecord extends Totals {
  _id: string;
  type: RecordType;
  status: RecordStatus;
  paymentStatus: PaymentStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: Address;
  serviceId: string | null;
  serviceNameAtBooking: string;
  pricingModel: PricingModel;
  hours: number | null;
  bedrooms: number | null;
  frequencyCode: string;
  frequencyNameAtBooking: string;
  frequencyDiscountPercent: number;
  startTime: Date;
  endTime: Date;
  createdAt: Date;
  extras: BookedExtra[];
  answers: AnswerSnapshot[];
  notes: string;
  totalPaid: number | null;
  paidAt: Date | null;
}

/** What a new record needs before the store gives it an id and a creation time. */
export type NewBookingRecord = Omit<BookingRecord, "_id" | "createdAt">;
