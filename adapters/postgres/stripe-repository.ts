/** Card payments online (issue 30) in SQL: the ledger's transaction plus Stripe's events acted on. */
import type { OnlinePaymentsStore } from "../../core/booking/payments/online.ts";
import { hashManageToken, MANAGE_TOKEN_PATTERN } from "../../core/booking/manage/token.ts";
import { recordAudit } from "./audit-repository.ts";
import { bookingIdByManageTokenHash, makeBookingReader } from "./booking-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { listPayments, lockBooking, paymentLedger } from "./payments-repository.ts";
import { transactionOver } from "./transaction.ts";

/** Stores the event id; false when it is there already (Stripe delivered it before). */
async function claimEvent(tx: Queryable, event: { id: string; type: string; bookingId: string; sessionId: string }) {
  const rows = await tx`
    insert into stripe_events (id, type, booking_id, session_id)
    values (${event.id}, ${event.type}, ${event.bookingId}, ${event.sessionId})
    on conflict (id) do nothing
    returning id`;
  return rows.length === 1;
}

export function makeOnlinePaymentsStore(sql: Sql): OnlinePaymentsStore {
  const reader = makeBookingReader(sql);
  return {
    async bookingByManageToken(token) {
      if (!MANAGE_TOKEN_PATTERN.test(token)) return null;
      const id = await bookingIdByManageTokenHash(sql, hashManageToken(token));
      return id ? reader.getById(id) : null;
    },
    getById: (id) => reader.getById(id),
    listPayments: (bookingId) => listPayments(sql, bookingId),
    transaction: transactionOver(sql, (tx) => ({
      lockById: (id) => lockBooking(tx, id),
      ledger: paymentLedger(tx),
      audit: (entry) => recordAudit(tx, entry),
      claimEvent: (event) => claimEvent(tx, event),
    })),
  };
}
