/**
 * The manage-my-booking store (core/booking/manage.ts): the customer's own changes, in SQL. A
 * series' facts and its end come from the series store (series-repository.ts), so the customer's
 * end of a series is the staff's end, under the same lock.
 */
import type { ManageSeriesVisit, ManageStore, ManageTx } from "../../core/workflows/manage-booking.ts";
import { STANDING_VISIT_STATUSES } from "../../core/series/rules.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { Queryable, Sql } from "./db.ts";
import { recordAudit } from "./audit-repository.ts";
import {
  bookingIdByManageTokenHash,
  makeBookingReader,
  saveManageTokenHash,
} from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { endSeriesLocked, seriesFactsForBooking } from "./series-repository.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { transactionOver } from "./transaction.ts";
import { reserveLocked } from "./reservation.ts";

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

/** A booking's series, or null for a one-off (and for an id that is no booking's). */
const seriesFactsOf = (sql: Queryable, bookingId: string) => isUuid(bookingId) ? seriesFactsForBooking(sql, bookingId) : Promise.resolve(null);

/** The series' standing visits (pending, confirmed, needing attention) from `from` on, by start. */
export async function comingVisits(sql: Queryable, seriesId: string, from: Date): Promise<ManageSeriesVisit[]> {
  if (!isUuid(seriesId)) return [];
  const rows = await sql<{ id: string; reference: string; status: ManageSeriesVisit["status"]; start_time: Date; end_time: Date }[]>`
    select id, reference, status, start_time, end_time from bookings
     where series_id = ${seriesId} and type = 'BOOKING' and status in ${sql([...STANDING_VISIT_STATUSES])}
       and start_time >= ${from}
     order by start_time, id`;
  return rows.map((row) => ({
    bookingId: row.id,
    reference: row.reference,
    status: row.status,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
  }));
}

function manageTx(tx: Queryable): ManageTx {
  return {
    getById: (id) => makeBookingReader(tx).getById(id),
    comingVisits: (seriesId, from) => comingVisits(tx, seriesId, from),
    async lockById(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? reread(tx, id) : null;
    },
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    seriesFacts: (bookingId) => seriesFactsOf(tx, bookingId),
    async lockSeriesOf(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [locked] = await tx<{ id: string }[]>`
        select s.id from booking_series s
          join bookings b on b.series_id = s.id
         where b.id = ${bookingId}
           for update of s`;
      return locked?.id ?? null;
    },
    async endSeries(seriesId, { fromDate, reason }) {
      const ended = await endSeriesLocked(tx, seriesId, fromDate, reason);
      if (!ended) return null;
      const visits = await Promise.all(ended.cancelledIds.map((id) => reread(tx, id)));
      return visits.toSorted((a, b) => a.startTime.getTime() - b.startTime.getTime());
    },
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
    seriesFacts: (bookingId) => seriesFactsOf(sql, bookingId),
    comingVisits: (seriesId, from) => comingVisits(sql, seriesId, from),
    capacityHoldersBetween: (from, to) => reader.capacityHoldersBetween(from, to),
    transaction: transactionOver(sql, manageTx),
  };
}
