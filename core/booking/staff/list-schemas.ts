/** The wire shapes of the staff bookings calls: the list with its chips, a status change, a payment. */
import { z } from "zod";
import { RECORD_STATUS_VALUES } from "./list-query.ts";
import { pageFields } from "../../shared/list-query.ts";
import { confirmPaymentExtras, paymentAmount } from "../payments/schemas.ts";
import { bookingRecordSchema } from "../schemas.ts";
import { STATUS_MESSAGES } from "../status.ts";
import { PAYMENT_STATUSES, SETTABLE_STATUSES } from "../types.ts";

export const bookingStatsSchema = z.object({
  status: z.object(Object.fromEntries(RECORD_STATUS_VALUES.map((s) => [s, z.number().int()]))),
  payment: z.object(Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, z.number().int()]))),
}).meta({
  id: "BookingStats",
  description: "Counted over every page of the list, ignoring its status and paymentStatus filters (q, type and the time window apply)",
});


export const bookingListSchema = z.object({ items: z.array(bookingRecordSchema), stats: bookingStatsSchema, ...pageFields })
  .meta({ id: "AdminBookingList" });

/** Why a booking was cancelled (issue 15): optional, trimmed, at most this many characters. */
export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_MESSAGES = {
  notText: "The reason must be text.",
  tooLong: `The reason must be ${CANCEL_REASON_MAX} characters or fewer.`,
} as const;

export const statusChangeSchema = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: STATUS_MESSAGES.invalidStatus }),
  overrideCapacity: z.boolean({ error: STATUS_MESSAGES.invalidOverride }).optional()
    .meta({ description: "Superadmin only: take the place even when the capacity rule says the slot is full (audited)" }),
  reason: z.string({ error: CANCEL_REASON_MESSAGES.notText }).trim()
    .max(CANCEL_REASON_MAX, { error: CANCEL_REASON_MESSAGES.tooLong }).optional()
    .meta({
      description: "With CANCELLED only (ignored otherwise): why, stored as cancelReason, audited and told to the customer; " +
        "blank or left out means no reason",
    }),
}).meta({ id: "BookingStatusChange" });

/** The spec's call: an amount alone records one ledger payment (method OTHER); method and note may come too. */
export const paymentSchema = z.object({
  amountPaid: paymentAmount(),
  ...confirmPaymentExtras,
}).meta({ id: "ConfirmPayment" });
