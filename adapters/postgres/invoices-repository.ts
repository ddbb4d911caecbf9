/**
 * Invoice numbers in SQL (issue 30, migration 026): a booking's number, issued once, gapless
 * across all invoices. Every issue takes the one counter row's lock first, then looks for the
 * booking's invoice, so two issues at once (of the same booking or of two) take turns: the second
 * sees the first's committed row or the counter it advanced, never the same number.
 */
import type { InvoiceStore } from "../../core/invoicing/ports.ts";
import type { InvoiceLine } from "../../core/invoicing/invoice.ts";
import { formatInvoiceNumber, type IssuedInvoice, type IssueInvoiceNumber } from "../../core/shared/invoice-number.ts";
import { recordAudit } from "./audit-repository.ts";
import { readBookings } from "./booking-columns.ts";
import { bookingIdByManageTokenHash, makeBookingReader } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { listPayments } from "./payments-repository.ts";
import { pricedQuoteOf } from "./quotes-repository.ts";
import { transactionOver } from "./transaction.ts";

interface InvoiceRow {
  booking_id: string;
  number: string;
  issued_at: Date;
}

const toIssued = (row: InvoiceRow): IssuedInvoice => ({ number: row.number, issuedAt: row.issued_at });

/** The lines of the priced quote the customer accepted (migration 027), or null. */
export async function acceptedQuoteLines(sql: Queryable, bookingId: string): Promise<InvoiceLine[] | null> {
  const quote = await pricedQuoteOf(sql, bookingId);
  return quote?.status === "ACCEPTED" ? quote.lineItems : null;
}

export async function findInvoice(sql: Queryable, bookingId: string): Promise<IssuedInvoice | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await sql<InvoiceRow[]>`select booking_id, number, issued_at from invoices where booking_id = ${bookingId}`;
  return row ? toIssued(row) : null;
}

/** Issues in the caller's transaction: a rollback gives the number back with the counter. */
export const issueInvoiceNumber = (tx: Queryable): IssueInvoiceNumber => async (bookingId, at) => {
  // The counter's row lock first: it orders every issue, and the read below then sees what the
  // issue before ours committed.
  await tx`select last_number from invoice_counter where only_row for update`;
  const existing = await findInvoice(tx, bookingId);
  if (existing) return { ...existing, isNew: false };
  const [{ last_number }] = await tx<{ last_number: string }[]>`
    update invoice_counter set last_number = last_number + 1 where only_row returning last_number`;
  const sequence = Number(last_number);
  const [row] = await tx<InvoiceRow[]>`
    insert into invoices (booking_id, sequence, number, issued_at)
    values (${bookingId}, ${sequence}, ${formatInvoiceNumber(sequence)}, ${at})
    returning booking_id, number, issued_at`;
  return { ...toIssued(row), isNew: true };
};

export function makeInvoiceStore(sql: Sql): InvoiceStore {
  const bookings = makeBookingReader(sql);
  return {
    getBooking: (id) => bookings.getById(id),
    payments: (bookingId) => listPayments(sql, bookingId),
    findIssued: (bookingId) => findInvoice(sql, bookingId),
    acceptedQuoteLines: (bookingId) => acceptedQuoteLines(sql, bookingId),
    bookingIdByTokenHash: (tokenHash) => bookingIdByManageTokenHash(sql, tokenHash),
    async issuedBetween(from, to) {
      const rows = await sql<InvoiceRow[]>`
        select booking_id, number, issued_at from invoices
         where issued_at >= ${from} and issued_at < ${to} order by sequence`;
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.booking_id);
      const [records, ledgers] = await Promise.all([
        readBookings(sql, sql`where b.id in ${sql(ids)}`),
        Promise.all(ids.map(async (id) => [id, { payments: await listPayments(sql, id), quotedLines: await acceptedQuoteLines(sql, id) }] as const))
          .then((pairs) => new Map(pairs)),
      ]);
      const byId = new Map(records.map((record) => [record._id, record]));
      return rows.flatMap((row) => {
        const record = byId.get(row.booking_id);
        const ledger = ledgers.get(row.booking_id);
        return record ? [{ issued: toIssued(row), record, payments: ledger?.payments ?? [], quotedLines: ledger?.quotedLines ?? null }] : [];
      });
    },
    transaction: transactionOver(sql, (tx) => ({
      issueNumber: issueInvoiceNumber(tx),
      audit: (entry) => recordAudit(tx, entry),
    })),
  };
}
