/** What staff may do to a record's status and payment (admin-area.md sections 4 and 5). */
import { err, ok, type Result } from "../shared/result.ts";
import { MONEY_MAX, MONEY_MAX_TEXT, roundToCents } from "../shared/money.ts";
import {
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
  amountTooLarge: `Amount paid must be ${MONEY_MAX_TEXT} or less.`,
  quoteNotPayable: "Quotes cannot be paid.",
  alreadyPaid: "This booking is already paid.",
} as const;

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

/** A number, or a numeric string as a prompt returns it; anything else is not an amount. */
function readAmount(value: unknown): number | null {
  const n = typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
    ? Number(value.trim())
    : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The amount to record as paid, rounded to cents. */
export function confirmPayment(
  record: { type: RecordType; paymentStatus: PaymentStatus },
  amountPaid: unknown,
): Result<number> {
  const amount = readAmount(amountPaid);
  if (amount === null) {
    return err({
      kind: "validation",
      code: "INVALID_AMOUNT",
      message: STATUS_MESSAGES.invalidAmount,
      fieldErrors: { amountPaid: [STATUS_MESSAGES.invalidAmount] },
    });
  }
  if (amount > MONEY_MAX) {
    return err({
      kind: "validation",
      code: "INVALID_AMOUNT",
      message: STATUS_MESSAGES.amountTooLarge,
      fieldErrors: { amountPaid: [STATUS_MESSAGES.amountTooLarge] },
    });
  }
  if (record.type === "QUOTE") {
    return err({
      kind: "conflict",
      code: "QUOTE_NOT_PAYABLE",
      message: STATUS_MESSAGES.quoteNotPayable,
    });
  }
  if (record.paymentStatus === "PAID") {
    return err({ kind: "conflict", code: "ALREADY_PAID", message: STATUS_MESSAGES.alreadyPaid });
  }
  return ok(roundToCents(amount));
}
