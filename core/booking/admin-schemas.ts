/** The wire shapes of the staff bookings calls: the list with its chips, a status change, a payment. */
import { z } from "zod";
import { MONEY_MAX } from "../shared/money.ts";
import { RECORD_STATUS_VALUES } from "./admin-query.ts";
import { bookingRecordSchema } from "./schemas.ts";
import { STATUS_MESSAGES } from "./status.ts";
import { PAYMENT_STATUSES, SETTABLE_STATUSES } from "./types.ts";

export const bookingStatsSchema = z.object({
  status: z.object(Object.fromEntries(RECORD_STATUS_VALUES.map((s) => [s, z.number().int()]))),
  payment: z.object(Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, z.number().int()]))),
}).meta({
  id: "BookingStats",
  description: "Counted over every page of the list, ignoring its status and paymentStatus filters (q, type and the time window apply)",
});

/** The page fields of every staff list. */
export const pageFields = {
  page: z.number().int(),
  totalPages: z.number().int().meta({ description: "At least 1" }),
  totalItems: z.number().int(),
};

export const bookingListSchema = z.object({ items: z.array(bookingRecordSchema), stats: bookingStatsSchema, ...pageFields })
  .meta({ id: "AdminBookingList" });

export const statusChangeSchema = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: STATUS_MESSAGES.invalidStatus }),
  overrideCapacity: z.boolean({ error: STATUS_MESSAGES.invalidOverride }).optional()
    .meta({ description: "Superadmin only: take the place even when the capacity rule says the slot is full (audited)" }),
}).meta({ id: "BookingStatusChange" });

/** A number, or a numeric string as a prompt returns it; anything else is not an amount. */
export const paymentSchema = z.object({
  amountPaid: z.union([z.number(), z.string().trim().min(1).transform(Number)], { error: STATUS_MESSAGES.invalidAmount })
    .pipe(z.number({ error: STATUS_MESSAGES.invalidAmount }).min(0, STATUS_MESSAGES.invalidAmount)
      .max(MONEY_MAX, STATUS_MESSAGES.amountTooLarge))
    .meta({ description: `A$ paid, 0 to ${MONEY_MAX}; a numeric string (as a prompt returns) is accepted; rounded to cents` }),
}).meta({ id: "ConfirmPayment" });
