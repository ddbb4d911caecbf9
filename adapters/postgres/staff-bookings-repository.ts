/** The store of the bookings the office makes and changes (core/booking/staff-bookings.ts), in SQL. */
import type { StaffBookingStore, StaffBookingTx } from "../../core/booking/staff-bookings.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { insertBooking, makeBookingReader, saveManageTokenHash, startSeriesLocked } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { reserveLocked } from "./reservation.ts";
import { planNewSeriesLocked } from "./series-generation.ts";
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
      await planNewSeriesLocked(tx, started.seriesId as string, now);
      return started;
    },
    async saveEdit(r, { replaceExtras, startMoved, raiseCalendarSequence, at }) {
      await tx`
        update bookings
           set first_name = ${r.firstName}, last_name = ${r.lastName}, email = ${r.email}, phone = ${r.phone},
               address_unit = ${r.address.unit ?? ""}, address_street = ${r.address.street},
               address_suburb = ${r.address.suburb}, address_state = ${r.address.state},
               address_post_code = ${r.address.postCode}, notes = ${r.notes},
               start_time = ${r.startTime}, end_time = ${r.endTime},
               service_name_at_booking = ${r.serviceNameAtBooking}, pricing_model = ${r.pricingModel},
               hours = ${r.hours}, bedrooms = ${r.bedrooms}, frequency_code = ${r.frequencyCode},
               frequency_name_at_booking = ${r.frequencyNameAtBooking},
               frequency_discount_percent = ${r.frequencyDiscountPercent},
               base_amount = ${r.baseAmount}, extras_amount = ${r.extrasAmount},
               first_service_total = ${r.firstServiceTotal}, recurring_total = ${r.recurringTotal},
               -- The reminder belongs to the old start: the new one gets its own.
               reminder_sent_at = case when ${startMoved}::boolean then null else reminder_sent_at end,
               calendar_sequence = calendar_sequence + ${raiseCalendarSequence ? 1 : 0}::int,
               status = ${r.status},
               updated_at = ${at}
         where id = ${r._id}`;
      if (replaceExtras) {
        await tx`delete from booking_extras where booking_id = ${r._id}`;
        for (const [position, extra] of r.extras.entries()) {
          await tx`
            insert into booking_extras (booking_id, position, extra_id, title_at_booking, quantity, price_at_booking)
            values (${r._id}, ${position}, ${extra.extraId}, ${extra.titleAtBooking}, ${extra.quantity},
                    ${extra.priceAtBooking})`;
        }
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
