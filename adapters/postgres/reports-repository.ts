/**
 * The reports' figures (issue 32) summed in the database: one statement per figure group (the
 * jobs, the ledger, the regular cleans, the cleaners), each reading its range through an index
 * (bookings_start_idx, the ledger's booking_payments_received_idx of migration 029, the
 * assignments' GiST index), so a year over 100,000 bookings stays quick.
 * Money is summed as numeric and rounded to the cent in SQL; the definitions are core's
 * (core/reports/figures.ts), and reports-repository.test.ts holds these queries to them.
 *
 * A range's instants and its weeks' boundaries come from core's Melbourne calendar (weeks.ts):
 * width_bucket puts a start or a payment in its week by those boundaries, so the database's own
 * time-zone data is never asked.
 */
import { defaultWorkingDays, minutesOfClock } from "../../core/cleaners/team.ts";
import { byCleanerOrder, byCountThenReason, byServiceOrder, type ReportQuery } from "../../core/reports/figures.ts";
import type { ReportsStore } from "../../core/reports/ports.ts";
import type { ReportCleanerFigures, ReportServiceFigures, ReportSummary } from "../../core/reports/schemas.ts";
import { rangeInstants, reportWeeks, weekBoundaries } from "../../core/reports/weeks.ts";
import type { Queryable } from "./db.ts";
import { num, numOrNull } from "./rows.ts";

/** What every query of one summary reads: the range as instants and days, and its weeks' boundaries. */
interface Bounds {
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
  /** n + 1 instants for n weeks, as ISO strings for a timestamptz[] parameter. */
  boundaries: string[];
}

/**
 * The range's jobs by week, by service and by cancel reason, and in all (grouping sets), with their
 * ratings, what the DONE ones still owe, and (on the row of all) the customers: one read of the
 * range's rows through bookings_start_idx, which both aggregates share. A service deleted since
 * (its row gone, or deleted_at set) is reported under the name the job was booked with, and no id.
 * Paid to date is bookings.total_paid: the one ledger path keeps it the sum of the booking's
 * entries not voided, in the transaction of every entry (payments-repository saveState), so the
 * ledger is not summed again per job. A customer returns when they had a place-holding job before
 * the range: one probe of bookings_customer_idx per customer.
 */
async function jobFigures(sql: Queryable, b: Bounds) {
  return await sql<{
    grouped_by: "all" | "week" | "service" | "reason";
    week: number | null;
    service_id: string | null;
    service_name: string | null;
    cancel_reason: string | null;
    jobs: number;
    booked: string;
    cancelled: number;
    cancelled_value: string;
    outstanding: string;
    ratings: number;
    average_rating: string | null;
    customers: number | null;
    returning_customers: number | null;
  }[]>`
    with jobs as (
      select b.status in ('PENDING', 'CONFIRMED', 'DONE') as holding,
             b.status = 'CANCELLED' as cancelled,
             b.first_service_total as price,
             case when b.status = 'DONE' then greatest(0, b.first_service_total - coalesce(b.total_paid, 0)) end as owed,
             f.rating,
             b.cancel_reason,
             b.customer_id,
             width_bucket(b.start_time, ${b.boundaries}::timestamptz[]) as week,
             b.service_id,
             b.service_name_at_booking
        from bookings b
        left join booking_feedback f on f.booking_id = b.id and f.rating is not null
       where b.type = 'BOOKING' and b.start_time >= ${b.from} and b.start_time < ${b.to}
    ),
    -- Summed once by every key the sets use (a few hundred groups), named by the catalogue, then
    -- rolled up to each set.
    fine as (
      select week, service_id, service_name_at_booking, cancel_reason,
             count(*) filter (where holding) as jobs,
             sum(price) filter (where holding) as booked,
             count(*) filter (where cancelled) as cancelled,
             sum(price) filter (where cancelled) as cancelled_value,
             sum(owed) as owed,
             count(rating) as ratings,
             sum(rating) as rating_sum
        from jobs
       group by week, service_id, service_name_at_booking, cancel_reason
    ),
    named as (
      select fine.*,
             case when s.id is not null and s.deleted_at is null then s.id end as live_service_id,
             case when s.id is not null and s.deleted_at is null then s.name else fine.service_name_at_booking end as service_name
        from fine
        left join services s on s.id = fine.service_id
    ),
    grouped as (
      select case when grouping(week) = 0 then 'week'
                  when grouping(live_service_id) = 0 then 'service'
                  when grouping(cancel_reason) = 0 then 'reason'
                  else 'all' end as grouped_by,
             week, live_service_id as service_id, service_name, cancel_reason,
             coalesce(sum(jobs), 0)::int as jobs,
             coalesce(sum(booked), 0)::numeric(14, 2)::text as booked,
             coalesce(sum(cancelled), 0)::int as cancelled,
             coalesce(sum(cancelled_value), 0)::numeric(14, 2)::text as cancelled_value,
             coalesce(sum(owed), 0)::numeric(14, 2)::text as outstanding,
             coalesce(sum(ratings), 0)::int as ratings,
             round(sum(rating_sum)::numeric / nullif(sum(ratings), 0), 1)::text as average_rating
        from named
       group by grouping sets ((), (week), (live_service_id, service_name), (cancel_reason))
    ),
    customers as (
      select count(*)::int as customers,
             (count(*) filter (where exists (
               select 1 from bookings e
                where e.customer_id = c.customer_id and e.type = 'BOOKING'
                  and e.status in ('PENDING', 'CONFIRMED', 'DONE') and e.start_time < ${b.from})))::int as returning_customers
        from (select distinct customer_id from jobs where holding and customer_id is not null) c
    )
    select g.*,
           case when g.grouped_by = 'all' then c.customers end as customers,
           case when g.grouped_by = 'all' then c.returning_customers end as returning_customers
      from grouped g cross join customers c`;
}

/** The ledger entries not voided received in the range, by week and in all (refunds are negative). */
async function collectedFigures(sql: Queryable, b: Bounds) {
  return await sql<{ total: boolean; week: number | null; collected: string }[]>`
    select grouping(week) = 1 as total, week,
           coalesce(sum(amount), 0)::numeric(14, 2)::text as collected
      from (select p.amount, width_bucket(p.received_at, ${b.boundaries}::timestamptz[]) as week
              from booking_payments p
             where p.voided_at is null and p.received_at >= ${b.from} and p.received_at < ${b.to}) entries
     group by grouping sets ((), (week))`;
}

/**
 * Σ over ACTIVE series of the template's price per visit × visits per 4 weeks (every n weeks 4/n,
 * every n months 12/13/n), summed per frequency first so only the last step divides; the sum is
 * taken to 10 decimals before the cent, so a true half cent rounds up as core's does.
 */
async function recurringRunRate(sql: Queryable): Promise<number> {
  const [row] = await sql<{ run_rate: string }[]>`
    select coalesce(round(round(sum(case when unit = 'WEEK' then total * 4 / every else total * 12 / (13 * every) end), 10), 2), 0)::text
             as run_rate
      from (select s.repeat_unit as unit, s.repeat_every::numeric as every,
                   sum((s.template ->> 'firstServiceTotal')::numeric) as total
              from booking_series s
             where s.status = 'ACTIVE'
             group by s.repeat_unit, s.repeat_every) by_frequency`;
  return num(row.run_rate);
}

/**
 * Per cleaner (active, or on a place-holding job in the range): those jobs, their booked seconds
 * and the mean of their ratings, read from the assignments' own copy of each job's time and place
 * (migration 018) through the exclusion constraint's GiST index, so no booking row is read; and
 * their working minutes over the range's days: their own week (or the business's default week,
 * passed in) less closed dates and their leave.
 */
async function cleanerFigures(sql: Queryable, b: Bounds, query: ReportQuery) {
  const defaults = defaultWorkingDays(query.scheduling);
  return await sql<{
    id: string;
    name: string;
    jobs: number;
    utilisation: string | null;
    hours: string;
    average: string | null;
  }[]>`
    with on_jobs as (
      select bc.cleaner_id, count(*)::int as jobs,
             sum(extract(epoch from bc.end_time) - extract(epoch from bc.start_time)) as seconds,
             round(sum(f.rating)::numeric / nullif(count(f.rating), 0), 1) as average
        from booking_cleaners bc
        left join booking_feedback f on f.booking_id = bc.booking_id and f.rating is not null
       where bc.holds_place
         and tstzrange(bc.start_time, bc.end_time, '[)') && tstzrange(${b.from}, ${b.to}, '[)')
         and bc.start_time >= ${b.from} and bc.start_time < ${b.to}
       group by bc.cleaner_id
    ),
    -- Worked out once, not again for each cleaner.
    open_days as materialized (
      select d::date as day, extract(dow from d)::int as weekday
        from generate_series(${b.fromDay}::date, ${b.toDay}::date, interval '1 day') as d
       where not exists (select 1 from closed_dates cd where cd.date = d::date)
    ),
    default_week as (
      select * from unnest(${defaults.map((d) => d.weekday)}::int[], ${defaults.map((d) => minutesOfClock(d.start))}::int[],
                           ${defaults.map((d) => minutesOfClock(d.end))}::int[]) as w(weekday, start_minutes, end_minutes)
    ),
    team as materialized (
      select c.id, c.name, c.working_hours_set,
             coalesce(j.jobs, 0) as jobs, coalesce(j.seconds, 0) as seconds, j.average,
             (select coalesce(sum(w.end_minutes - w.start_minutes), 0)::int
                from open_days d
                join (select h.weekday, h.start_minutes, h.end_minutes from cleaner_working_hours h
                       where h.cleaner_id = c.id and c.working_hours_set
                      union all
                      select dw.weekday, dw.start_minutes, dw.end_minutes from default_week dw where not c.working_hours_set) w
                  on w.weekday = d.weekday
               where not exists (select 1 from cleaner_time_off o
                                  where o.cleaner_id = c.id and d.day between o.from_date and o.to_date)) as working_minutes
        from cleaners c
        left join on_jobs j on j.cleaner_id = c.id
       where c.active or j.jobs > 0
    )
    select t.id, t.name, t.jobs,
           round(t.seconds / 3600, 2)::text as hours,
           case when t.working_minutes > 0 then round(t.seconds / (t.working_minutes * 60), 3)::text end as utilisation,
           t.average::text as average
      from team t`;
}

export function makeReportsStore(sql: Queryable): ReportsStore {
  return {
    async summary(query) {
      const weeks = reportWeeks(query);
      const instants = rangeInstants(query);
      const bounds: Bounds = {
        ...instants,
        fromDay: query.from,
        toDay: query.to,
        boundaries: weekBoundaries(weeks).map((instant) => instant.toISOString()),
      };
      // Separate statements, so a pool runs them side by side (PGlite queues them on its one connection).
      const [jobs, ledger, runRate, team] = await Promise.all([
        jobFigures(sql, bounds),
        collectedFigures(sql, bounds),
        recurringRunRate(sql),
        cleanerFigures(sql, bounds, query),
      ]);
      const all = jobs.find((row) => row.grouped_by === "all");
      const jobsOfWeek = new Map(jobs.filter((row) => row.grouped_by === "week").map((row) => [row.week, row]));
      const collectedOfWeek = new Map(ledger.filter((row) => !row.total).map((row) => [row.week, num(row.collected)]));
      const byService: ReportServiceFigures[] = jobs
        .filter((row) => row.grouped_by === "service" && row.jobs > 0)
        .map((row) => ({ serviceId: row.service_id, name: row.service_name ?? "", jobs: row.jobs, booked: num(row.booked) }))
        .sort(byServiceOrder);
      const byCleaner: ReportCleanerFigures[] = team
        .map((row) => ({
          cleanerId: row.id,
          name: row.name,
          jobs: row.jobs,
          hours: num(row.hours),
          utilisation: numOrNull(row.utilisation),
          averageRating: numOrNull(row.average),
        }))
        .sort(byCleanerOrder);
      const summary: ReportSummary = {
        from: query.from,
        to: query.to,
        bookedRevenue: num(all?.booked ?? 0),
        collected: num(ledger.find((row) => row.total)?.collected ?? 0),
        outstanding: num(all?.outstanding ?? 0),
        jobs: all?.jobs ?? 0,
        cancelled: all?.cancelled ?? 0,
        cancelledValue: num(all?.cancelled_value ?? 0),
        cancelReasons: jobs
          .filter((row) => row.grouped_by === "reason" && row.cancelled > 0)
          .map((row) => ({ reason: row.cancel_reason ?? "", count: row.cancelled }))
          .sort(byCountThenReason),
        newCustomers: (all?.customers ?? 0) - (all?.returning_customers ?? 0),
        returningCustomers: all?.returning_customers ?? 0,
        recurringRunRate: runRate,
        // Week i is width_bucket's bucket i (1-based): every week answers, with zeros when empty.
        byWeek: weeks.map((week, i) => {
          const row = jobsOfWeek.get(i + 1);
          return {
            weekStart: week.weekStart,
            booked: num(row?.booked ?? 0),
            collected: collectedOfWeek.get(i + 1) ?? 0,
            jobs: row?.jobs ?? 0,
            cancelled: row?.cancelled ?? 0,
          };
        }),
        byService,
        byCleaner,
        averageRating: numOrNull(all?.average_rating ?? null),
        ratings: all?.ratings ?? 0,
      };
      return summary;
    },
  };
}
