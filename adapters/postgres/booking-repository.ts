import type { BookingReader, EmailsFor, NewRecordAccess, Occupancy } from "../../core/booking/ports.ts";
import type { BookingStore, SeriesStart } from "../../core/workflows/create-booking.ts";
import type { NewSeries } from "../../core/series/types.ts";
import type { BookingRecord, NewBookingRecord } from "../../core/booking/types.ts";
import { ok } from "../../core/shared/result.ts";
import type { IdempotencyCompletion } from "../../core/shared/idempotency-completion.ts";
import type { Queryable, Sql } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { runInTransaction } from "./transaction.ts";
import { placeHolding, readBookings } from "./booking-columns.ts";
import { recordAudit } from "./audit-repository.ts";
import { reserveOneOff, writeBooking, writeSeriesVisit } from "./booking-write.ts";
import { lockAheadLocked, reserveLocked } from "./reservation.ts";
import { completeInTransaction } from "./idempotency-repository.ts";
import { confirmationPlan, newSeriesReservations, planNewSeriesLocked } from "./series-generation.ts";


export function makeBookingStore(sql: Sql): BookingStore {
  return {
    reserve: (booking, reservation, emailsFor, access, series, completion) => {
      // The common case, a one-off, in three round trips (booking-write.ts); one that starts a series
      // writes the series too, in statements of its own.
      if (!series) {
        return reserveOneOff(sql, reservation, { record: booking, manageTokenHash: access.manageTokenHash, emailsFor, completion });
      }
      return runInTransaction(sql, async (tx) => {
        // Its visits are planned in this transaction too: every lock they and the booking need is
        // taken first, in the one order.
        await lockAheadLocked(tx, [reservation, ...await newSeriesReservations(tx, series.series, series.now)]);
        // The one reservation: no other process can take the place (or the cleaner) in between.
        const reserved = await reserveLocked(tx, reservation, () => writeBooking(tx, { record: booking }));
        if (!reserved.ok) return reserved;
        return ok(await startSeriesWithEmails(tx, reserved.value.booking, emailsFor, access, series, completion));
      });
    },
    // A quote holds no place: no reservation.
    insertQuote: (quote, emailsFor, access, completion) =>
      runInTransaction(sql, (tx) => writeBooking(tx, { record: quote, manageTokenHash: access.manageTokenHash, emailsFor, completion })),
  };
}

async function capacityHoldersBetween(sql: Queryable, from: Date, to: Date, except?: string): Promise<Occupancy[]> {
  const rows = await sql<{ start_time: Date; end_time: Date }[]>`
    select start_time, end_time from bookings
     where type = 'BOOKING' and status in ${placeHolding(sql)}
       and start_time between ${from} and ${to}
       and (${except ?? null}::uuid is null or id <> ${except ?? null}::uuid)`;
  return rows.map((r) => ({ start: new Date(r.start_time), end: new Date(r.end_time) }));
}

/** Inside the booking's transaction: the series it starts, its visits planned, then its e-mails. */
async function startSeriesWithEmails(
  tx: Queryable,
  first: BookingRecord,
  emailsFor: EmailsFor,
  access: NewRecordAccess,
  start: SeriesStart,
  completion?: IdempotencyCompletion<BookingRecord>,
) {
  // Its e-mails quote the series, so they follow it.
  const stored = await startSeriesLocked(tx, first, start.series);
  await recordAudit(tx, start.audit(stored.seriesId as string, stored));
  // Issue 28: its visits are planned now, under the reservation's locks, so its confirmation
  // promises only those that hold a place and names the others.
  const planned = await planNewSeriesLocked(tx, stored.seriesId as string, start.now);
  await saveManageTokenHash(tx, stored._id, access.manageTokenHash);
  for (const message of emailsFor(stored, confirmationPlan(planned))) await enqueueEmail(tx, message);
  if (completion) await completeInTransaction(tx, completion, stored);
  return stored;
}

/** Keeps the hash of a manage-my-booking token minted for one of the booking's e-mails. */
export async function saveManageTokenHash(tx: Queryable, bookingId: string, tokenHash: string): Promise<void> {
  await tx`insert into booking_access_tokens (token_hash, booking_id) values (${tokenHash}, ${bookingId})`;
}

/** The booking a manage-my-booking token hash opens, whatever its state (the caller judges it). */
export async function bookingIdByManageTokenHash(sql: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await sql<{ booking_id: string }[]>`
    select booking_id from booking_access_tokens where token_hash = ${tokenHash}`;
  return row?.booking_id ?? null;
}

/** A new booking or quote with its lines and customer, in one statement (booking-write.ts). */
export const insertBooking = (tx: Queryable, r: NewBookingRecord): Promise<BookingRecord> => writeBooking(tx, { record: r });

/**
 * Inside the booking's transaction: the series of regular visits it starts (issue 17). The series
 * row (ACTIVE, its customer the booking's, decided through its anchor date: the booking is that
 * occurrence), then the booking marked as its first visit. The booking as it now is.
 */
export async function startSeriesLocked(tx: Queryable, first: BookingRecord, series: NewSeries): Promise<BookingRecord> {
  const seriesId = crypto.randomUUID();
  await tx`
    insert into booking_series (
      id, customer_id, first_booking_id, status, frequency_code, frequency_name, repeat_unit, repeat_every,
      anchor_date, start_minutes, duration_minutes, template, generated_through
    ) values (
      ${seriesId}, ${first.customerId}, ${first._id}, 'ACTIVE', ${series.frequencyCode}, ${series.frequencyName},
      ${series.unit}, ${series.every}, ${series.anchorDate}::date, ${series.startMinutes}, ${series.durationMinutes},
      ${tx.json(JSON.parse(JSON.stringify(series.template)))}, ${series.anchorDate}::date
    )`;
  await tx`update bookings set series_id = ${seriesId}, series_date = ${series.anchorDate}::date where id = ${first._id}`;
  const stored = await getBooking(tx, first._id);
  if (!stored) throw new Error(`booking ${first._id} vanished inside its own transaction`);
  return stored;
}

/** The occurrence of a series a generated visit stands for, and whose customer it is. */
export interface SeriesOccurrence {
  seriesId: string;
  seriesDate: string;
  /** The series' customer; null: matched by the visit's e-mail, as any booking. */
  customerId: string | null;
}

/** A generated visit of a series (issue 17), or null when its occurrence was taken (booking-write.ts). */
export const insertSeriesVisit = (tx: Queryable, r: NewBookingRecord, occurrence: SeriesOccurrence): Promise<BookingRecord | null> =>
  writeSeriesVisit(tx, r, occurrence);

async function getBooking(sql: Queryable, id: string): Promise<BookingRecord | null> {
  if (!isUuid(id)) return null;
  const [record] = await readBookings(sql, sql`where b.id = ${id}`);
  return record ?? null;
}

export function makeBookingReader(sql: Queryable): BookingReader {
  return {
    getById: (id) => getBooking(sql, id),
    capacityHoldersBetween: (from, to) => capacityHoldersBetween(sql, from, to),
  };
}
