import type { ClosedDatesAdminTransactor } from "../../core/settings/closed-dates.ts";
import type { ClosedDatesStore } from "../../core/settings/ports.ts";
import type { ClosedDate } from "../../core/settings/types.ts";
import { recordAudit } from "./audit-repository.ts";
import type { Queryable, Sql } from "./db.ts";
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

/** The staff's closed-date writes, each in one transaction with its audit rows. */
export function makeClosedDatesAdminTransactor(sql: Sql): ClosedDatesAdminTransactor {
  return {
    run: (work) =>
      runInTransaction(sql, (tx) => work({ closedDates: makeClosedDatesStore(tx), audit: { record: (entry) => recordAudit(tx, entry) } })),
  };
}
