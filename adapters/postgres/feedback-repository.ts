/**
 * Feedback after each job (issue 32) in SQL: booking_feedback (migration 029), one row per job,
 * keyed by the hash of its link's token; the feedback settings as one JSON value in `settings`,
 * as the other settings are kept (settings-repository.ts).
 */
import type {
  CleanerRating,
  Feedback,
  FeedbackJob,
  FeedbackSettingsStore,
  FeedbackSettingsTransactor,
  FeedbackStore,
  FeedbackTx,
  RatedJob,
  RatedJobsQuery,
} from "../../core/feedback/ports.ts";
import type { FeedbackRequestRow } from "../../core/feedback/rules.ts";
import { FEEDBACK_SETTINGS_DEFAULTS, FEEDBACK_SETTINGS_KEY, type FeedbackSettings } from "../../core/feedback/settings.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { dateOrNull } from "./rows.ts";
import { runInTransaction, transactionOver } from "./transaction.ts";

/** Serialises the feedback settings' saves (read, compare, write, audit), as the other settings' are. */
const FEEDBACK_SETTINGS_LOCK_KEY = 727_311_032;

interface FeedbackRow {
  booking_id: string;
  requested_at: Date;
  expires_at: Date;
  request_count: number;
  requested_by_admin_id: string | null;
  rating: number | null;
  comment: string;
  rated_at: Date | null;
}

const FEEDBACK_COLUMNS = "booking_id, requested_at, expires_at, request_count, requested_by_admin_id, rating, comment, rated_at";

const toFeedback = (row: FeedbackRow): Feedback => ({
  bookingId: row.booking_id,
  requestedAt: new Date(row.requested_at),
  expiresAt: new Date(row.expires_at),
  requestCount: Number(row.request_count),
  requestedByAdminId: row.requested_by_admin_id,
  rating: row.rating === null ? null : Number(row.rating),
  comment: row.comment,
  ratedAt: dateOrNull(row.rated_at),
});

/** A job's first request: written unless the job has one, which is kept (a job is asked once automatically). */
export async function saveFirstFeedbackRequest(sql: Queryable, request: FeedbackRequestRow): Promise<boolean> {
  const rows = await sql`
    insert into booking_feedback (booking_id, token_hash, requested_at, expires_at)
    values (${request.bookingId}, ${request.tokenHash}, ${request.requestedAt}, ${request.expiresAt})
    on conflict (booking_id) do nothing
    returning booking_id`;
  return rows.length > 0;
}

/** Who cleaned a job, by name, in the order staff gave them. */
async function cleanerNamesOf(sql: Queryable, bookingId: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select c.name from booking_cleaners bc join cleaners c on c.id = bc.cleaner_id
     where bc.booking_id = ${bookingId} order by bc.position`;
  return rows.map((row) => row.name);
}

async function bookingOf(sql: Queryable, id: string): Promise<BookingRecord> {
  const booking = await makeBookingReader(sql).getById(id);
  // The row references its booking, deleted with it (on delete cascade).
  if (!booking) throw new Error(`booking ${id} of a feedback row vanished`);
  return booking;
}

/** The feedback a token's hash opens, with its job; `lock` holds the row until the transaction ends. */
async function jobByTokenHash(sql: Queryable, tokenHash: string, lock: boolean): Promise<FeedbackJob | null> {
  const [row] = await sql<FeedbackRow[]>`
    select ${sql.unsafe(FEEDBACK_COLUMNS)} from booking_feedback where token_hash = ${tokenHash} ${lock ? sql`for update` : sql``}`;
  if (!row) return null;
  // One after the other: on a transaction's connection the reads queue anyway.
  const booking = await bookingOf(sql, row.booking_id);
  return { booking, feedback: toFeedback(row), cleanerNames: await cleanerNamesOf(sql, row.booking_id) };
}

function feedbackTx(tx: Queryable): FeedbackTx {
  return {
    lockByTokenHash: (tokenHash) => jobByTokenHash(tx, tokenHash, true),
    async lockBooking(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [locked] = await tx`select id from bookings where id = ${bookingId} for update`;
      if (!locked) return null;
      const [row] = await tx<FeedbackRow[]>`
        select ${tx.unsafe(FEEDBACK_COLUMNS)} from booking_feedback where booking_id = ${bookingId} for update`;
      const booking = await bookingOf(tx, bookingId);
      return { booking, feedback: row ? toFeedback(row) : null, cleanerNames: await cleanerNamesOf(tx, bookingId) };
    },
    async saveRating(bookingId, { rating, comment, ratedAt }) {
      const [row] = await tx<FeedbackRow[]>`
        update booking_feedback set rating = ${rating}, comment = ${comment}, rated_at = ${ratedAt}
         where booking_id = ${bookingId}
        returning ${tx.unsafe(FEEDBACK_COLUMNS)}`;
      return toFeedback(row);
    },
    async replaceRequest(request, requestedByAdminId) {
      const [row] = await tx<FeedbackRow[]>`
        insert into booking_feedback (booking_id, token_hash, requested_at, expires_at, requested_by_admin_id)
        values (${request.bookingId}, ${request.tokenHash}, ${request.requestedAt}, ${request.expiresAt}, ${requestedByAdminId})
        on conflict (booking_id) do update
           set token_hash = excluded.token_hash, requested_at = excluded.requested_at, expires_at = excluded.expires_at,
               request_count = booking_feedback.request_count + 1, requested_by_admin_id = excluded.requested_by_admin_id
        returning ${tx.unsafe(FEEDBACK_COLUMNS)}`;
      return toFeedback(row);
    },
    enqueueEmail: (message) => enqueueEmail(tx, message),
    audit: (entry) => recordAudit(tx, entry),
  };
}

interface RatedRow {
  booking_id: string;
  reference: string;
  first_name: string;
  last_name: string;
  start_time: Date;
  service_name_at_booking: string;
  rating: number;
  comment: string;
  rated_at: Date;
  cleaner_names: string[];
  ratings: number;
  average: string | null;
}

/** An average as SQL rounds it (numeric, half away from zero) to 1 decimal; null for none. */
const averageOf = (value: string | number | null): number | null => (value === null ? null : Number(value));

async function ratedJobs(sql: Queryable, query: RatedJobsQuery) {
  // An id that is no uuid selects nothing: no row has it.
  if ((query.customerId !== undefined && !isUuid(query.customerId)) || (query.cleanerId !== undefined && !isUuid(query.cleanerId))) {
    return { items: [], averageRating: null, ratings: 0 };
  }
  const ofCustomer = query.customerId === undefined ? sql`` : sql`and b.customer_id = ${query.customerId}`;
  const ofCleaner = query.cleanerId === undefined
    ? sql``
    : sql`and exists (select 1 from booking_cleaners bc where bc.booking_id = f.booking_id and bc.cleaner_id = ${query.cleanerId})`;
  // The count and average over every matching rating, beside the page (window functions run before the limit).
  const rows = await sql<RatedRow[]>`
    select f.booking_id, b.reference, b.first_name, b.last_name, b.start_time, b.service_name_at_booking,
           f.rating, f.comment, f.rated_at,
           array(select c.name from booking_cleaners bc join cleaners c on c.id = bc.cleaner_id
                  where bc.booking_id = f.booking_id order by bc.position) as cleaner_names,
           (count(*) over ())::int as ratings,
           round((avg(f.rating) over ())::numeric, 1)::text as average
      from booking_feedback f join bookings b on b.id = f.booking_id
     where f.rating is not null ${ofCustomer} ${ofCleaner}
     order by f.rated_at desc, f.booking_id
     limit ${query.limit}`;
  const items: RatedJob[] = rows.map((row) => ({
    bookingId: row.booking_id,
    reference: row.reference,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    startTime: new Date(row.start_time),
    serviceName: row.service_name_at_booking,
    rating: Number(row.rating),
    comment: row.comment,
    ratedAt: new Date(row.rated_at),
    cleanerNames: row.cleaner_names ?? [],
  }));
  return { items, averageRating: rows.length > 0 ? averageOf(rows[0].average) : null, ratings: rows.length > 0 ? Number(rows[0].ratings) : 0 };
}

async function cleanerRatings(sql: Queryable): Promise<CleanerRating[]> {
  const rows = await sql<{ cleaner_id: string; ratings: number; average: string }[]>`
    select bc.cleaner_id, count(*)::int as ratings, round(avg(f.rating)::numeric, 1)::text as average
      from booking_feedback f
      join booking_cleaners bc on bc.booking_id = f.booking_id
      join cleaners c on c.id = bc.cleaner_id
     where f.rating is not null
     group by bc.cleaner_id, c.name
     order by lower(c.name), bc.cleaner_id`;
  return rows.map((row) => ({ cleanerId: row.cleaner_id, averageRating: Number(row.average), ratings: Number(row.ratings) }));
}

export function makeFeedbackStore(sql: Sql): FeedbackStore {
  return {
    byTokenHash: (tokenHash) => jobByTokenHash(sql, tokenHash, false),
    async forBooking(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await sql<(Partial<FeedbackRow> & { id: string })[]>`
        select b.id, ${sql.unsafe(FEEDBACK_COLUMNS.split(", ").map((column) => `f.${column}`).join(", "))}
          from bookings b left join booking_feedback f on f.booking_id = b.id
         where b.id = ${bookingId}`;
      if (!row) return null;
      return { feedback: row.booking_id ? toFeedback(row as FeedbackRow) : null };
    },
    ratedJobs: (query) => ratedJobs(sql, query),
    cleanerRatings: () => cleanerRatings(sql),
    transaction: transactionOver(sql, feedbackTx),
  };
}

/** The settings as stored, over the defaults, so a setting added later reads its default on an old row. */
export function makeFeedbackSettingsStore(sql: Queryable): FeedbackSettingsStore {
  return {
    async get() {
      const [row] = await sql<{ value: Partial<FeedbackSettings> }[]>`select value from settings where key = ${FEEDBACK_SETTINGS_KEY}`;
      return { ...FEEDBACK_SETTINGS_DEFAULTS, ...row?.value };
    },
    async save(settings) {
      await sql`
        insert into settings (key, value) values (${FEEDBACK_SETTINGS_KEY}, ${sql.json(settings as never)})
        on conflict (key) do update set value = excluded.value, updated_at = now()`;
      return settings;
    },
  };
}

export function makeFeedbackSettingsTransactor(sql: Sql): FeedbackSettingsTransactor {
  return {
    run: (work) =>
      runInTransaction(sql, async (tx) => {
        await tx`select pg_advisory_xact_lock(${FEEDBACK_SETTINGS_LOCK_KEY})`;
        return await work({ settings: makeFeedbackSettingsStore(tx), audit: { record: (entry) => recordAudit(tx, entry) } });
      }),
  };
}
