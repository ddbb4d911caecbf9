/** The store of the quotes the office prices (core/workflows/priced-quotes.ts), in SQL. */
import type { QuoteStore, QuoteTx } from "../../core/workflows/priced-quotes.ts";
import type { PricedQuote, PricedQuoteStatus, QuoteLine } from "../../core/booking/quotes/priced-quote.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { bookingIdByManageTokenHash, insertBooking, makeBookingReader, saveManageTokenHash, startSeriesLocked } from "./booking-repository.ts";
import { confirmationPlan, planNewSeriesLocked } from "./series-generation.ts";
import { seriesFactsForBooking } from "./series-repository.ts";
import { comingVisits } from "./manage-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { toInquiry } from "./inquiry-repository.ts";
import { reserveLocked } from "./reservation.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { transactionOver } from "./transaction.ts";

interface QuotePriceRow {
  booking_id: string;
  line_items: QuoteLine[] | string;
  total: string | number;
  message: string;
  valid_until: string | Date | null;
  status: PricedQuoteStatus;
  sent_at: Date;
  decided_at: Date | null;
  decline_reason: string;
}
type InquiryRow = Parameters<typeof toInquiry>[0];

/** A date column as YYYY-MM-DD, whichever way the driver gives it. */
const ymdOf = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const toPricedQuote = (row: QuotePriceRow): PricedQuote => ({
  bookingId: row.booking_id,
  lineItems: (typeof row.line_items === "string" ? JSON.parse(row.line_items) : row.line_items).map((line: QuoteLine) => ({
    description: line.description,
    quantity: Number(line.quantity),
    unitPrice: Number(line.unitPrice),
    amount: Number(line.amount),
  })),
  total: Number(row.total),
  message: row.message,
  validUntil: ymdOf(row.valid_until),
  status: row.status,
  sentAt: new Date(row.sent_at),
  decidedAt: row.decided_at ? new Date(row.decided_at) : null,
  declineReason: row.decline_reason,
});

/** valid_until as text, so no time zone ever shifts the day. */
const COLUMNS = "booking_id, line_items, total, message, valid_until::text as valid_until, status, sent_at, decided_at, decline_reason";

export async function pricedQuoteOf(sql: Queryable, bookingId: string): Promise<PricedQuote | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await sql.unsafe<QuotePriceRow[]>(`select ${COLUMNS} from quote_prices where booking_id = $1`, [bookingId]);
  return row ? toPricedQuote(row) : null;
}

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

function quoteTx(tx: Queryable): QuoteTx {
  return {
    async lockById(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? reread(tx, id) : null;
    },
    pricedQuote: (bookingId) => pricedQuoteOf(tx, bookingId),
    async savePricedQuote(q) {
      await tx`
        insert into quote_prices (booking_id, line_items, total, message, valid_until, status, sent_at, decided_at, decline_reason, updated_at)
        values (${q.bookingId}, ${tx.json(q.lineItems as never)}, ${q.total}, ${q.message}, ${q.validUntil}, ${q.status}, ${q.sentAt},
                ${q.decidedAt}, ${q.declineReason}, ${q.sentAt})
        on conflict (booking_id) do update
           set line_items = excluded.line_items, total = excluded.total, message = excluded.message,
               valid_until = excluded.valid_until, status = excluded.status, sent_at = excluded.sent_at,
               decided_at = excluded.decided_at, decline_reason = excluded.decline_reason, updated_at = excluded.updated_at`;
      return (await pricedQuoteOf(tx, q.bookingId)) as PricedQuote;
    },
    async decide(bookingId, { status, at, declineReason }) {
      await tx`
        update quote_prices set status = ${status}, decided_at = ${at}, decline_reason = ${declineReason}, updated_at = ${at}
         where booking_id = ${bookingId}`;
      return (await pricedQuoteOf(tx, bookingId)) as PricedQuote;
    },
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    async acceptQuote(id, { startTime, endTime, total, at }) {
      // The quoted total is the price: the first service and (if it repeats) each after it.
      await tx`
        update bookings
           set type = 'BOOKING', status = 'PENDING', start_time = ${startTime}, end_time = ${endTime},
               base_amount = ${total}, extras_amount = 0, first_service_total = ${total}, recurring_total = ${total},
               frequency_discount_percent = 0, reminder_sent_at = null, updated_at = ${at}
         where id = ${id} and type = 'QUOTE'`;
      return reread(tx, id);
    },
    insertQuote: (record) => insertBooking(tx, record),
    seriesFacts: (bookingId) => seriesFactsForBooking(tx, bookingId),
    comingVisits: (seriesId, from) => comingVisits(tx, seriesId, from),
    async startSeries(first, series, now) {
      const started = await startSeriesLocked(tx, first, series);
      const planned = await planNewSeriesLocked(tx, started.seriesId as string, now);
      return { first: started, planned: confirmationPlan(planned) };
    },
    async lockInquiry(id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<InquiryRow[]>`select * from inquiries where id = ${id} for update`;
      return row ? toInquiry(row) : null;
    },
    async markInquiryRead(id, at) {
      const [row] = await tx<InquiryRow[]>`update inquiries set read = true, updated_at = ${at} where id = ${id} returning *`;
      return toInquiry(row);
    },
    saveManageTokenHash: (bookingId, tokenHash) => saveManageTokenHash(tx, bookingId, tokenHash),
    async enqueue(messages) {
      for (const message of messages) await enqueueEmail(tx, message);
    },
    audit: (entry) => recordAudit(tx, entry),
  };
}

export function makeQuoteStore(sql: Sql): QuoteStore {
  const reader = makeBookingReader(sql);
  return {
    bookingIdByTokenHash: (tokenHash) => bookingIdByManageTokenHash(sql, tokenHash),
    getById: (id) => reader.getById(id),
    pricedQuoteOf: (bookingId) => pricedQuoteOf(sql, bookingId),
    transaction: transactionOver(sql, quoteTx),
  };
}
