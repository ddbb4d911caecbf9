/** The store of the bookings the office makes and changes (core/booking/staff-bookings.ts), in SQL. */
import type { StaffBookingStore, StaffBookingTx } from "../../core/workflows/staff-bookings.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { insertBooking, makeBookingReader, saveManageTokenHash, startSeriesLocked } from "./booking-repository.ts";
import { bookingColumns, extraLines, STAFF_EDIT_COLUMNS } from "./booking-columns.ts";
import { isUuid } from "./catalog-repository.ts";
import { reserveLocked } from "./reservation.ts";
import { confirmationPlan, planNewSeriesLocked } from "./series-generation.ts";
import { endSeriesLocked, lockSeries } from "./series-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { paymentLedger } from "./payments-repository.ts";
import { transactionOver } from "./transaction.ts";

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

function staffBookingTx(tx: Queryable): StaffBookingTx {
  const ledger = paymentLedger(tx);
  return {
    async lockById(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? reread(tx, id) : null;
    },
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    insert: (record) => insertBooking(tx, record),
    async startSeries(first, series, now) {
      const started = await startSeriesLocked(tx, first, series);
      return { first: started, planned: confirmationPlan(await planNewSeriesLocked(tx, started.seriesId as string, now)) };
    },
    async saveEdit(r, { replaceExtras, startMoved, raiseCalendarSequence, at }) {
      await tx`
        update bookings
           set ${tx(bookingColumns(r), STAFF_EDIT_COLUMNS)},
               -- The reminder belongs to the old start: the new one gets its own.
               reminder_sent_at = case when ${startMoved}::boolean then null else reminder_sent_at end,
               calendar_sequence = calendar_sequence + ${raiseCalendarSequence ? 1 : 0}::int,
               updated_at = ${at}
         where id = ${r._id}`;
      if (replaceExtras) {
        await tx`delete from booking_extras where booking_id = ${r._id}`;
        const lines = extraLines(r).map((line) => ({ booking_id: r._id, ...line }));
        if (lines.length > 0) await tx`insert into booking_extras ${tx(lines)}`;
      }
      return reread(tx, r._id);
    },
    async convertQuote(id, at) {
      await tx`
        update bookings set type = 'BOOKING', status = 'PENDING', updated_at = ${at}
         where id = ${id} and type = 'QUOTE'`;
      return reread(tx, id);
    },
    async lockSeriesOf(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await tx<{ id: string }[]>`
        select s.id from booking_series s join bookings b on b.series_id = s.id where b.id = ${bookingId} for update of s`;
      return row ? lockSeries(tx, row.id) : null;
    },
    async endSeries(seriesId, fromDate, reason) {
      const ended = await endSeriesLocked(tx, seriesId, fromDate, reason);
      const visits = await Promise.all((ended?.cancelledIds ?? []).map((visitId) => reread(tx, visitId)));
      return visits.toSorted((a, b) => a.startTime.getTime() - b.startTime.getTime());
    },
    ledger: { list: ledger.list, saveState: ledger.saveState },
    saveManageTokenHash: (bookingId, tokenHash) => saveManageTokenHash(tx, bookingId, tokenHash),
    enqueueEmail: (message) => enqueueEmail(tx, message),
    audit: (entry) => recordAudit(tx, entry),
  };
}

export function makeStaffBookingStore(sql: Sql): StaffBookingStore {
  const reader = makeBookingReader(sql);
  return {
    getById: (id) => reader.getById(id),
    transaction: transactionOver(sql, staffBookingTx),
  };
}
