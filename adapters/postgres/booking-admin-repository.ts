/** The staff bookings store: filtered lists and chips in SQL, row-locked status and payment changes. */
import type { BookingAdminStore, BookingAdminTx } from "../../core/booking/staff/ports.ts";
import type { BookingFilter, BookingSort, BookingStats } from "../../core/booking/staff/list-query.ts";
import type { SearchTerms } from "../../core/shared/list-query.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { makeBookingReader, saveManageTokenHash } from "./booking-repository.ts";
import { readBookings } from "./booking-columns.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { issueInvoiceNumber } from "./invoices-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { reserveLocked } from "./reservation.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { paymentLedger } from "./payments-repository.ts";
import { saveFirstFeedbackRequest } from "./feedback-repository.ts";
import type postgres from "postgres";
import type { Queryable, Sql } from "./db.ts";
import { transactionOver } from "./transaction.ts";

type Fragment = postgres.Fragment;

/** Input is matched literally: % and _ (and the escape itself) lose their LIKE meaning. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
export const likeStartsWith = (text: string): string => `${text.replace(/[\\%_]/g, "\\$&")}%`;

export const joinWith = (sql: Queryable, glue: "and" | "or", parts: Fragment[]): Fragment =>
  parts.reduce((all, part) => glue === "and" ? sql`${all} and ${part}` : sql`${all} or ${part}`);

/** The search box over a record's people fields; `extra` adds fields of one table (e.g. message). */
export function searchCondition(
  sql: Queryable,
  search: SearchTerms,
  columns: {
    firstName: Fragment;
    lastName: Fragment;
    email: Fragment;
    suburb: Fragment;
    phoneDigits: Fragment;
    id: Fragment;
    /** A record's short reference: found whole however it was typed (ys 7k3f9q). */
    reference?: Fragment;
    extra?: Fragment[];
  },
): Fragment {
  const pattern = likeContains(search.text);
  const matches = [
    sql`${columns.firstName} ilike ${pattern}`,
    sql`${columns.lastName} ilike ${pattern}`,
    sql`(${columns.firstName} || ' ' || ${columns.lastName}) ilike ${pattern}`,
    sql`${columns.email} ilike ${pattern}`,
    sql`${columns.suburb} ilike ${pattern}`,
    ...(columns.extra ?? []).map((column) => sql`${column} ilike ${pattern}`),
  ];
  if (search.phoneDigits) matches.push(sql`${columns.phoneDigits} like ${likeContains(search.phoneDigits)}`);
  if (search.idPrefix) matches.push(sql`${columns.id}::text like ${likeStartsWith(search.idPrefix)}`);
  if (search.reference && columns.reference) matches.push(sql`${columns.reference} = ${search.reference}`);
  return sql`(${joinWith(sql, "or", matches)})`;
}

function where(sql: Queryable, f: BookingFilter): Fragment {
  const conditions: Fragment[] = [sql`true`];
  if (f.search) {
    conditions.push(searchCondition(sql, f.search, {
      firstName: sql`b.first_name`,
      lastName: sql`b.last_name`,
      email: sql`b.email`,
      suburb: sql`b.address_suburb`,
      // Booking phones are stored as digits already (normaliseAuPhone).
      phoneDigits: sql`b.phone`,
      id: sql`b.id`,
      reference: sql`b.reference`,
      extra: [sql`b.reference`],
    }));
  }
  if (f.type) conditions.push(sql`b.type = ${f.type}`);
  if (f.status) conditions.push(sql`b.status = ${f.status}`);
  if (f.paymentStatus) conditions.push(sql`b.payment_status = ${f.paymentStatus}`);
  if (f.startFrom) conditions.push(sql`b.start_time >= ${f.startFrom}`);
  if (f.startTo) conditions.push(sql`b.start_time < ${f.startTo}`);
  if (f.endFrom) conditions.push(sql`b.end_time > ${f.endFrom}`);
  if (f.ids) conditions.push(sql`b.id = any(${f.ids}::uuid[])`);
  return sql`where ${joinWith(sql, "and", conditions)}`;
}

function orderBy(sql: Queryable, sort: BookingSort): Fragment {
  const column = sort.by === "createdAt" ? sql`b.created_at` : sql`b.start_time`;
  const direction = sort.order === "desc" ? sql`desc` : sql`asc`;
  return sql`order by ${column} ${direction}, b.id ${direction}`;
}

async function listBookings(sql: Queryable, filter: BookingFilter, sort: BookingSort, paging?: { limit: number; offset: number }) {
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  return await readBookings(sql, sql`${where(sql, filter)} ${orderBy(sql, sort)} ${page}`);
}

interface CountRow {
  total: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  done: number;
  needs_attention: number;
  quote_requested: number;
  unpaid: number;
  paid: number;
}

/**
 * One pass: the chips over `statsFilter`, the total over `filter`. The list filter only ever
 * narrows the stats filter (it adds status and payment), so counting it inside is exact.
 */
async function countBookings(sql: Queryable, filter: BookingFilter, statsFilter: BookingFilter) {
  const narrowing = [sql`true`];
  if (filter.status) narrowing.push(sql`b.status = ${filter.status}`);
  if (filter.paymentStatus) narrowing.push(sql`b.payment_status = ${filter.paymentStatus}`);
  const [row] = await sql<CountRow[]>`
    select count(*) filter (where ${joinWith(sql, "and", narrowing)})::int as total,
           count(*) filter (where b.status = 'PENDING')::int as pending,
           count(*) filter (where b.status = 'CONFIRMED')::int as confirmed,
           count(*) filter (where b.status = 'CANCELLED')::int as cancelled,
           count(*) filter (where b.status = 'DONE')::int as done,
           count(*) filter (where b.status = 'NEEDS_ATTENTION')::int as needs_attention,
           count(*) filter (where b.status = 'QUOTE_REQUESTED')::int as quote_requested,
           count(*) filter (where b.payment_status = 'UNPAID')::int as unpaid,
           count(*) filter (where b.payment_status = 'PAID')::int as paid
      from bookings b ${where(sql, statsFilter)}`;
  const stats: BookingStats = {
    status: {
      PENDING: row.pending,
      CONFIRMED: row.confirmed,
      CANCELLED: row.cancelled,
      DONE: row.done,
      NEEDS_ATTENTION: row.needs_attention,
      QUOTE_REQUESTED: row.quote_requested,
    },
    payment: { UNPAID: row.unpaid, PAID: row.paid },
  };
  return { totalItems: row.total, stats };
}

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

/**
 * Confirming the first visit of a series confirms the series' PENDING visits too (issue 17), in the
 * same transaction (generation reads the first visit's status under a share lock, so it never
 * generates a PENDING visit beside this). Their ids and series; none when it is no first visit.
 */
async function confirmSeriesVisits(tx: Queryable, firstBookingId: string, at: Date) {
  const rows = await tx<{ id: string; series_id: string }[]>`
    update bookings v set status = 'CONFIRMED', updated_at = ${at}
      from booking_series s
     where s.first_booking_id = ${firstBookingId} and v.series_id = s.id and v.id <> ${firstBookingId}
       and v.status = 'PENDING'
    returning v.id, v.series_id`;
  return rows.length === 0 ? null : { seriesId: rows[0].series_id, bookingIds: rows.map((row) => row.id).sort() };
}

function adminTx(tx: Queryable): BookingAdminTx {
  /** Series visits this transaction's status change confirmed, audited with the change's own row. */
  let confirmedVisits: { seriesId: string; bookingIds: string[]; firstBookingId: string } | null = null;
  return {
    async lockById(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? reread(tx, id) : null;
    },
    getScheduling: () => makeSettingsStore(tx).getScheduling(),
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    async setStatus(id, status, at, change = {}) {
      const reason = change.cancelReason === undefined ? tx`cancel_reason` : tx`${change.cancelReason}`;
      const sequence = change.raiseCalendarSequence ? tx`calendar_sequence + 1` : tx`calendar_sequence`;
      await tx`
        update bookings
           set status = ${status}, cancel_reason = ${reason}, calendar_sequence = ${sequence}, updated_at = ${at}
         where id = ${id}`;
      if (status === "CONFIRMED") {
        const confirmed = await confirmSeriesVisits(tx, id, at);
        if (confirmed) confirmedVisits = { ...confirmed, firstBookingId: id };
      }
      return reread(tx, id);
    },
    saveManageTokenHash: (bookingId, tokenHash) => saveManageTokenHash(tx, bookingId, tokenHash),
    enqueueEmail: (message) => enqueueEmail(tx, message),
    ledger: paymentLedger(tx),
    issueInvoiceNumber: issueInvoiceNumber(tx),
    saveFirstFeedbackRequest: (request) => saveFirstFeedbackRequest(tx, request),
    async audit(entry) {
      await recordAudit(tx, entry);
      // The series' visits confirmed with their first: one more row, by the same staff member.
      if (confirmedVisits && entry.action === "booking.status") {
        const { seriesId, bookingIds, firstBookingId } = confirmedVisits;
        confirmedVisits = null;
        await recordAudit(tx, {
          adminId: entry.adminId,
          adminEmail: entry.adminEmail,
          action: "series.confirm_visits",
          entity: "series",
          entityId: seriesId,
          before: { status: "PENDING", bookingIds },
          after: { status: "CONFIRMED", bookingIds, firstBookingId },
        });
      }
    },
  };
}

export function makeBookingAdminStore(sql: Sql): BookingAdminStore {
  return {
    getById: (id) => makeBookingReader(sql).getById(id),
    list: (filter, sort, paging) => listBookings(sql, filter, sort, paging),
    listAll: (filter, sort) => listBookings(sql, filter, sort),
    async cleanerNames() {
      const rows = await sql<{ id: string; name: string }[]>`select id, name from cleaners`;
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    count: (filter, statsFilter) => countBookings(sql, filter, statsFilter),
    transaction: transactionOver(sql, adminTx),
  };
}
