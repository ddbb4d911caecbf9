/**
 * The plan of a staff change to a booking (issue 16), pure: what the change is judged against,
 * which fields it changes, whether it re-prices, and the before and after the audit row keeps.
 * core/workflows/staff-bookings.ts runs it under the booking's row lock.
 */
import { inServiceArea } from "../../settings/service-area.ts";
import type { SchedulingSettings, ServiceArea } from "../../settings/types.ts";
import { parseIsoInstant } from "../../shared/iso-instant.ts";
import { declareError, err, type ErrorOf, ok, type Result, validationError } from "../../shared/result.ts";
import { validateDraft } from "../draft/validation.ts";
import {
  type DraftCatalogue,
  type DraftRules,
  PREPARE_RECORD_ERRORS,
  prepareRecord,
  SERVICE_DELETED,
  serviceDeleted,
  startRulesFor,
} from "../draft/prepare-record.ts";
import { startTimeProblem } from "../capacity/scheduling.ts";
import type { StaffBookingEdit } from "./booking-schemas.ts";
import { type BookingDraftInput, type BookingRecord } from "../types.ts";
import { BOOKING_TEXT_FIELDS, OFFICE_TEXT_KEYS, officeTextGiven } from "../text-fields.ts";
import { changesNothing } from "../../shared/unchanged.ts";

export const STAFF_BOOKING_ERRORS = {
  notEditable: declareError("conflict", "BOOKING_NOT_EDITABLE", "A cancelled booking can’t be changed. Make a new booking instead."),
  quoteChange: declareError(
    "conflict",
    "QUOTE_CHANGE_NOT_ALLOWED",
    "Only a quote’s time, address, contact details and notes can be changed. Convert it to a booking to change its size, add-ons or frequency.",
  ),
  notAQuote: declareError("conflict", "NOT_A_QUOTE", "Only a quote can be converted to a booking."),
  seriesFrequency: validationError({
    frequencyCode: [
      "This visit belongs to a regular clean: change how often it repeats on the regular clean’s page (Change from a date), or choose One-time to end it after this visit.",
    ],
  }),
} as const;

/**
 * What planEdit can refuse: a cancelled booking, a quote's price, a deleted service, then the
 * merged draft's fields and price.
 */
export const PLAN_EDIT_ERRORS = [
  STAFF_BOOKING_ERRORS.notEditable,
  STAFF_BOOKING_ERRORS.quoteChange,
  SERVICE_DELETED,
  ...PREPARE_RECORD_ERRORS,
] as const;
export type PlanEditError = ErrorOf<typeof PLAN_EDIT_ERRORS>;

/** What a change is judged against besides the catalogue: read before the transaction. */
export interface EditRules {
  now: Date;
  scheduling: SchedulingSettings;
  /** Closed dates of the new start's day. */
  closedDates: ReadonlyMap<string, string>;
  serviceArea: ServiceArea;
}

export interface EditPlan {
  /** The record as the change leaves it. */
  after: BookingRecord;
  /** The visit's start or end moves: the capacity and the cleaners are decided again. */
  visitMoved: boolean;
  startMoved: boolean;
  /** Re-priced from the catalogue (the add-on lines are written anew). */
  repriced: boolean;
  /** Any of the totals differs. */
  priceChanged: boolean;
  /** The start was judged and only allowOutsideHours let it through (the audit row says so). */
  outsideHours: boolean;
}

/**
 * Whether a start the office booked with allowOutsideHours needed it: the working hours alone
 * (slot hours, closed weekdays, the end of the working day) would refuse it.
 */
export function outsideWorkingHours(
  start: Date,
  lengthMinutes: number,
  rules: { now: Date; scheduling: SchedulingSettings; closedDates: ReadonlyMap<string, string> },
): boolean {
  return startTimeProblem(start, rules.now, startRulesFor(rules.scheduling, "staff"), { closedDates: rules.closedDates, lengthMinutes }) !== null;
}

/** The draft fields of an edit (the others say whom to tell and how to decide). */
const EDIT_FIELDS = [
  "startTimeISO", "hours", "bedrooms", "extras", "frequencyCode", "address", "firstName", "lastName", "email", "phone", "notes",
] as const;

/** A stored record as the draft it would have been, so an edit is validated like a new booking. */
function draftOf(record: BookingRecord): BookingDraftInput {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    address: record.address,
    // A hard-deleted service leaves no id; only a re-price needs one, and that is refused first.
    serviceId: record.serviceId ?? record.serviceNameAtBooking,
    servicePricingModel: record.pricingModel,
    hours: record.hours,
    bedrooms: record.bedrooms,
    extras: record.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
    startTimeISO: record.startTime.toISOString(),
    frequencyCode: record.frequencyCode,
    answers: [],
    notes: record.notes,
  };
}

const sameExtras = (a: { extraId: string; quantity: number }[], b: { extraId: string; quantity: number }[]): boolean => {
  const key = (lines: typeof a) => lines.map((l) => `${l.extraId.trim()}:${l.quantity}`).sort().join(",");
  return key(a) === key(b);
};

const sameAddress = (a: BookingRecord["address"], b: BookingRecord["address"]): boolean =>
  (a.unit ?? "") === (b.unit ?? "") && a.street === b.street && a.suburb === b.suburb && a.state === b.state &&
  a.postCode === b.postCode;

/** Whether the edit changes what the price is worked out from: the size, the add-ons, the frequency. */
export function changesPrice(record: BookingRecord, edit: StaffBookingEdit): boolean {
  return (record.pricingModel === "HOURLY" && edit.hours !== undefined && edit.hours !== record.hours) ||
    (record.pricingModel === "BEDROOMS" && edit.bedrooms !== undefined && edit.bedrooms !== record.bedrooms) ||
    (edit.extras !== undefined && !sameExtras(edit.extras, record.extras)) ||
    (edit.frequencyCode !== undefined && edit.frequencyCode !== record.frequencyCode);
}

/** The fields of an edit a price is worked out from. */
export const PRICE_FIELDS = ["hours", "bedrooms", "extras", "frequencyCode"] as const;

const TOTALS = ["baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "discountPercent"] as const;

export const MS_PER_MINUTE = 60_000;

/**
 * The change `edit` makes to `record`, or why it may not: a cancelled booking is not edited; a
 * quote keeps its size, add-ons and frequency; a re-price needs the service in the catalogue.
 * The merged draft goes through the public form's validation. The start is judged (with the
 * office's rules: no lead time) when it moves, or when the job's length may change before the job
 * has started; a job that has started or passed can still be corrected. The service area is
 * judged when the address changes.
 */
export function planEdit(
  record: BookingRecord,
  edit: StaffBookingEdit,
  catalogue: DraftCatalogue | null,
  rules: EditRules,
): Result<EditPlan, PlanEditError> {
  if (record.status === "CANCELLED") return err(STAFF_BOOKING_ERRORS.notEditable);
  const isQuote = record.type === "QUOTE";
  const newStart = edit.startTimeISO === undefined ? null : parseIsoInstant(edit.startTimeISO);
  const startMoved = newStart !== null && newStart.getTime() !== record.startTime.getTime();
  const reprice = changesPrice(record, edit);
  if (reprice && isQuote) return err(STAFF_BOOKING_ERRORS.quoteChange);
  if (reprice && !catalogue?.service) return err(serviceDeleted(record.serviceNameAtBooking));
  const addressChanged = edit.address !== undefined && !sameAddress(edit.address, record.address);

  const changes = Object.fromEntries(EDIT_FIELDS.flatMap((field) => (edit[field] === undefined ? [] : [[field, edit[field]]])));
  const input = { ...draftOf(record), ...changes } as BookingDraftInput;
  const judgeStart = startMoved || (reprice && record.startTime.getTime() > rules.now.getTime());
  const draftRules: DraftRules = {
    now: rules.now,
    startRules: judgeStart ? startRulesFor(rules.scheduling, "staff", edit.allowOutsideHours) : undefined,
    closedDates: rules.closedDates,
    servesPostcode: !isQuote && addressChanged ? (postCode) => inServiceArea(postCode, rules.serviceArea) : undefined,
  };

  let after: BookingRecord;
  if (reprice && catalogue) {
    // The answers stay as given: an edit does not ask the questions again.
    const details = prepareRecord(input, record.type, { ...catalogue, questions: [] }, draftRules);
    if (!details.ok) return details;
    const { answers: _answers, paymentStatus: _status, totalPaid: _paid, paidAt: _paidAt, ...priced } = details.value;
    after = { ...record, ...priced };
  } else {
    // The job keeps its length: nothing it is worked out from changed.
    const lengthMs = record.endTime.getTime() - record.startTime.getTime();
    const validated = validateDraft(input, {
      now: rules.now,
      scheduling: draftRules.startRules,
      pricingModel: record.pricingModel,
      visit: () => ({ closedDates: rules.closedDates, lengthMinutes: isQuote ? 0 : lengthMs / MS_PER_MINUTE }),
      servesPostcode: draftRules.servesPostcode,
    });
    if (!validated.ok) return validated;
    const { firstName, lastName, email, phone, address, notes, startTime } = validated.value;
    after = { ...record, firstName, lastName, email, phone, address, notes, startTime, endTime: new Date(startTime.getTime() + lengthMs) };
  }
  // The office's own text is not the draft's: it is taken as given (the edit schema checked it).
  after = { ...after, ...officeTextGiven(edit) };
  const lengthMinutes = (after.endTime.getTime() - after.startTime.getTime()) / MS_PER_MINUTE;
  return ok({
    after,
    visitMoved: after.startTime.getTime() !== record.startTime.getTime() || after.endTime.getTime() !== record.endTime.getTime(),
    startMoved,
    repriced: reprice,
    priceChanged: TOTALS.some((total) => after[total] !== record[total]),
    outsideHours: judgeStart && edit.allowOutsideHours === true &&
      outsideWorkingHours(after.startTime, isQuote ? 0 : lengthMinutes, rules),
  });
}

/** The fields an edit can change, as the audit row and the change list compare them. */
const AUDITED_FIELDS = [
  "firstName", "lastName", "email", "phone", "address", "startTime", "endTime", "serviceNameAtBooking",
  "pricingModel", "hours", "bedrooms", "extras", "frequencyCode", "frequencyNameAtBooking", "frequencyDiscountPercent",
  "baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "paymentStatus", "totalPaid", "paidAt", "status",
  ...BOOKING_TEXT_FIELDS.map((field) => field.key),
] as const satisfies readonly (keyof BookingRecord)[];

/** Whether a change touches only the office's own text: the customer has nothing to be told. */
export const officeOnly = (changed: Record<string, unknown>): boolean =>
  Object.keys(changed).every((key) => (OFFICE_TEXT_KEYS as readonly string[]).includes(key));

/** The fields that differ between two versions of a record: { before, after } holding only those. */
export function changedFields(before: BookingRecord, after: BookingRecord): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    if (changesNothing(before[field], after[field])) continue;
    was[field] = before[field];
    now[field] = after[field];
  }
  return { before: was, after: now };
}

