/** The manage-my-booking store (core/booking/manage.ts): the customer's own changes, in SQL. */
import type { ManageStore, ManageTx } from "../../core/booking/manage.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { Queryable, Sql } from "./db.ts";
import { recordAudit } from "./audit-repository.ts";
import {
  bookingIdByManageTokenHash,
  decideCapacityLocked,
  makeBookingReader,
  saveManageTokenHash,
} from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { transactionOver } from "./transaction.ts";

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

function manageTx(tx: Queryable): ManageTx {
  return {
    async lockById(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? reread(tx, id) : null;
    },
    decideCapacity: (claim, exceptId) => decideCapacityLocked(tx, claim, exceptId),
    async cancel(id, { reason, at }) {
      await tx`
        update bookings
           set status = 'CANCELLED', cancel_reason = ${reason},
               calendar_sequence = calendar_sequence + 1, updated_at = ${at}
         where id = ${id}`;
      return reread(tx, id);
    },
    async reschedule(id, { startTime, endTime, at }) {
      // The reminder belongs to the old time: the new one gets its own.
      await tx`
        update bookings
           set start_time = ${startTime}, end_time = ${endTime}, reminder_sent_at = null,
               calendar_sequence = calendar_sequence + 1, updated_at = ${at}
         where id = ${id}`;
      return reread(tx, id);
    },
    saveManageTokenHash: (bookingId, tokenHash) => saveManageTokenHash(tx, bookingId, tokenHash),
    async enqueue(messages) {
      for (const message of messages) await enqueueEmail(tx, message);
    },
    audit: (entry) => recordAudit(tx, entry),
  };
}

export function makeManageStore(sql: Sql): ManageStore {
  const reader = makeBookingReader(sql);
  return {
    bookingIdByTokenHash: (tokenHash) => bookingIdByManageTokenHash(sql, tokenHash),
    getById: (id) => reader.getById(id),
    capacityHoldersBetween: (from, to) => reader.capacityHoldersBetween(from, to),
    transaction: transactionOver(sql, manageTx),
  };
}
