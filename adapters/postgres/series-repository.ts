/**
 * The series of regular visits (issue 17) in SQL: a series row (booking_series) and its visits,
 * which are ordinary bookings carrying series_id and series_date.
 *
 * Lock order, everywhere a series changes: the series row (FOR UPDATE), then its visits' rows,
 * then the capacity lock. The customer's skip and cancel-series (manage-my-booking) take the
 * series row first too; a customer's move of one visit locks that visit alone, as any booking's.
 */
import type postgres from "postgres";
import type { BookingRecord, BookingStatus, RecordStatus } from "../../core/booking/types.ts";
import { holdsPlace } from "../../core/booking/status.ts";
import { clockOf, STANDING_VISIT_STATUSES } from "../../core/series/rules.ts";
import type { SeriesStore, SeriesTx } from "../../core/series/ports.ts";
import type { SeriesDetail, SeriesFilter, SeriesSummary } from "../../core/series/schemas.ts";
import type { Series, SeriesTemplate } from "../../core/series/types.ts";
import { addDaysYmd, melbourneInstant, weekdayOfYmd } from "../../core/shared/melbourne-time.ts";
import { recordAudit } from "./audit-repository.ts";
import { cleanersByIds } from "./cleaners-repository.ts";
import { reserveLocked } from "./reservation.ts";
import { planNewSeriesLocked } from "./series-generation.ts";
import { searchCondition } from "./booking-admin-repository.ts";
import { makeBookingReader, saveManageTokenHash } from "./booking-repository.ts";
import { placeHolding, readBookings } from "./booking-columns.ts";
import type { Queryable, Sql } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { num } from "./rows.ts";
import { transactionOver } from "./transaction.ts";

type Fragment = postgres.Fragment;

/** A series' coming visits that hold a place: standing, and not yet done (PENDING, CONFIRMED). */
const COMING_HOLDING: readonly RecordStatus[] = STANDING_VISIT_STATUSES.filter((status) => holdsPlace(status));

/** The instant a Melbourne date starts: SQL compares visits' starts with it (no time zones in SQL). */
const dayStart = (ymd: string): Date => melbourneInstant(ymd, 0, 0);

/**
 * Ends a series from `fromDate` ('YYYY-MM-DD', Melbourne) inside the caller's transaction: locks
 * the series row FOR UPDATE, sets it ENDED with ends_on = fromDate (and raises its version, so a
 * generation holding the old terms writes nothing), and cancels, with `reason` as their cancel
 * reason, its visits from that date on (series date or start on or after it) that are not DONE or
 * already CANCELLED; each cancelled visit keeps its series date (never generated again) and its
 * calendar SEQUENCE rises. Returns the cancelled visits' ids, or null when the series is unknown
 * or already ENDED (nothing is written then). Writes no e-mail and no audit row: the caller does.
 */
export async function endSeriesLocked(
  tx: Queryable,
  seriesId: string,
  fromDate: string,
  reason: string,
): Promise<{ cancelledIds: string[] } | null> {
  if (!isUuid(seriesId)) return null;
  const [series] = await tx<{ status: string }[]>`select status from booking_series where id = ${seriesId} for update`;
  if (!series || series.status === "ENDED") return null;
  await tx`
    update booking_series
       set status = 'ENDED', ends_on = ${fromDate}::date, version = version + 1, updated_at = now()
     where id = ${seriesId}`;
  const cancelledIds = await cancelVisitsFrom(tx, seriesId, fromDate, reason, { keepSeriesDate: true });
  return { cancelledIds };
}

/**
 * Cancels the series' visits from `fromDate` on that still stand (PENDING, CONFIRMED or
 * NEEDS_ATTENTION), in start order; with keepSeriesDate false their series date is cleared, so
 * new terms can fill those dates. Their ids, in start order.
 */
export async function cancelVisitsFrom(
  tx: Queryable,
  seriesId: string,
  fromDate: string,
  reason: string,
  options: { keepSeriesDate: boolean },
): Promise<string[]> {
  const rows = await tx<{ id: string; start_time: Date }[]>`
    update bookings
       set status = 'CANCELLED', cancel_reason = ${reason}, calendar_sequence = calendar_sequence + 1,
           series_date = case when ${options.keepSeriesDate}::boolean then series_date end,
           updated_at = now()
     where series_id = ${seriesId}
       and status in ${tx([...STANDING_VISIT_STATUSES])}
       and (series_date >= ${fromDate}::date or start_time >= ${dayStart(fromDate)})
    returning id, start_time`;
  return rows.toSorted((a, b) => new Date(a.start_time).getTime() - new Date(b.start_time).getTime()).map((row) => row.id);
}

/** What the manage-my-booking page says about the series a booking is a visit of. */
export interface SeriesFacts {
  seriesId: string;
  frequencyName: string;
  status: "ACTIVE" | "PAUSED" | "ENDED";
  /** The starts of the next (up to) 3 place-holding visits after this booking's start. */
  nextVisits: Date[];
}

/**
 * The series of `bookingId` (null for a one-off, or an unknown id): its frequency's name, its
 * status, and the starts of its next 3 place-holding visits (PENDING, CONFIRMED, DONE) starting
 * after that booking, in order.
 */
export async function seriesFactsForBooking(sql: Queryable, bookingId: string): Promise<SeriesFacts | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await sql<{ id: string; frequency_name: string; status: SeriesFacts["status"]; next_visits: string[] }[]>`
    select s.id, s.frequency_name, s.status,
           (select coalesce(json_agg(n.start_time order by n.start_time), '[]'::json)
              from (select v.start_time from bookings v
                     where v.series_id = s.id and v.type = 'BOOKING' and v.status in ${placeHolding(sql)}
                       and v.start_time > b.start_time
                     order by v.start_time limit 3) n) as next_visits
      from bookings b join booking_series s on s.id = b.series_id
     where b.id = ${bookingId}`;
  if (!row) return null;
  return {
    seriesId: row.id,
    frequencyName: row.frequency_name,
    status: row.status,
    nextVisits: row.next_visits.map((start) => new Date(start)),
  };
}

// ---------------------------------------------------------------------------------------------
// The series row

interface SeriesRow {
  id: string;
  status: Series["status"];
  customer_id: string | null;
  first_booking_id: string;
  frequency_code: string;
  frequency_name: string;
  repeat_unit: Series["unit"];
  repeat_every: number;
  anchor_ymd: string;
  start_minutes: number;
  duration_minutes: number;
  template: SeriesTemplate | string;
  ends_ymd: string | null;
  generated_ymd: string | null;
  version: number;
  cleaner_ids: string[] | null;
  created_at: Date;
}

/** Dates as text in the one format, whatever the driver's date parsing. */
const seriesColumns = (sql: Queryable) =>
  sql`s.*, to_char(s.anchor_date, 'YYYY-MM-DD') as anchor_ymd, to_char(s.ends_on, 'YYYY-MM-DD') as ends_ymd,
      to_char(s.generated_through, 'YYYY-MM-DD') as generated_ymd`;

export const toSeries = (row: SeriesRow): Series => ({
  _id: row.id,
  status: row.status,
  customerId: row.customer_id,
  firstBookingId: row.first_booking_id,
  frequencyCode: row.frequency_code,
  frequencyName: row.frequency_name,
  unit: row.repeat_unit,
  every: row.repeat_every,
  anchorDate: row.anchor_ymd,
  startMinutes: row.start_minutes,
  durationMinutes: row.duration_minutes,
  template: typeof row.template === "string" ? JSON.parse(row.template) : row.template,
  endsOn: row.ends_ymd,
  generatedThrough: row.generated_ymd,
  version: row.version,
  cleanerIds: row.cleaner_ids ?? [],
  createdAt: new Date(row.created_at),
});

/** The series, unlocked; null when unknown or malformed. */
export async function getSeries(sql: Queryable, id: string): Promise<Series | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<SeriesRow[]>`select ${seriesColumns(sql)} from booking_series s where s.id = ${id}`;
  return row ? toSeries(row) : null;
}

/** The series, held FOR UPDATE until the transaction ends; null when unknown or malformed. */
export async function lockSeries(tx: Queryable, id: string): Promise<Series | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx<SeriesRow[]>`select ${seriesColumns(tx)} from booking_series s where s.id = ${id} for update`;
  return row ? toSeries(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Generation (adapters/series/series-job.ts decides; these read and write)

/**
 * Claims one ACTIVE series not yet decided through its horizon (seriesHorizonEnd: `horizonWeeks`
 * weeks after today, or after its first visit when later), or the one with `id`, FOR UPDATE SKIP
 * LOCKED: a series another process is generating (or staff are changing) is passed over, so two
 * processes never generate one series at once. Held until the transaction ends.
 */
export async function claimDueSeries(
  tx: Queryable,
  horizon: { today: string; horizonWeeks: number },
  options: { id?: string; passOver?: string[] } = {},
): Promise<Series | null> {
  if (options.id !== undefined && !isUuid(options.id)) return null;
  const [row] = await tx<SeriesRow[]>`
    select ${seriesColumns(tx)} from booking_series s
     where s.status = 'ACTIVE'
       and (s.generated_through is null
            or s.generated_through < greatest(s.anchor_date, ${horizon.today}::date) + ${7 * horizon.horizonWeeks}::integer)
       and (${options.id ?? null}::uuid is null or s.id = ${options.id ?? null}::uuid)
       and not (s.id = any(${options.passOver ?? []}::uuid[]))
     order by s.generated_through nulls first, s.id
     limit 1
     for update of s skip locked`;
  return row ? toSeries(row) : null;
}

/** The status of the booking that started the series. */
export async function firstVisitStatus(sql: Queryable, series: Pick<Series, "firstBookingId">): Promise<RecordStatus | null> {
  const [row] = await sql<{ status: RecordStatus }[]>`select status from bookings where id = ${series.firstBookingId}`;
  return row?.status ?? null;
}

/**
 * For generation: the status of the series' first visit, its row held FOR SHARE, so a staff
 * confirmation of it (which confirms the series' PENDING visits) cannot commit beside this
 * generation and miss the visits it makes. "busy" when another transaction holds that row (a
 * confirmation, a customer's change): generation never waits on a visit's row lock, so it can
 * never deadlock with one; it leaves the series for the next run.
 */
export async function firstVisitStatusForGeneration(
  tx: Queryable,
  series: Pick<Series, "firstBookingId">,
): Promise<RecordStatus | null | "busy"> {
  const [row] = await tx<{ status: RecordStatus }[]>`
    select status from bookings where id = ${series.firstBookingId} for share skip locked`;
  // The first visit is never deleted (the series points at it): no row means it is locked.
  return row?.status ?? "busy";
}

/** The occurrence dates of the series that have a visit already (any status) in [from, through]. */
export async function takenOccurrences(tx: Queryable, seriesId: string, from: string, through: string): Promise<Set<string>> {
  const rows = await tx<{ ymd: string }[]>`
    select to_char(series_date, 'YYYY-MM-DD') as ymd from bookings
     where series_id = ${seriesId} and series_date between ${from}::date and ${through}::date`;
  return new Set(rows.map((row) => row.ymd));
}

/**
 * Records that generation decided the series through `through`, only if its terms are still
 * `version` (and it is still ACTIVE): false means a change came first, and the caller rolls back.
 */
export async function markGenerated(tx: Queryable, seriesId: string, version: number, through: string): Promise<boolean> {
  const rows = await tx`
    update booking_series set generated_through = ${through}::date, updated_at = now()
     where id = ${seriesId} and version = ${version} and status = 'ACTIVE'
    returning id`;
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Staff reads

interface SummaryRow extends SeriesRow {
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  next_id: string | null;
  next_reference: string | null;
  next_start: Date | null;
  next_status: BookingStatus | null;
  needs_attention: number;
  total_items: number;
}

/** The series with its customer now, its next standing visit from `now`, and its visits needing attention. */
const selectSummaries = (sql: Queryable, now: Date) =>
  sql`
    select ${seriesColumns(sql)},
           c.first_name as customer_first_name, c.last_name as customer_last_name,
           c.email as customer_email, c.phone as customer_phone,
           nv.id as next_id, nv.reference as next_reference, nv.start_time as next_start, nv.status as next_status,
           (select count(*) from bookings a where a.series_id = s.id and a.status = 'NEEDS_ATTENTION')::int as needs_attention,
           (count(*) over ())::int as total_items
      from booking_series s
      left join customers c on c.id = s.customer_id
      left join lateral (
        select v.id, v.reference, v.start_time, v.status from bookings v
         where v.series_id = s.id and v.status in ${sql([...STANDING_VISIT_STATUSES])} and v.start_time >= ${now}
         order by v.start_time, v.id limit 1
      ) nv on true`;

function filterOf(sql: Queryable, filter: SeriesFilter): Fragment {
  const conditions: Fragment[] = [sql`true`];
  if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
  if (filter.search) {
    const people = searchCondition(sql, filter.search, {
      firstName: sql`coalesce(c.first_name, s.template ->> 'firstName')`,
      lastName: sql`coalesce(c.last_name, s.template ->> 'lastName')`,
      email: sql`coalesce(c.email, s.template ->> 'email')`,
      suburb: sql`(s.template -> 'address' ->> 'suburb')`,
      phoneDigits: sql`coalesce(nullif(c.phone, ''), s.template ->> 'phone')`,
      id: sql`s.id`,
    });
    const reference = filter.search.reference
      ? sql`exists (select 1 from bookings r where r.series_id = s.id and r.reference = ${filter.search.reference})`
      : sql`false`;
    conditions.push(sql`(${people} or ${reference})`);
  }
  return conditions.reduce((all, part) => sql`${all} and ${part}`);
}

const toSummary = (row: SummaryRow): SeriesSummary => {
  const series = toSeries(row);
  const { template } = series;
  return {
    _id: series._id,
    status: series.status,
    customerId: series.customerId,
    customerName: `${row.customer_first_name ?? template.firstName} ${row.customer_last_name ?? template.lastName}`.trim(),
    email: row.customer_email ?? template.email,
    phone: row.customer_phone || template.phone,
    suburb: template.address.suburb,
    serviceName: template.serviceNameAtBooking,
    frequencyCode: series.frequencyCode,
    frequencyName: series.frequencyName,
    repeatUnit: series.unit,
    repeatEvery: series.every,
    startTime: clockOf(series.startMinutes),
    weekday: weekdayOfYmd(series.anchorDate),
    durationMinutes: series.durationMinutes,
    recurringTotal: num(template.firstServiceTotal),
    anchorDate: series.anchorDate,
    endsOn: series.endsOn,
    firstBookingId: series.firstBookingId,
    nextVisit: row.next_id
      ? { bookingId: row.next_id, reference: row.next_reference as string, startTime: new Date(row.next_start as Date).toISOString(), status: row.next_status as BookingStatus }
      : null,
    needsAttention: row.needs_attention,
    cleanerIds: series.cleanerIds,
    createdAt: series.createdAt.toISOString(),
  };
};

async function listSeries(sql: Queryable, filter: SeriesFilter, paging: { limit: number; page: number }, now: Date) {
  const rows = await sql<SummaryRow[]>`
    ${selectSummaries(sql, now)}
     where ${filterOf(sql, filter)}
     order by s.created_at desc, s.id desc
     limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`;
  // Past the last page there is no row to carry the total: count it.
  const totalItems = rows.length > 0 ? rows[0].total_items : paging.page === 1 ? 0 : (await sql<{ n: number }[]>`
    select count(*)::int as n from booking_series s left join customers c on c.id = s.customer_id where ${filterOf(sql, filter)}`)[0].n;
  return { items: rows.map(toSummary), totalItems };
}

/** A series visit as the detail lists it; a coming place-holding one names the regular cleaners it lacks. */
const toVisit = (series: Pick<Series, "cleanerIds">, now: Date) => (visit: BookingRecord): SeriesDetail["visits"][number] => ({
  _id: visit._id,
  reference: visit.reference,
  seriesDate: visit.seriesDate,
  startTime: visit.startTime.toISOString(),
  endTime: visit.endTime.toISOString(),
  status: visit.status as SeriesDetail["visits"][number]["status"],
  paymentStatus: visit.paymentStatus,
  total: visit.firstServiceTotal,
  cancelReason: visit.cancelReason,
  cleanerIds: visit.cleanerIds,
  missingCleanerIds: (visit.status === "PENDING" || visit.status === "CONFIRMED") && visit.endTime > now
    ? series.cleanerIds.filter((id) => !visit.cleanerIds.includes(id))
    : [],
});

async function visitsOf(sql: Queryable, seriesId: string): Promise<BookingRecord[]> {
  return await readBookings(sql, sql`where b.series_id = ${seriesId} order by b.start_time, b.id`);
}

async function seriesDetail(sql: Queryable, id: string, now: Date): Promise<Omit<SeriesDetail, "horizonWeeks"> | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<SummaryRow[]>`${selectSummaries(sql, now)} where s.id = ${id}`;
  if (!row) return null;
  const series = toSeries(row);
  const { template } = series;
  return {
    ...toSummary(row),
    hours: template.hours,
    bedrooms: template.bedrooms,
    pricingModel: template.pricingModel,
    extras: template.extras,
    address: template.address,
    notes: template.notes,
    visits: (await visitsOf(sql, id)).map(toVisit(series, now)),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff changes

async function reread(tx: Queryable, id: string): Promise<BookingRecord> {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

async function rereadSeries(tx: Queryable, id: string): Promise<Series> {
  const series = await getSeries(tx, id);
  if (!series) throw new Error(`series ${id} vanished inside its own transaction`);
  return series;
}

const rereadAll = (tx: Queryable, ids: string[]) => Promise.all(ids.map((id) => reread(tx, id)));

function seriesTx(tx: Queryable): SeriesTx {
  return {
    lockSeries: (id) => lockSeries(tx, id),
    async lockVisit(seriesId, bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await tx`select id from bookings where id = ${bookingId} and series_id = ${seriesId} for update`;
      return row ? reread(tx, bookingId) : null;
    },
    firstVisitStatus: (series) => firstVisitStatus(tx, series),
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    async skipVisit(bookingId, reason, at) {
      await tx`
        update bookings
           set status = 'CANCELLED', cancel_reason = ${reason}, calendar_sequence = calendar_sequence + 1, updated_at = ${at}
         where id = ${bookingId}`;
      return reread(tx, bookingId);
    },
    async moveVisit(bookingId, move, at) {
      await tx`
        update bookings
           set start_time = ${move.startTime}, end_time = ${move.endTime}, status = ${move.status},
               -- The reminder belonged to the old start: the new one gets its own.
               reminder_sent_at = null, calendar_sequence = calendar_sequence + 1, updated_at = ${at}
         where id = ${bookingId}`;
      return reread(tx, bookingId);
    },
    async cancelVisitsFrom(seriesId, fromDate, reason, options) {
      return rereadAll(tx, await cancelVisitsFrom(tx, seriesId, fromDate, reason, options));
    },
    async saveChange(seriesId, change) {
      const { terms } = change;
      await tx`
        update booking_series
           set frequency_code = ${change.frequencyCode}, frequency_name = ${change.frequencyName},
               repeat_unit = ${terms.unit}, repeat_every = ${terms.every}, anchor_date = ${terms.anchorDate}::date,
               start_minutes = ${terms.startMinutes}, duration_minutes = ${terms.durationMinutes},
               template = ${tx.json(JSON.parse(JSON.stringify(change.template)))},
               first_visit_total = coalesce(${change.firstVisitTotal ?? null}::numeric, first_visit_total),
               generated_through = ${addDaysYmd(terms.anchorDate, -1)}::date,
               version = version + 1, updated_at = now()
         where id = ${seriesId}`;
      return rereadSeries(tx, seriesId);
    },
    async pause(seriesId) {
      await tx`update booking_series set status = 'PAUSED', version = version + 1, updated_at = now() where id = ${seriesId}`;
      return rereadSeries(tx, seriesId);
    },
    async resume(seriesId, fromDate) {
      await tx`
        update booking_series
           set status = 'ACTIVE', generated_through = ${addDaysYmd(fromDate, -1)}::date, version = version + 1, updated_at = now()
         where id = ${seriesId}`;
      return rereadSeries(tx, seriesId);
    },
    async end(seriesId, fromDate, reason) {
      const ended = await endSeriesLocked(tx, seriesId, fromDate, reason);
      if (!ended) throw new Error(`series ${seriesId} could not be ended inside the transaction that locked it`);
      return rereadAll(tx, ended.cancelledIds);
    },
    async setCleaners(seriesId, cleanerIds) {
      await tx`update booking_series set cleaner_ids = ${[...cleanerIds]}::uuid[], updated_at = now() where id = ${seriesId}`;
      return rereadSeries(tx, seriesId);
    },
    cleanersByIds: (ids) => cleanersByIds(tx, ids),
    async comingVisits(seriesId, from) {
      const rows = await tx<{ id: string }[]>`
        select id from bookings
         where series_id = ${seriesId} and type = 'BOOKING' and status in ${tx([...COMING_HOLDING])} and start_time >= ${from}
         order by start_time, id
           for update`;
      return rereadAll(tx, rows.map((row) => row.id));
    },
    planVisits: (seriesId, now) => planNewSeriesLocked(tx, seriesId, now),
    saveManageTokenHash: (bookingId, tokenHash) => saveManageTokenHash(tx, bookingId, tokenHash),
    enqueueEmail: (message) => enqueueEmail(tx, message),
    audit: (entry) => recordAudit(tx, entry),
  };
}

/** The series store of the staff calls (core/series/admin.ts). */
export function makeSeriesStore(sql: Sql): SeriesStore {
  return {
    getById: (id) => getSeries(sql, id),
    list: (query, now) => listSeries(sql, query.filter, query, now),
    getDetail: (id, now) => seriesDetail(sql, id, now),
    transaction: transactionOver(sql, seriesTx),
  };
}
