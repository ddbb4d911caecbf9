/** What staff may do to a record's status and payment (admin-area.md sections 4 and 5). */
import type { AdminRole } from "../shared/staff-roles.ts";
import { declareError, type DomainError, err, type ErrorOf, notFound, ok, type Result } from "../shared/result.ts";
import { checkPayable, INVALID_AMOUNT, QUOTE_NOT_PAYABLE, readPaymentAmount } from "./payments/ledger.ts";
import {
  CAPACITY_HOLDING_STATUSES,
  type PaymentStatus,
  type RecordStatus,
  type RecordType,
  SETTABLE_STATUSES,
  type SettableStatus,
} from "./types.ts";

export const STATUS_MESSAGES = {
  quoteHasNoStatus: "Quotes have no status actions.",
  invalidStatus: "Status must be CONFIRMED, CANCELLED or DONE.",
  invalidAmount: "Invalid amount.",
  quoteNotPayable: "Quotes cannot be paid.",
  alreadyPaid: "This booking is already paid.",
  jobNotStarted: "A job can be marked done only once it has started.",
  overrideForbidden: "Only a superadmin can override capacity.",
  invalidOverride: "overrideCapacity must be true or false.",
} as const;

/** 404 of every staff call on one booking or quote: an unknown or malformed id. */
export const BOOKING_NOT_FOUND = notFound("Booking", "BOOKING_NOT_FOUND");

export const QUOTE_HAS_NO_STATUS = declareError("conflict", "QUOTE_HAS_NO_STATUS", STATUS_MESSAGES.quoteHasNoStatus);

/** 422 INVALID_STATUS: a status staff may not set (the validator names the field the same way). */
export const INVALID_STATUS: DomainError<"INVALID_STATUS"> = {
  ...declareError("validation", "INVALID_STATUS", STATUS_MESSAGES.invalidStatus),
  fieldErrors: { status: [STATUS_MESSAGES.invalidStatus] },
};

export const ALREADY_PAID = declareError("conflict", "ALREADY_PAID", STATUS_MESSAGES.alreadyPaid);

export const STATUS_ERRORS = {
  jobNotStarted: declareError("conflict", "JOB_NOT_STARTED", STATUS_MESSAGES.jobNotStarted),
  /** A staff call that may skip the capacity rule, sent by an admin who is not a superadmin. */
  overrideForbidden: declareError("forbidden", "FORBIDDEN", STATUS_MESSAGES.overrideForbidden),
} as const;

/** What nextStatus can refuse: a quote, a status staff may not set. */
export const NEXT_STATUS_ERRORS = [QUOTE_HAS_NO_STATUS, INVALID_STATUS] as const;
export type NextStatusError = ErrorOf<typeof NEXT_STATUS_ERRORS>;

/** What planStatusChange can refuse: nextStatus's, an override by an admin, DONE before the start. */
export const STATUS_CHANGE_ERRORS = [...NEXT_STATUS_ERRORS, STATUS_ERRORS.overrideForbidden, STATUS_ERRORS.jobNotStarted] as const;
export type StatusChangeError = ErrorOf<typeof STATUS_CHANGE_ERRORS>;

/** What confirmPayment's amount can refuse: the amount, a quote, a booking already paid. */
export const CONFIRM_AMOUNT_ERRORS = [INVALID_AMOUNT, QUOTE_NOT_PAYABLE, ALREADY_PAID] as const;
export type ConfirmAmountError = ErrorOf<typeof CONFIRM_AMOUNT_ERRORS>;

const isSettable = (value: unknown): value is SettableStatus =>
  typeof value === "string" && (SETTABLE_STATUSES as readonly string[]).includes(value);

/**
 * Any settable status from any status: staff may correct mistakes, and setting the current
 * status again is allowed (idempotent).
 */
export function nextStatus(
  record: { type: RecordType; status: RecordStatus },
  target: unknown,
): Result<SettableStatus, NextStatusError> {
  if (record.type === "QUOTE") return err(QUOTE_HAS_NO_STATUS);
  if (!isSettable(target)) return err(INVALID_STATUS);
  return ok(target);
}

/** Whether a booking in this status holds a place under the capacity rule. */
export const holdsPlace = (status: RecordStatus): boolean =>
  (CAPACITY_HOLDING_STATUSES as readonly RecordStatus[]).includes(status);

/**
 * What a status change must do before it is written: `check` runs the capacity rule (the booking
 * takes a place it did not hold), `override` is a superadmin skipping that check, `none` needs
 * no place; `unchanged` writes nothing at all.
 */
export type StatusChangePlan =
  | { kind: "unchanged" }
  | { kind: "write"; status: SettableStatus; capacity: "none" | "check" | "override" };

/**
 * The rules of a staff status change (issue 15): nextStatus's, then DONE only once the job has
 * started, and a capacity check whenever a booking moves from a status holding no place into one
 * that does. Only a superadmin may ask to skip that check.
 */
export function planStatusChange(
  record: { type: RecordType; status: RecordStatus; startTime: Date },
  change: { status: unknown; overrideCapacity?: boolean },
  context: { now: Date; role: AdminRole },
): Result<StatusChangePlan, StatusChangeError> {
  const next = nextStatus(record, change.status);
  if (!next.ok) return next;
  if (change.overrideCapacity && context.role !== "superadmin") return err(STATUS_ERRORS.overrideForbidden);
  if (next.value === record.status) return ok({ kind: "unchanged" });
  if (next.value === "DONE" && context.now.getTime() < record.startTime.getTime()) {
    return err(STATUS_ERRORS.jobNotStarted);
  }
  const takesPlace = !holdsPlace(record.status) && holdsPlace(next.value);
  const capacity = !takesPlace ? "none" : change.overrideCapacity ? "override" : "check";
  return ok({ kind: "write", status: next.value, capacity });
}

/**
 * The amount confirm-payment records as one ledger payment (payments.ts's rule: positive, at most
 * 2 decimals, at most A$100,000, else 'Invalid amount.'), for a booking that is not PAID yet.
 */
export function confirmPayment(
  record: { type: RecordType; paymentStatus: PaymentStatus },
  amountPaid: unknown,
): Result<number, ConfirmAmountError> {
  const amount = readPaymentAmount(amountPaid, "amountPaid");
  if (!amount.ok) return amount;
  const payable = checkPayable(record);
  if (!payable.ok) return payable;
  if (record.paymentStatus === "PAID") return err(ALREADY_PAID);
  return amount;
}
