/** Team mode's range read for the calendars (core/booking/capacity/team-availability.ts), in one statement. */
import type { TeamMember, TeamReader } from "../../core/booking/capacity/team-availability.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable } from "./db.ts";

interface MemberRow {
  id: string;
  name: string;
  hours_set: boolean;
  week: Array<{ weekday: number; start: number; end: number }>;
  leave: Array<{ from: string; to: string }>;
  jobs: Array<{ bookingId: string; reference: string; start: number; end: number }>;
}

export function makeTeamReader(sql: Queryable): TeamReader {
  return {
    async teamBetween(from, to, exceptBookingId) {
      const except = exceptBookingId && isUuid(exceptBookingId) ? exceptBookingId : null;
      const rows = await sql<MemberRow[]>`
        select c.id, c.name, c.working_hours_set as hours_set,
          (select coalesce(jsonb_agg(jsonb_build_object('weekday', h.weekday, 'start', h.start_minutes, 'end', h.end_minutes)), '[]'::jsonb)
             from cleaner_working_hours h where h.cleaner_id = c.id) as week,
          (select coalesce(jsonb_agg(jsonb_build_object('from', to_char(t.from_date, 'YYYY-MM-DD'), 'to', to_char(t.to_date, 'YYYY-MM-DD'))), '[]'::jsonb)
             from cleaner_time_off t
            where t.cleaner_id = c.id and t.to_date >= ${melbourneYmd(from)}::date and t.from_date <= ${melbourneYmd(to)}::date) as leave,
          (select coalesce(jsonb_agg(jsonb_build_object(
                    'bookingId', b.id, 'reference', b.reference,
                    'start', (extract(epoch from b.start_time) * 1000)::bigint,
                    'end', (extract(epoch from b.end_time) * 1000)::bigint) order by b.start_time), '[]'::jsonb)
             from booking_cleaners bc join bookings b on b.id = bc.booking_id
            where bc.cleaner_id = c.id and bc.holds_place
              and (${except}::uuid is null or bc.booking_id <> ${except}::uuid)
              and bc.start_time < ${to} and bc.end_time > ${from}) as jobs
          from cleaners c
         where c.active
         order by c.id`;
      return rows.map((row): TeamMember => ({
        cleanerId: row.id,
        name: row.name,
        active: true,
        week: row.hours_set ? new Map(row.week.map((day) => [day.weekday, { start: day.start, end: day.end }])) : null,
        leave: row.leave,
        jobs: row.jobs.map((job) => ({ bookingId: job.bookingId, reference: job.reference, start: new Date(Number(job.start)), end: new Date(Number(job.end)) })),
      }));
    },
  };
}
