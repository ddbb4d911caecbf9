/**
 * The team (migration 009): cleaners and who is on which job. A cleaner's locks and the rule that
 * keeps them on one job at a time are the one reservation's (reservation.ts, migration 023).
 */
import type { CleanersStore, CleanersTx } from "../../core/cleaners/ports.ts";
import type { AssignCleanersTx } from "../../core/booking/staff/assign-cleaners.ts";
import type { Cleaner } from "../../core/cleaners/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import type { InTransaction } from "../../core/shared/ports.ts";
import { deleteTimeOff, insertTimeOff, readCleanerHours, replaceWorkingHours } from "./team-repository.ts";
import { transactionOver } from "./transaction.ts";
import { reserveLocked } from "./reservation.ts";
import { endCleanerSessions } from "./admin-sessions-repository.ts";

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

async function rereadBooking(tx: Queryable, id: string) {
  const record = await makeBookingReader(tx).getById(id);
  if (!record) throw new Error(`booking ${id} vanished inside its own transaction`);
  return record;
}

/** The team's changes and the booking's assignment (core/booking/staff/assign-cleaners.ts) share one transaction shape. */
type TeamTx = CleanersTx & AssignCleanersTx;

function cleanersTx(tx: Queryable): TeamTx {
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
    endLoginSessions: (cleanerId) => endCleanerSessions(tx, cleanerId),
    async lockBooking(id) {
      if (!isUuid(id)) return null;
      const [locked] = await tx`select id from bookings where id = ${id} for update`;
      return locked ? rereadBooking(tx, id) : null;
    },
    cleanersByIds: (ids) => cleanersByIds(tx, ids),
    reserve: (reservation, write) => reserveLocked(tx, reservation, write),
    async setBookingCleaners(bookingId, cleanerIds, at) {
      await tx`delete from booking_cleaners where booking_id = ${bookingId}`;
      for (const [position, cleanerId] of cleanerIds.entries()) {
        await tx`insert into booking_cleaners (booking_id, cleaner_id, position) values (${bookingId}, ${cleanerId}, ${position})`;
      }
      await tx`update bookings set updated_at = ${at} where id = ${bookingId}`;
      return rereadBooking(tx, bookingId);
    },
    audit: (entry) => recordAudit(tx, entry),
    hoursOf: (ids, today) => readCleanerHours(tx, ids, today),
    replaceWorkingHours: (cleanerId, days, at) => replaceWorkingHours(tx, cleanerId, days, at),
    insertTimeOff: (timeOff, at) => insertTimeOff(tx, timeOff, at),
    deleteTimeOff: (cleanerId, timeOffId) => deleteTimeOff(tx, cleanerId, timeOffId),
  };
}

/** The team's store: reads on the pool, changes in one transaction each with their audit rows. */
export function makeCleanersStore(sql: Sql): Omit<CleanersStore, "transaction"> & { transaction: InTransaction<TeamTx> } {
  return {
    list: (options) => listCleaners(sql, options),
    transaction: transactionOver(sql, cleanersTx),
    hoursOf: (ids, today) => readCleanerHours(sql, ids, today),
  };
}
