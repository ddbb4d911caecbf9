/** The team (migration 009): cleaners, who is on which job, and the lock that keeps a cleaner on one job at a time. */
import type { CleanersStore, CleanersTx } from "../../core/cleaners/ports.ts";
import { decideCleanersFree } from "../../core/cleaners/rules.ts";
import type { Cleaner, CleanerCommitment, CleanersJob } from "../../core/cleaners/types.ts";
import { ok, type Result } from "../../core/shared/result.ts";
import { recordAudit } from "./audit-repository.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { transactionOver } from "./transaction.ts";

interface CleanerRow {
  id: string;
  name: string;
  phone: string;
  email: string;
  colour: string;
  active: boolean;
  created_at: Date;
}

const toCleaner = (row: CleanerRow): Cleaner => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  colour: row.colour,
  active: row.active,
  createdAt: new Date(row.created_at),
});

const columns = (sql: Queryable) => sql`id, name, phone, email, colour, active, created_at`;

async function listCleaners(sql: Queryable, options: { includeInactive: boolean }): Promise<Cleaner[]> {
  const rows = await sql<CleanerRow[]>`
    select ${columns(sql)} from cleaners
     where ${options.includeInactive}::boolean or active
     order by lower(name), id`;
  return rows.map(toCleaner);
}

/** The cleaners with these ids that exist, active or not (ids that are no UUID name no one). */
export async function cleanersByIds(sql: Queryable, ids: readonly string[]): Promise<Cleaner[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await sql<CleanerRow[]>`select ${columns(sql)} from cleaners where id in ${sql(wanted)}`;
  return rows.map(toCleaner);
}

/**
 * The advisory locks of one cleaner's jobs: the two-key form, in a space of our own (it never
 * meets the one-key capacity, migration and seed locks), keyed by the id's first 32 bits.
 */
const CLEANER_LOCK_SPACE = 727_311_016;
const cleanerLockKey = (cleanerId: string): number => Number.parseInt(cleanerId.replaceAll("-", "").slice(0, 8), 16) | 0;

/**
 * Inside a transaction: takes the locks of `job`'s cleaners, reads their other place-holding jobs
 * near the visit and decides with the core's rule (decideCleanersFree). The locks are taken in one
 * order (ascending key, each once), so two decisions never wait on each other, and are held until
 * the transaction ends: no other job can take one of these cleaners between this read and the
 * caller's write. Every assignment and every change of a job's time must come through here.
 */
export async function decideCleanersFreeLocked(
  tx: Queryable,
  job: { bookingId: string; cleanerIds: readonly string[]; start: Date; end: Date },
): Promise<Result<null>> {
  // An id that is no UUID names no cleaner: nothing to lock or to find.
  const cleanerIds = [...new Set(job.cleanerIds)].filter(isUuid);
  if (cleanerIds.length === 0) return ok(null);
  const keys = [...new Set(cleanerIds.map(cleanerLockKey))].sort((a, b) => a - b);
  for (const key of keys) await tx`select pg_advisory_xact_lock(${CLEANER_LOCK_SPACE}::int, ${key}::int)`;
  const bookingId = isUuid(job.bookingId) ? job.bookingId : null;
  // Back-to-back jobs are read too (<=, >=): whether touching is a clash is the rule's to say.
  const rows = await tx<{ cleaner_id: string; name: string; booking_id: string; reference: string; start_time: Date; end_time: Date }[]>`
    select bc.cleaner_id, c.name, b.id as booking_id, b.reference, b.start_time, b.end_time
      from booking_cleaners bc
      join bookings b on b.id = bc.booking_id
      join cleaners c on c.id = bc.cleaner_id
     where bc.cleaner_id in ${tx(cleanerIds)}
       and (${bookingId}::uuid is null or b.id <> ${bookingId}::uuid)
       and b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
       and b.start_time <= ${job.end} and b.end_time >= ${job.start}`;
  const names = new Map(rows.map((row) => [row.cleaner_id, row.name]));
  const commitments = rows.map((row): CleanerCommitment => ({
    cleanerId: row.cleaner_id,
    bookingId: row.booking_id,
    reference: row.reference,
    start: new Date(row.start_time),
    end: new Date(row.end_time),
  }));
  const decided: CleanersJob = { bookingId: job.bookingId, cleanerIds, start: job.start, end: job.end };
  return decideCleanersFree(decided, commitments, (id) => names.get(id) ?? "A cleaner");
}

/**
 * Inside a transaction: puts on `visit` those of `cleanerIds` (in that order) who are active and
 * free for its whole time, under their locks (decideCleanersFreeLocked), replacing whoever was on
 * it. The others are returned as `busy` (on another job then) or `inactive`, for the office to see.
 * A regular clean's planned and re-planned visits come through here.
 */
export async function placeCleaners(
  tx: Queryable,
  visit: { bookingId: string; start: Date; end: Date },
  cleanerIds: readonly string[],
): Promise<{ placed: string[]; busy: string[]; inactive: string[] }> {
  const wanted = [...new Set(cleanerIds)].filter(isUuid);
  const activeRows = wanted.length === 0
    ? []
    : await tx<{ id: string }[]>`select id from cleaners where id in ${tx(wanted)} and active`;
  const active = new Set(activeRows.map((row) => row.id));
  const placed: string[] = [];
  const busy: string[] = [];
  for (const cleanerId of wanted.filter((id) => active.has(id))) {
    const free = await decideCleanersFreeLocked(tx, { ...visit, cleanerIds: [cleanerId] });
    (free.ok ? placed : busy).push(cleanerId);
  }
  await tx`delete from booking_cleaners where booking_id = ${visit.bookingId}`;
  for (const [position, cleanerId] of placed.entries()) {
    await tx`insert into booking_cleaners (booking_id, cleaner_id, position) values (${visit.bookingId}, ${cleanerId}, ${position})`;
  }
  return { placed, busy, inactive: wanted.filter((id) => !active.has(id)) };
}

async function rereadBooking(tx: Queryable, id: string) {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

function cleanersTx(tx: Queryable): CleanersTx {
  return {
    async lockCleaner(id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<CleanerRow[]>`select ${columns(tx)} from cleaners where id = ${id} for update`;
      return row ? toCleaner(row) : null;
    },
    async activeColours() {
      const rows = await tx<{ colour: string }[]>`select colour from cleaners where active order by created_at, id`;
      return rows.map((row) => row.colour);
    },
    async insertCleaner(cleaner, at) {
      const [row] = await tx<CleanerRow[]>`
        insert into cleaners (id, name, phone, email, colour, active, created_at, updated_at)
        values (${crypto.randomUUID()}, ${cleaner.name}, ${cleaner.phone}, ${cleaner.email}, ${cleaner.colour},
                ${cleaner.active}, ${at}, ${at})
        returning ${columns(tx)}`;
      return toCleaner(row);
    },
    async updateCleaner(id, changes, at) {
      const [row] = await tx<CleanerRow[]>`
        update cleaners
           set name = coalesce(${changes.name ?? null}, name),
               phone = coalesce(${changes.phone ?? null}, phone),
               email = coalesce(${changes.email ?? null}, email),
               colour = coalesce(${changes.colour ?? null}, colour),
               active = coalesce(${changes.active ?? null}::boolean, active),
               updated_at = ${at}
         where id = ${id}
        returning ${columns(tx)}`;
      if (!row) throw new Error(`cleaner ${id} vanished inside its own transaction`);
      return toCleaner(row);
    },
    async lockBooking(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? rereadBooking(tx, id) : null;
    },
    cleanersByIds: (ids) => cleanersByIds(tx, ids),
    decideCleanersFree: (job) => decideCleanersFreeLocked(tx, job),
    async setBookingCleaners(bookingId, cleanerIds, at) {
      await tx`delete from booking_cleaners where booking_id = ${bookingId}`;
      for (const [position, cleanerId] of cleanerIds.entries()) {
        await tx`insert into booking_cleaners (booking_id, cleaner_id, position) values (${bookingId}, ${cleanerId}, ${position})`;
      }
      await tx`update bookings set updated_at = ${at} where id = ${bookingId}`;
      return rereadBooking(tx, bookingId);
    },
    audit: (entry) => recordAudit(tx, entry),
  };
}

/** The team's store: reads on the pool, changes in one transaction each with their audit rows. */
export function makeCleanersStore(sql: Sql): CleanersStore {
  return {
    list: (options) => listCleaners(sql, options),
    transaction: transactionOver(sql, cleanersTx),
  };
}
