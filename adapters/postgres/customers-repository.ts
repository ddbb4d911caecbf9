/**
 * Customer records (migration 011): the staff list and search, one record's page with everything
 * the business knows, notes and tags, and merges under both records' row locks.
 */
import type postgres from "postgres";
import type { SearchTerms } from "../../core/shared/list-query.ts";
import { normaliseAuPhone } from "../../core/shared/phone.ts";
import type { AuState } from "../../core/shared/contact.ts";
import type { CustomersStore, CustomersTx } from "../../core/customers/ports.ts";
import type { CustomerFilter } from "../../core/customers/schemas.ts";
import type {
  Customer,
  CustomerAddress,
  CustomerBooking,
  CustomerExportRow,
  CustomerRecordFacts,
  CustomerSeriesFacts,
  CustomerSummary,
} from "../../core/customers/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { joinWith, likeContains, likeStartsWith } from "./booking-admin-repository.ts";
import { placeHolding } from "./booking-columns.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { dateOrNull, num } from "./rows.ts";
import { transactionOver } from "./transaction.ts";

type Fragment = postgres.Fragment;

/** A phone as its digits, +61 read as 0: records keep phones as typed on older inquiries (03 9123 4567). */
const phoneKey = (sql: Queryable, column: Fragment): Fragment =>
  sql`(case when regexp_replace(${column}, '[^0-9]', '', 'g') ~ '^61[0-9]{9}$'
            then '0' || substr(regexp_replace(${column}, '[^0-9]', '', 'g'), 3)
            else regexp_replace(${column}, '[^0-9]', '', 'g') end)`;

/** The search box: names and e-mails on the record, the rest on what the customer booked or asked. */
function searchMatch(sql: Queryable, search: SearchTerms): Fragment {
  const pattern = likeContains(search.text);
  const matches = [
    sql`c.first_name ilike ${pattern}`,
    sql`c.last_name ilike ${pattern}`,
    sql`(c.first_name || ' ' || c.last_name) ilike ${pattern}`,
    sql`c.email ilike ${pattern}`,
    // The e-mails of records merged into this one still find it.
    sql`exists (select 1 from customers m where m.merged_into = c.id and m.email ilike ${pattern})`,
    sql`exists (select 1 from bookings b where b.customer_id = c.id and b.address_suburb ilike ${pattern})`,
    sql`exists (select 1 from inquiries i where i.customer_id = c.id and i.suburb ilike ${pattern})`,
  ];
  if (search.phoneDigits) {
    const digits = likeContains(search.phoneDigits);
    matches.push(
      sql`${phoneKey(sql, sql`c.phone`)} like ${digits}`,
      // A number the customer gave on an older booking (bookings keep digits).
      sql`exists (select 1 from bookings b where b.customer_id = c.id and b.phone like ${digits})`,
    );
  }
  if (search.reference) {
    matches.push(sql`exists (select 1 from bookings b where b.customer_id = c.id and b.reference = ${search.reference})`);
  }
  if (search.idPrefix) matches.push(sql`c.id::text like ${likeStartsWith(search.idPrefix)}`);
  return sql`(${joinWith(sql, "or", matches)})`;
}

function where(sql: Queryable, filter: CustomerFilter): Fragment {
  const conditions: Fragment[] = [sql`c.merged_into is null`];
  if (filter.search) conditions.push(searchMatch(sql, filter.search));
  if (filter.tag) conditions.push(sql`exists (select 1 from unnest(c.tags) t where lower(t) = lower(${filter.tag}))`);
  return sql`where ${joinWith(sql, "and", conditions)}`;
}

const byName = (sql: Queryable) => sql`order by lower(c.last_name), lower(c.first_name), c.id`;

interface SummaryRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tags: string[];
  notes: string;
  merged_into: string | null;
  created_at: Date;
  bookings_count: number;
  next_visit: Date | null;
  last_visit: Date | null;
  lifetime_paid: string;
  suburbs: string[];
}

/** Digits when the number is an Australian one; as stored otherwise. */
const phoneOf = (stored: string): string => normaliseAuPhone(stored) ?? stored;

const toSummary = (row: SummaryRow): CustomerSummary => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: phoneOf(row.phone),
  suburbs: row.suburbs,
  tags: row.tags,
  bookingsCount: row.bookings_count,
  lifetimePaid: num(row.lifetime_paid),
  nextVisit: dateOrNull(row.next_visit),
  lastVisit: dateOrNull(row.last_visit),
  createdAt: new Date(row.created_at),
});

/**
 * The summary of the records `chosen` selects (a query over `customers c`, ordered and paged as
 * wanted): their visits, payments and suburbs, each read for those records only.
 */
async function summaries(sql: Queryable, chosen: Fragment, now: Date): Promise<SummaryRow[]> {
  return await sql<SummaryRow[]>`
    with chosen as (${chosen})
    select c.id, c.first_name, c.last_name, c.email, c.phone, c.tags, c.notes, c.merged_into, c.created_at,
           v.bookings_count, v.next_visit, v.last_visit, coalesce(p.paid, 0) as lifetime_paid,
           coalesce(s.suburbs, '{}') as suburbs
      from chosen c
      left join lateral (
        select count(*) filter (where b.type = 'BOOKING' and b.status <> 'CANCELLED')::int as bookings_count,
               min(b.start_time) filter (where b.type = 'BOOKING' and b.status in ${placeHolding(sql)}
                                          and b.start_time >= ${now}) as next_visit,
               max(b.start_time) filter (where b.type = 'BOOKING' and b.status in ${placeHolding(sql)}
                                          and b.start_time < ${now}) as last_visit
          from bookings b where b.customer_id = c.id
      ) v on true
      left join lateral (
        select sum(pay.amount) as paid
          from booking_payments pay join bookings b on b.id = pay.booking_id
         where b.customer_id = c.id and pay.voided_at is null
      ) p on true
      left join lateral (
        -- Each suburb once (case and spaces aside), in its latest spelling, most recently used first.
        select array_agg(u.suburb order by u.last_used desc, u.suburb) as suburbs
          from (
            select (array_agg(btrim(x.suburb) order by x.at desc))[1] as suburb, max(x.at) as last_used
              from (
                select b.address_suburb as suburb, b.created_at as at from bookings b where b.customer_id = c.id
                union all
                select i.suburb, i.created_at from inquiries i where i.customer_id = c.id
              ) x
             where btrim(x.suburb) <> ''
             group by lower(btrim(x.suburb))
          ) u
      ) s on true
     ${byName(sql)}`;
}

async function listCustomers(sql: Queryable, filter: CustomerFilter, now: Date, paging?: { limit: number; offset: number }) {
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  return await summaries(sql, sql`select c.* from customers c ${where(sql, filter)} ${byName(sql)} ${page}`, now);
}

async function countCustomers(sql: Queryable, filter: CustomerFilter): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from customers c ${where(sql, filter)}`;
  return row.n;
}

interface CustomerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notes: string;
  tags: string[];
  merged_into: string | null;
  created_at: Date;
}

const toCustomer = (row: CustomerRow): Customer => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  notes: row.notes,
  tags: row.tags,
  mergedInto: row.merged_into,
  createdAt: new Date(row.created_at),
});

const customerColumns = (sql: Queryable) => sql`id, first_name, last_name, email, phone, notes, tags, merged_into, created_at`;

interface BookingLineRow {
  id: string;
  reference: string;
  type: CustomerBooking["type"];
  status: CustomerBooking["status"];
  payment_status: CustomerBooking["paymentStatus"];
  start_time: Date;
  service_name_at_booking: string;
  first_service_total: string;
  paid_to_date: string;
  series_id: string | null;
}

interface AddressRow {
  address_unit: string;
  address_street: string;
  address_suburb: string;
  address_state: AuState;
  address_post_code: string;
}

/** Everything kept about one record, in a few reads of that record's rows only. */
async function customerRecord(sql: Queryable, id: string, now: Date): Promise<CustomerRecordFacts | null> {
  if (!isUuid(id)) return null;
  const [summary] = await summaries(sql, sql`select c.* from customers c where c.id = ${id}`, now);
  if (!summary) return null;
  // One after another: inside a transaction the reads share its one connection.
  const bookings = await sql<BookingLineRow[]>`
      select b.id, b.reference, b.type, b.status, b.payment_status, b.start_time, b.service_name_at_booking,
             b.first_service_total, b.series_id,
             coalesce((select sum(pay.amount) from booking_payments pay
                        where pay.booking_id = b.id and pay.voided_at is null), 0) as paid_to_date
        from bookings b
       where b.customer_id = ${id}
       order by b.start_time desc, b.id`;
  const addresses = await sql<AddressRow[]>`
      select a.address_unit, a.address_street, a.address_suburb, a.address_state, a.address_post_code
        from (
          -- Each address once (case and spaces aside), as last written.
          select distinct on (lower(btrim(address_unit)), lower(btrim(address_street)), lower(btrim(address_suburb)),
                              address_state, btrim(address_post_code))
                 address_unit, address_street, address_suburb, address_state, address_post_code, created_at
            from bookings
           where customer_id = ${id}
           order by lower(btrim(address_unit)), lower(btrim(address_street)), lower(btrim(address_suburb)),
                    address_state, btrim(address_post_code), created_at desc
        ) a
       order by a.created_at desc`;
  const inquiries = await sql<{ id: string; inquiry_type: string; created_at: Date; message: string; archived: boolean }[]>`
      select id, inquiry_type, created_at, message, archived_at is not null as archived
        from inquiries where customer_id = ${id}
       order by created_at desc, id`;
  const series = await sql<{ id: string; status: CustomerSeriesFacts["status"]; frequency_name: string; anchor_ymd: string; start_minutes: number }[]>`
      select id, status, frequency_name, to_char(anchor_date, 'YYYY-MM-DD') as anchor_ymd, start_minutes
        from booking_series where customer_id = ${id}
       order by created_at, id`;
  const duplicates = await sql<{ id: string; first_name: string; last_name: string; email: string; phone: string }[]>`
      select d.id, d.first_name, d.last_name, d.email, d.phone
        from customers c join customers d
          on d.id <> c.id and d.merged_into is null
         and ${phoneKey(sql, sql`d.phone`)} = ${phoneKey(sql, sql`c.phone`)}
       where c.id = ${id} and ${phoneKey(sql, sql`c.phone`)} <> ''
       order by lower(d.last_name), lower(d.first_name), d.id`;
  return {
    summary: toSummary(summary),
    notes: summary.notes,
    mergedInto: summary.merged_into,
    addresses: addresses.map((a): CustomerAddress => ({
      ...(a.address_unit.trim() ? { unit: a.address_unit } : {}),
      street: a.address_street,
      suburb: a.address_suburb,
      state: a.address_state,
      postCode: a.address_post_code,
    })),
    bookings: bookings.map((b): CustomerBooking => ({
      _id: b.id,
      reference: b.reference,
      type: b.type,
      status: b.status,
      paymentStatus: b.payment_status,
      startTime: new Date(b.start_time),
      serviceName: b.service_name_at_booking,
      firstServiceTotal: num(b.first_service_total),
      paidToDate: num(b.paid_to_date),
      seriesId: b.series_id,
    })),
    inquiries: inquiries.map((i) => ({
      _id: i.id,
      inquiryType: i.inquiry_type,
      createdAt: new Date(i.created_at),
      message: i.message,
      archived: i.archived,
    })),
    series: series.map((s) => ({
      _id: s.id,
      status: s.status,
      frequencyName: s.frequency_name,
      anchorDate: s.anchor_ymd,
      startMinutes: s.start_minutes,
    })),
    possibleDuplicates: duplicates.map((d) => ({
      _id: d.id,
      firstName: d.first_name,
      lastName: d.last_name,
      email: d.email,
      phone: phoneOf(d.phone),
    })),
  };
}

function customersTx(tx: Queryable): CustomersTx {
  return {
    async lockCustomers(ids) {
      // One order in every process (ids as lower-case text), each id once: no two merges wait on each other.
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))].sort();
      const locked: Customer[] = [];
      for (const id of wanted) {
        const [row] = await tx<CustomerRow[]>`select ${customerColumns(tx)} from customers where id = ${id} for update`;
        if (row) locked.push(toCustomer(row));
      }
      return locked;
    },
    async updateCustomer(id, changes, at) {
      await tx`
        update customers
           set notes = coalesce(${changes.notes ?? null}, notes),
               tags = coalesce(${changes.tags ? tx.array(changes.tags) : null}::text[], tags),
               phone = coalesce(${changes.phone ?? null}, phone),
               updated_at = ${at}
         where id = ${id}`;
    },
    async mergeInto(survivorId, otherId, at) {
      const bookings = (await tx`update bookings set customer_id = ${survivorId} where customer_id = ${otherId}`).count;
      const inquiries = (await tx`update inquiries set customer_id = ${survivorId} where customer_id = ${otherId}`).count;
      const series = (await tx`update booking_series set customer_id = ${survivorId}, updated_at = ${at} where customer_id = ${otherId}`).count;
      // Records merged into the other earlier now lead straight here, so mergedInto is never a merged record.
      const records = (await tx`update customers set merged_into = ${survivorId}, updated_at = ${at} where merged_into = ${otherId}`).count;
      await tx`update customers set merged_into = ${survivorId}, updated_at = ${at} where id = ${otherId}`;
      return { bookings, inquiries, series, records };
    },
    record: (id, now) => customerRecord(tx, id, now),
    audit: (entry) => recordAudit(tx, entry),
  };
}

/** The customers' store: reads on the pool, changes in one transaction each with their audit rows. */
export function makeCustomersStore(sql: Sql): CustomersStore {
  return {
    list: async (filter, paging, now) => (await listCustomers(sql, filter, now, paging)).map(toSummary),
    count: (filter) => countCustomers(sql, filter),
    listAll: async (filter, now) =>
      (await listCustomers(sql, filter, now)).map((row): CustomerExportRow => ({ ...toSummary(row), notes: row.notes })),
    record: (id, now) => customerRecord(sql, id, now),
    transaction: transactionOver(sql, customersTx),
  };
}
