import type { ClosedDatesAdminTransactor, ClosingDayJobs, SetAsideJob } from "../../core/workflows/close-day.ts";
import type { ClosedDatesStore } from "../../core/settings/ports.ts";
import type { ClosedDate } from "../../core/settings/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { capacityLockDays } from "./booking-write.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { runInTransaction } from "./transaction.ts";

interface ClosedDateRow {
  date: string;
  label: string;
}

// to_char: a date column comes back as text in the one format, whatever the driver's date parsing.
const columns = (sql: Queryable) => sql`to_char(date, 'YYYY-MM-DD') as date, label`;

/** The closed_dates table (migration 006). */
export function makeClosedDatesStore(sql: Queryable): ClosedDatesStore {
  return {
    list: async (range = {}) => {
      const rows = await sql<ClosedDateRow[]>`
        select ${columns(sql)} from closed_dates
         where (${range.from ?? null}::date is null or date >= ${range.from ?? null}::date)
           and (${range.to ?? null}::date is null or date <= ${range.to ?? null}::date)
         order by date`;
      return rows.map((row): ClosedDate => ({ date: row.date, label: row.label }));
    },
    get: async (date) => {
      const [row] = await sql<ClosedDateRow[]>`select ${columns(sql)} from closed_dates where date = ${date}::date`;
      return row ? { date: row.date, label: row.label } : null;
    },
    add: async ({ date, label }) => {
      const rows = await sql`
        insert into closed_dates (date, label) values (${date}::date, ${label})
        on conflict (date) do nothing returning date`;
      return rows.length === 1;
    },
    remove: async (date) => {
      const [row] = await sql<ClosedDateRow[]>`
        delete from closed_dates where date = ${date}::date returning ${columns(sql)}`;
      return row ? { date: row.date, label: row.label } : null;
    },
  };
}

/** The advisory-lock class of the reservation's day locks (reservation_lock, migration 023). */
const CAPACITY_DAY_LOCK_CLASS = 727311002;

/**
 * Issue 28: the jobs of a day being closed, inside the closing's transaction. First the rows found
 * now are locked (a path that moves a job locks its row before any day, so this order never waits
 * crosswise with one); then the day's capacity lock, which a booking deciding on the day holds
 * until it commits; then a fresh read and write that sees every booking committed meanwhile.
 */
export function makeClosingDayJobs(tx: Queryable): ClosingDayJobs {
  return {
    setAside: async ({ from, to }, statuses, at) => {
      const held = [...statuses];
      await tx`
        select id from bookings
         where type = 'BOOKING' and status in ${tx(held)} and start_time >= ${from} and start_time < ${to}
         order by id for update`;
      for (const day of capacityLockDays({ from, to: from })) {
        await tx`select pg_advisory_xact_lock(${CAPACITY_DAY_LOCK_CLASS}, ${day}::integer)`;
      }
      const rows = await tx<
        { id: string; reference: string; first_name: string; last_name: string; start_time: Date; end_time: Date; status: string }[]
      >`
        with found as (
          select id, status from bookings
           where type = 'BOOKING' and status in ${tx(held)} and start_time >= ${from} and start_time < ${to}
           for update
        )
        update bookings b set status = 'NEEDS_ATTENTION', updated_at = ${at}
          from found where b.id = found.id
        returning b.id, b.reference, b.first_name, b.last_name, b.start_time, b.end_time, found.status`;
      return rows
        .map((row): SetAsideJob => ({
          _id: row.id,
          reference: row.reference,
          firstName: row.first_name,
          lastName: row.last_name,
          startTime: new Date(row.start_time),
          endTime: new Date(row.end_time),
          status: row.status as SetAsideJob["status"],
        }))
        .sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || (a._id < b._id ? -1 : 1));
    },
  };
}

/** The staff's closed-date writes, each in one transaction with its audit rows, set-aside jobs and e-mail. */
export function makeClosedDatesAdminTransactor(sql: Sql): ClosedDatesAdminTransactor {
  return {
    run: (work) =>
      runInTransaction(sql, (tx) =>
        work({
          closedDates: makeClosedDatesStore(tx),
          audit: { record: (entry) => recordAudit(tx, entry) },
          jobs: makeClosingDayJobs(tx),
          enqueueEmail: (message) => enqueueEmail(tx, message),
        })),
  };
}
