/**
 * A cleaner's week and leave (migration 023, issue 28): the Team screen's reads and writes. The
 * reservation reads the same tables under its locks (reservation_lock_and_read).
 */
import { clockOfMinutes, minutesOfClock, type TimeOff, type WorkingDay } from "../../core/cleaners/team.ts";
import type { CleanerHours, NewTimeOff } from "../../core/cleaners/types.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable } from "./db.ts";

interface HoursRow {
  id: string;
  working_hours_set: boolean;
  days: { weekday: number; start: number; end: number }[];
  time_off: TimeOffRow[];
}

interface TimeOffRow {
  id: string;
  cleaner_id: string;
  from_date: string;
  to_date: string;
  reason: string;
}

const toTimeOff = (row: TimeOffRow): TimeOff => ({
  _id: row.id,
  cleanerId: row.cleaner_id,
  from: row.from_date,
  to: row.to_date,
  reason: row.reason,
});

// to_char: a date column comes back as text in the one format, whatever the driver's date parsing.
const timeOffColumns = (sql: Queryable) =>
  sql`id, cleaner_id, to_char(from_date, 'YYYY-MM-DD') as from_date, to_char(to_date, 'YYYY-MM-DD') as to_date, reason`;

/**
 * Each cleaner's stored week (Sunday first) and their leave that ends on `today` or later (by first
 * day), in one round trip; ids that name no cleaner are left out.
 */
export async function readCleanerHours(sql: Queryable, cleanerIds: readonly string[], today: string): Promise<Map<string, CleanerHours>> {
  const ids = [...new Set(cleanerIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await sql<HoursRow[]>`
    select c.id, c.working_hours_set,
      (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start', h.start_minutes, 'end', h.end_minutes)
                order by h.weekday), '[]'::json)
         from cleaner_working_hours h where h.cleaner_id = c.id) as days,
      (select coalesce(json_agg(json_build_object(
                'id', t.id, 'cleaner_id', t.cleaner_id, 'from_date', to_char(t.from_date, 'YYYY-MM-DD'),
                'to_date', to_char(t.to_date, 'YYYY-MM-DD'), 'reason', t.reason)
                order by t.from_date, t.to_date, t.id), '[]'::json)
         from cleaner_time_off t where t.cleaner_id = c.id and t.to_date >= ${today}::date) as time_off
      from cleaners c where c.id in ${sql(ids)}`;
  return new Map(rows.map((row) => [row.id, {
    workingHoursSet: row.working_hours_set,
    days: row.days.map((day): WorkingDay => ({ weekday: day.weekday, start: clockOfMinutes(day.start), end: clockOfMinutes(day.end) })),
    timeOff: row.time_off.map(toTimeOff),
  }]));
}

/** Inside a transaction: the cleaner's week becomes `days` (one stretch a weekday), and is set. */
export async function replaceWorkingHours(tx: Queryable, cleanerId: string, days: readonly WorkingDay[], at: Date): Promise<void> {
  await tx`delete from cleaner_working_hours where cleaner_id = ${cleanerId}`;
  for (const day of days) {
    await tx`
      insert into cleaner_working_hours (cleaner_id, weekday, start_minutes, end_minutes)
      values (${cleanerId}, ${day.weekday}, ${minutesOfClock(day.start)}, ${minutesOfClock(day.end)})`;
  }
  await tx`update cleaners set working_hours_set = true, updated_at = ${at} where id = ${cleanerId}`;
}

export async function insertTimeOff(tx: Queryable, timeOff: NewTimeOff, at: Date): Promise<TimeOff> {
  const [row] = await tx<TimeOffRow[]>`
    insert into cleaner_time_off (id, cleaner_id, from_date, to_date, reason, created_at)
    values (${crypto.randomUUID()}, ${timeOff.cleanerId}, ${timeOff.from}::date, ${timeOff.to}::date, ${timeOff.reason}, ${at})
    returning ${timeOffColumns(tx)}`;
  return toTimeOff(row);
}

/** Deletes the cleaner's leave `timeOffId`, returning what it was; null when they have none with that id. */
export async function deleteTimeOff(tx: Queryable, cleanerId: string, timeOffId: string): Promise<TimeOff | null> {
  if (!isUuid(timeOffId)) return null;
  const [row] = await tx<TimeOffRow[]>`
    delete from cleaner_time_off where id = ${timeOffId} and cleaner_id = ${cleanerId}
    returning ${timeOffColumns(tx)}`;
  return row ? toTimeOff(row) : null;
}
