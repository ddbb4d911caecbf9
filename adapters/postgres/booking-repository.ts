import type {
  BookingReader,
  BookingStore,
  EmailsFor,
  NewRecordAccess,
  Occupancy,
  SeriesStart,
} from "../../core/booking/ports.ts";
import type { NewSeries } from "../../core/series/types.ts";
import { newReference } from "../../core/booking/reference.ts";
import type {
  AnswerSnapshot,
  AuState,
  BookedExtra,
  BookingRecord,
  NewBookingRecord,
  PaymentStatus,
  RecordStatus,
  RecordType,
} from "../../core/booking/types.ts";
import type { PricingModel } from "../../core/catalog/types.ts";
import { ok } from "../../core/shared/result.ts";
import type { IdempotencyCompletion } from "../../core/shared/idempotency-completion.ts";
import type { Queryable, Sql } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { runInTransaction } from "./transaction.ts";
import { dateOrNull, num, numOrNull } from "./rows.ts";
import { attachCustomer } from "./customer-match.ts";
import { recordAudit } from "./audit-repository.ts";
import { reserveOneOff, writeBooking } from "./booking-write.ts";
import { lockAheadLocked, reserveLocked } from "./reservation.ts";
import { completeInTransaction } from "./idempotency-repository.ts";
import { newSeriesReservations, planNewSeriesLocked } from "./series-generation.ts";


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
     where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE')
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
  const plannedVisits = planned.map((visit) => ({ startTime: visit.startTime, holdsPlace: visit.status !== "NEEDS_ATTENTION" }));
  for (const message of emailsFor(stored, plannedVisits)) await enqueueEmail(tx, message);
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

/** References are random: a clash with a stored one (about 1 in a million at 1,000 rows) draws again. */
const REFERENCE_ATTEMPTS = 8;

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

/**
 * A generated visit of a series (issue 17), inside the generation's transaction: inserted unless
 * that occurrence exists already, which the unique index (series_id, series_date) decides, also
 * against another process inserting it at the same moment (it waits for that one's commit). The
 * stored visit, or null when the occurrence was taken. No manage-my-booking token is kept: the
 * visit's first e-mail (its reminder) mints its own.
 */
export async function insertSeriesVisit(tx: Queryable, r: NewBookingRecord, occurrence: SeriesOccurrence): Promise<BookingRecord | null> {
  const id = crypto.randomUUID();
  const customerId = occurrence.customerId ?? await attachCustomer(tx, r);
  for (let attempt = 1; !(await insertBookingRow(tx, id, newReference(), r, customerId, occurrence)); attempt++) {
    const [taken] = await tx`
      select 1 from bookings where series_id = ${occurrence.seriesId} and series_date = ${occurrence.seriesDate}::date`;
    if (taken) return null;
    if (attempt === REFERENCE_ATTEMPTS) throw new Error(`no free booking reference after ${attempt} draws`);
  }
  return await insertBookingLines(tx, id, r);
}

/**
 * False when the reference (or a series visit's occurrence) is taken: nothing is written then, and
 * a clash never aborts the transaction.
 */
async function insertBookingRow(
  tx: Queryable,
  id: string,
  reference: string,
  r: NewBookingRecord,
  customerId: string,
  occurrence?: SeriesOccurrence,
): Promise<boolean> {
  const inserted = await tx`
    insert into bookings (
      id, reference, type, status, payment_status, first_name, last_name, email, phone,
      address_unit, address_street, address_suburb, address_state, address_post_code,
      service_id, service_name_at_booking, pricing_model, hours, bedrooms,
      frequency_code, frequency_name_at_booking, frequency_discount_percent,
      start_time, end_time, notes, base_amount, extras_amount, first_service_total,
      recurring_total, total_paid, paid_at, customer_id, series_id, series_date
    ) values (
      ${id}, ${reference}, ${r.type}, ${r.status}, ${r.paymentStatus}, ${r.firstName}, ${r.lastName}, ${r.email},
      ${r.phone}, ${r.address.unit ?? ""}, ${r.address.street}, ${r.address.suburb},
      ${r.address.state}, ${r.address.postCode}, ${r.serviceId}, ${r.serviceNameAtBooking},
      ${r.pricingModel}, ${r.hours}, ${r.bedrooms}, ${r.frequencyCode}, ${r.frequencyNameAtBooking},
      ${r.frequencyDiscountPercent}, ${r.startTime}, ${r.endTime}, ${r.notes}, ${r.baseAmount},
      ${r.extrasAmount}, ${r.firstServiceTotal}, ${r.recurringTotal}, ${r.totalPaid}, ${r.paidAt},
      ${customerId}, ${occurrence?.seriesId ?? null}, ${occurrence?.seriesDate ?? null}::date
    )
    on conflict do nothing
    returning id`;
  return inserted.length === 1;
}

async function insertBookingLines(tx: Queryable, id: string, r: NewBookingRecord): Promise<BookingRecord> {
  for (const [position, extra] of r.extras.entries()) {
    await tx`
      insert into booking_extras (booking_id, position, extra_id, title_at_booking, quantity,
                                  price_at_booking)
      values (${id}, ${position}, ${extra.extraId}, ${extra.titleAtBooking}, ${extra.quantity},
              ${extra.priceAtBooking})`;
  }
  for (const [position, answer] of r.answers.entries()) {
    await tx`
      insert into booking_answers (booking_id, position, question_id, label, value, display_value)
      values (${id}, ${position}, ${answer.questionId}, ${answer.label},
              ${tx.json(answer.value as string | string[])}, ${answer.displayValue})`;
  }
  const stored = await getBooking(tx, id);
  if (!stored) throw new Error(`booking ${id} vanished inside its own transaction`);
  return stored;
}

interface BookingRow {
  id: string;
  reference: string;
  cancel_reason: string;
  calendar_sequence: number;
  type: RecordType;
  status: RecordStatus;
  payment_status: PaymentStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_unit: string;
  address_street: string;
  address_suburb: string;
  address_state: AuState;
  address_post_code: string;
  service_id: string | null;
  service_name_at_booking: string;
  pricing_model: PricingModel;
  hours: string | null;
  bedrooms: number | null;
  frequency_code: string;
  frequency_name_at_booking: string;
  frequency_discount_percent: string;
  start_time: Date;
  end_time: Date;
  notes: string;
  base_amount: string;
  extras_amount: string;
  first_service_total: string;
  recurring_total: string;
  total_paid: string | null;
  paid_at: Date | null;
  created_at: Date;
  extras: {
    extra_id: string;
    title_at_booking: string;
    quantity: number;
    price_at_booking: string;
  }[];
  answers: {
    question_id: string;
    label: string;
    value: string | string[];
    display_value: string | null;
  }[];
  cleaner_ids: string[];
  customer_id: string | null;
  series_id: string | null;
  /** series_date as text in the one format, whatever the driver's date parsing. */
  series_ymd: string | null;
}

export const selectBookings = (sql: Queryable) =>
  sql`
    select b.*, to_char(b.series_date, 'YYYY-MM-DD') as series_ymd,
      (select coalesce(json_agg(json_build_object(
                'extra_id', e.extra_id, 'title_at_booking', e.title_at_booking,
                'quantity', e.quantity, 'price_at_booking', e.price_at_booking)
              order by e.position), '[]'::json)
         from booking_extras e where e.booking_id = b.id) as extras,
      (select coalesce(json_agg(json_build_object(
                'question_id', a.question_id, 'label', a.label, 'value', a.value,
                'display_value', a.display_value)
              order by a.position), '[]'::json)
         from booking_answers a where a.booking_id = b.id) as answers,
      (select coalesce(json_agg(bc.cleaner_id order by bc.position), '[]'::json)
         from booking_cleaners bc where bc.booking_id = b.id) as cleaner_ids
    from bookings b`;

export const toBookingRecord = (row: BookingRow): BookingRecord => ({
  _id: row.id,
  reference: row.reference,
  type: row.type,
  status: row.status,
  paymentStatus: row.payment_status,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  address: {
    ...(row.address_unit ? { unit: row.address_unit } : {}),
    street: row.address_street,
    suburb: row.address_suburb,
    state: row.address_state,
    postCode: row.address_post_code,
  },
  serviceId: row.service_id,
  serviceNameAtBooking: row.service_name_at_booking,
  pricingModel: row.pricing_model,
  hours: numOrNull(row.hours),
  bedrooms: row.bedrooms,
  frequencyCode: row.frequency_code,
  frequencyNameAtBooking: row.frequency_name_at_booking,
  frequencyDiscountPercent: num(row.frequency_discount_percent),
  discountPercent: num(row.frequency_discount_percent),
  startTime: new Date(row.start_time),
  endTime: new Date(row.end_time),
  createdAt: new Date(row.created_at),
  extras: row.extras.map((e): BookedExtra => ({
    extraId: e.extra_id,
    titleAtBooking: e.title_at_booking,
    quantity: e.quantity,
    priceAtBooking: num(e.price_at_booking),
  })),
  answers: row.answers.map((a): AnswerSnapshot => ({
    questionId: a.question_id,
    label: a.label,
    value: a.value,
    // Rows from before migration 002 have no display text: show the raw value instead.
    displayValue: a.display_value ?? (Array.isArray(a.value) ? a.value.join(", ") : a.value),
  })),
  notes: row.notes,
  cancelReason: row.cancel_reason,
  calendarSequence: row.calendar_sequence,
  baseAmount: num(row.base_amount),
  extrasAmount: num(row.extras_amount),
  firstServiceTotal: num(row.first_service_total),
  recurringTotal: num(row.recurring_total),
  totalPaid: numOrNull(row.total_paid),
  paidAt: dateOrNull(row.paid_at),
  cleanerIds: row.cleaner_ids,
  customerId: row.customer_id,
  seriesId: row.series_id,
  seriesDate: row.series_ymd,
});

async function getBooking(sql: Queryable, id: string): Promise<BookingRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<BookingRow[]>`${selectBookings(sql)} where b.id = ${id}`;
  return row ? toBookingRecord(row) : null;
}

export function makeBookingReader(sql: Queryable): BookingReader {
  return {
    getById: (id) => getBooking(sql, id),
    capacityHoldersBetween: (from, to) => capacityHoldersBetween(sql, from, to),
  };
}
