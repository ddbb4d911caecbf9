/**
 * The booking write path in as few round trips as it can be (issue 18): the capacity locks and
 * the read they guard in one call (reservation_lock_and_read, migration 023: reservation.ts), then the
 * booking with its customer, add-ons, answers, manage-link hash and e-mails in ONE statement (a
 * data-modifying CTE). The stored record and its e-mails are composed here before that statement,
 * from the id, reference and creation time this module chooses, so nothing has to be read back.
 */
import type { EmailsFor } from "../../core/booking/ports.ts";
import { decideReservation, type Reservation, type ReservationError } from "../../core/booking/capacity/reservation.ts";
import { newReference } from "../../core/shared/reference.ts";
import type { BookingRecord, NewBookingRecord } from "../../core/booking/types.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { ok, type Result } from "../../core/shared/result.ts";
import type { IdempotencyCompletion } from "../../core/shared/idempotency-completion.ts";
import type { Queryable, Sql } from "./db.ts";
import { answerLines, bookingInsert, extraLines, readBookings } from "./booking-columns.ts";
import { customerCtes } from "./customer-match.ts";
import { completeInTransaction } from "./idempotency-repository.ts";
import { emailsQueued } from "./outbox-repository.ts";
import { DEADLOCK_ATTEMPTS, isDeadlock, isUniqueViolation } from "./transaction.ts";
import { readReservationLocked } from "./reservation.ts";

const DAY_MS = 86_400_000;

/** A Melbourne calendar date as a whole number of days since 1970-01-01 (an advisory lock key). */
const dayNumber = (instant: Date): number => Date.parse(`${melbourneYmd(instant)}T00:00:00Z`) / DAY_MS;

/**
 * The Melbourne days whose capacity locks cover a decision on a visit: every day from the buffer
 * before its start to the later of the buffer after its start and its end. Two visits that can
 * count against each other (starts within the buffer, or overlapping times) always share a day of
 * these spans, so their decisions queue on that day's lock; visits days apart never wait on each
 * other. The read window (capacityWindow) stays wider: it also finds long visits started the day
 * before, which were decided, and locked their own days, before.
 */
export function capacityLockDays(span: { from: Date; to: Date }): number[] {
  const days: number[] = [];
  for (let day = dayNumber(span.from), last = dayNumber(span.to); day <= last; day++) days.push(day);
  return days;
}

/**
 * A one-off booking's whole reservation in three round trips, on a connection of its own: BEGIN
 * sent with the reservation's locks and read (reservation.ts; BEGIN has no parameters, so it is
 * never held back and always runs first); then, if core's decision admits it, the one-statement
 * write, with the cleaner team mode chose; then COMMIT (issue 18). A write that fails is rolled
 * back, so nothing partial is kept: a reference that is taken fails the write here (no ON CONFLICT)
 * and the whole reservation runs again with a new one.
 */
export async function reserveOneOff(
  sql: Sql,
  reservation: Reservation,
  write: BookingWrite,
  drawReference: () => string = newReference,
): Promise<Result<BookingRecord, ReservationError>> {
  const id = crypto.randomUUID();
  const createdAt = new Date();
  for (let attempt = 1;; attempt++) {
    const connection = await sql.reserve();
    let open = false;
    try {
      // postgres.js sends a query when it is first awaited, or at execute(): BEGIN goes first.
      const begun = connection`begin`.execute();
      open = true;
      const [, facts] = await Promise.all([begun, readReservationLocked(connection, reservation)]);
      const decision = decideReservation(reservation, facts);
      if (!decision.ok) {
        open = false;
        await connection`rollback`;
        return decision;
      }
      const stored = { ...composeStored(write.record, id, drawReference(), createdAt), cleanerIds: decision.value.cleanerIds };
      // Awaited before the COMMIT is sent: postgres.js may hold a statement back to describe its
      // parameters first, and a COMMIT pipelined behind it would then run before it.
      const customerId = await writeStatement(connection, stored, write, "fail");
      const record = { ...stored, customerId };
      // Only with an Idempotency-Key: its first answer, one more statement before the COMMIT (issue 29).
      if (write.completion) await completeInTransaction(connection, write.completion, record);
      open = false;
      await connection`commit`;
      if (write.emailsFor) emailsQueued(sql);
      return ok(record);
    } catch (error) {
      // A transaction still open on this connection is ended before it goes back to the pool.
      if (open) await connection`rollback`.catch(() => {});
      if (isUniqueViolation(error, "bookings_reference_key") && attempt < REFERENCE_ATTEMPTS) continue;
      // Broken to end a deadlock with a transaction reserving several visits: it runs again.
      if (isDeadlock(error) && attempt < DEADLOCK_ATTEMPTS) continue;
      throw error;
    } finally {
      connection.release();
    }
  }
}

/**
 * What the one-statement write needs beyond the record: its manage-link hash and its e-mails; and,
 * for a request sent with an Idempotency-Key, its first answer, written in the same transaction.
 */
export interface BookingWrite {
  record: NewBookingRecord;
  manageTokenHash?: string;
  emailsFor?: EmailsFor;
  completion?: IdempotencyCompletion<BookingRecord>;
}

/** The record as the store will hold it, before it is written (no customer yet: the write finds it). */
export function composeStored(r: NewBookingRecord, id: string, reference: string, createdAt: Date): BookingRecord {
  return {
    ...r,
    _id: id,
    reference,
    createdAt,
    address: { ...(r.address.unit ? { unit: r.address.unit } : {}), street: r.address.street, suburb: r.address.suburb, state: r.address.state, postCode: r.address.postCode },
    cancelReason: "",
    calendarSequence: 0,
    cleanerIds: [],
    customerId: null,
    seriesId: null,
    seriesDate: null,
  };
}

/** References are random: a clash with a stored one (about 1 in a million at 1,000 rows) draws again. */
const REFERENCE_ATTEMPTS = 8;

/**
 * Writes a booking or quote with its customer (found or created by normalised e-mail, following
 * merges), add-ons, answers, manage-link hash and e-mails in one statement, and returns it as
 * stored (then the request's first answer, with `completion`). A reference that is taken writes
 * nothing and the statement runs again with a new one (its e-mails composed again, since they quote
 * the reference).
 */
export async function writeBooking(tx: Queryable, write: BookingWrite): Promise<BookingRecord> {
  const id = crypto.randomUUID();
  const createdAt = new Date();
  for (let attempt = 1;; attempt++) {
    const stored = composeStored(write.record, id, newReference(), createdAt);
    const customerId = await writeStatement(tx, stored, write, "skip");
    if (customerId) {
      const record = { ...stored, customerId };
      if (write.completion) await completeInTransaction(tx, write.completion, record);
      if (write.emailsFor) emailsQueued(tx);
      return record;
    }
    if (attempt === REFERENCE_ATTEMPTS) throw new Error(`no free booking reference after ${attempt} draws`);
  }
}

/**
 * Inside the series' transaction: a generated visit of a series (issue 17), for the occurrence
 * `visit.seriesDate` (its customer the series', or found by its e-mail as any booking's when
 * `visit.customerId` is null), written by the one statement. Unless that occurrence exists
 * already, which the unique index (series_id, series_date) decides, also against another process
 * writing it at the same moment (the write waits for that one's commit). The visit as stored, or
 * null when the occurrence was taken. No manage-my-booking token is kept: the visit's first e-mail
 * (its reminder) mints its own.
 */
export async function writeSeriesVisit(
  tx: Queryable,
  record: NewBookingRecord,
  visit: { seriesId: string; seriesDate: string; customerId: string | null },
): Promise<BookingRecord | null> {
  const id = crypto.randomUUID();
  const createdAt = new Date();
  for (let attempt = 1;; attempt++) {
    const stored = { ...composeStored(record, id, newReference(), createdAt), ...visit };
    if (await writeStatement(tx, stored, { record }, "skip")) {
      // Read back: the record came from the series' template, which the store keeps as JSON.
      const [written] = await readBookings(tx, tx`where b.id = ${id}`);
      return written;
    }
    const [taken] = await tx`
      select 1 from bookings where series_id = ${visit.seriesId} and series_date = ${visit.seriesDate}::date`;
    if (taken) return null;
    if (attempt === REFERENCE_ATTEMPTS) throw new Error(`no free booking reference after ${attempt} draws`);
  }
}

/**
 * The one statement; the customer's id. The record's customer when it has one, otherwise the one
 * its e-mail finds or makes (customerCtes). A booking already there (its reference taken, or a
 * series visit's occurrence): with "skip", null and nothing written (the booking's insert does
 * nothing, so neither do the others); with "fail", the unique violation, which aborts the
 * transaction.
 */
async function writeStatement(
  tx: Queryable,
  r: BookingRecord,
  write: BookingWrite,
  whenTaken: "skip" | "fail",
): Promise<string | null> {
  const messages = (write.emailsFor?.(r) ?? []).map((m) => ({
    id: crypto.randomUUID(),
    kind: m.kind,
    to_address: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html ?? null,
    attachments: m.attachments ?? [],
    related_id: m.relatedId ?? null,
    reply_to: m.replyTo ?? null,
  }));
  const customer = r.customerId === null ? customerCtes(tx, r) : tx`customer as (select ${r.customerId}::uuid as id)`;
  const [row] = await tx<{ customer_id: string | null }[]>`
    with ${customer}, booking as (
      ${bookingInsert(tx, r, tx`(select id from customer)`)}
      ${whenTaken === "skip" ? tx`on conflict do nothing` : tx``}
      returning id, customer_id
    ), extra_lines as (
      insert into booking_extras (booking_id, position, extra_id, title_at_booking, quantity, price_at_booking)
      select b.id, x.position, x.extra_id, x.title_at_booking, x.quantity, x.price_at_booking
        from booking b, jsonb_to_recordset(${tx.json(extraLines(r))}::jsonb)
             as x(position integer, extra_id uuid, title_at_booking text, quantity integer, price_at_booking numeric)
    ), answer_lines as (
      insert into booking_answers (booking_id, position, question_id, label, value, display_value)
      select b.id, a.position, a.question_id, a.label, a.value, a.display_value
        from booking b, jsonb_to_recordset(${tx.json(answerLines(r))}::jsonb)
             as a(position integer, question_id uuid, label text, value jsonb, display_value text)
    ), cleaner_lines as (
      insert into booking_cleaners (booking_id, cleaner_id, position)
      select b.id, c.id, c.position - 1
        from booking b, unnest(${r.cleanerIds as string[]}::uuid[]) with ordinality as c(id, position)
    ), access_token as (
      insert into booking_access_tokens (token_hash, booking_id)
      select ${write.manageTokenHash ?? null}, b.id from booking b where ${write.manageTokenHash ?? null}::text is not null
    ), outbox as (
      insert into email_outbox (id, kind, to_address, subject, text_body, html_body, attachments, related_id, reply_to)
      select m.id, m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.attachments, m.related_id, m.reply_to
        from booking b, jsonb_to_recordset(${tx.json(messages)}::jsonb)
             as m(id uuid, kind text, to_address text, subject text, text_body text, html_body text,
                  attachments jsonb, related_id uuid, reply_to text)
    )
    select (select customer_id from booking) as customer_id`;
  return row?.customer_id ?? null;
}
