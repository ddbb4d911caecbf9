/** What staff may do to a record's status and payment (admin-area.md sections 4 and 5). */
import type { AdminRole } from "../shared/staff-roles.ts";
import { type DomainError, err, ok, type Result } from "../shared/result.ts";
import { checkPayable, readPaymentAmount } from "./payments/ledger.ts";
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

export const STATUS_ERRORS = {
  jobNotStarted: { kind: "conflict", code: "JOB_NOT_STARTED", message: STATUS_MESSAGES.jobNotStarted },
  overrideForbidden: { kind: "forbidden", code: "FORBIDDEN", message: STATUS_MESSAGES.overrideForbidden },
} as const satisfies Record<string, DomainError>;

const isSettable = (value: unknown): value is SettableStatus =>
  typeof value === "string" && (SETTABLE_STATUSES as readonly string[]).includes(value);

/**
 * Any settable status from any status: staff may correct mistakes, and setting the current
 * status again is allowed (idempotent).
 */
export function nextStatus(
  record: { type: RecordType; status: RecordStatus },
  target: unknown,
): Result<SettableStatus> {
  if (record.type === "QUOTE") {
    return err({
      kind: "conflict",
      code: "QUOTE_HAS_NO_STATUS",
      message: STATUS_MESSAGES.quoteHasNoStatus,
    });
  }
  if (!isSettable(target)) {
    return err({
      kind: "validation",
      code: "INVALID_STATUS",
      message: STATUS_MESSAGES.invalidStatus,
      fieldErrors: { status: [STATUS_MESSAGES.invalidStatus] },
    });
  }
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
): Result<StatusChangePlan> {
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
): Result<number> {
  const amount = readPaymentAmount(amountPaid, "amountPaid");
  if (!amount.ok) return amount;
  const payable = checkPayable(record);
  if (!payable.ok) return payable;
  if (record.paymentStatus === "PAID") {
    return err({ kind: "conflict", code: "ALREADY_PAID", message: STATUS_MESSAGES.alreadyPaid });
  }
  return amount;
}
