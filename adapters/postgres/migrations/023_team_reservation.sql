-- Issue 28: the team as capacity, and one reservation read for every path.

-- A cleaner's week. Until staff set it (working_hours_set), a cleaner works the business's open
-- weekdays from the first slot to the close of the day (core/cleaners/team.ts says so in one place).
alter table cleaners add column working_hours_set boolean not null default false;

-- One stretch a weekday (0 = Sunday), in minutes after Melbourne midnight, end exclusive.
create table cleaner_working_hours (
  cleaner_id uuid not null references cleaners (id) on delete cascade,
  weekday smallint not null check (weekday between 0 and 6),
  start_minutes integer not null check (start_minutes between 0 and 1439),
  end_minutes integer not null check (end_minutes > start_minutes and end_minutes <= 1440),
  primary key (cleaner_id, weekday)
);

-- Leave: whole Melbourne days, both ends included.
create table cleaner_time_off (
  id uuid primary key,
  cleaner_id uuid not null references cleaners (id) on delete cascade,
  from_date date not null,
  to_date date not null check (to_date >= from_date),
  reason text not null default '' check (length(reason) <= 200),
  created_at timestamptz not null default now()
);
create index cleaner_time_off_cleaner_idx on cleaner_time_off (cleaner_id, to_date);

-- The one order of the reservation's locks: the capacity day locks (ascending), then the cleaner
-- locks (ascending; the cleaners named, and with every_active each active cleaner, for team mode's
-- choice). A transaction that reserves several visits takes them all first, through this.
create or replace function reservation_lock(lock_days integer[], cleaner_ids uuid[], every_active boolean)
returns uuid[]
language plpgsql volatile as $$
declare
  day integer;
  lock_key integer;
  locked uuid[];
begin
  for day in select distinct d from unnest(lock_days) as d order by d loop
    perform pg_advisory_xact_lock(727311002, day);
  end loop;
  locked := coalesce(cleaner_ids, '{}'::uuid[]);
  if every_active then
    locked := locked || array(select c.id from cleaners c where c.active);
  end if;
  -- The key of cleanerLockKey in cleaners-repository.ts: the id's first 32 bits, signed.
  for lock_key in
    select distinct ('x' || left(replace(c::text, '-', ''), 8))::bit(32)::integer as k
      from unnest(locked) as c order by k
  loop
    perform pg_advisory_xact_lock(727311016, lock_key);
  end loop;
  return locked;
end;
$$;

-- The one reservation's locks and read, in one round trip (adapters/postgres/reservation.ts):
-- reservation_lock, then what core decides on:
--   'visit'   the place-holding visits that can count against the capacity claim (as
--             capacity_lock_and_read, migration 015);
--   'closed'  the closed dates of the visit's days, read under the day locks that closing a day
--             takes too;
--   'cleaner' each locked cleaner: active, the day's working hours, leave, and their other
--             place-holding jobs that day (epoch milliseconds);
--   'regular' the cleaners of the customer's last booking with cleaners (team mode's first choice).
create or replace function reservation_lock_and_read(
  lock_days integer[], from_ts timestamptz, to_ts timestamptz, except_id uuid,
  starts_after timestamptz, ends_after timestamptz,
  closed_from date, closed_to date,
  cleaner_ids uuid[], every_active boolean,
  visit_date date, visit_weekday integer, day_from timestamptz, day_to timestamptz,
  customer_email_key text
) returns table (kind text, start_time timestamptz, end_time timestamptz, info jsonb)
language plpgsql volatile as $$
declare
  locked uuid[];
begin
  locked := reservation_lock(lock_days, cleaner_ids, every_active);

  if from_ts is not null then
    return query
      select 'visit'::text, b.start_time, b.end_time, null::jsonb from bookings b
       where b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
         and b.start_time between from_ts and to_ts
         and (b.start_time > starts_after or b.end_time > ends_after)
         and (except_id is null or b.id <> except_id);
  end if;

  return query
    select 'closed'::text, null::timestamptz, null::timestamptz,
           jsonb_build_object('date', to_char(cd.date, 'YYYY-MM-DD'), 'label', cd.label)
      from closed_dates cd where cd.date between closed_from and closed_to;

  if cardinality(locked) > 0 then
    return query
      select 'cleaner'::text, null::timestamptz, null::timestamptz, jsonb_build_object(
               'id', c.id, 'name', c.name, 'active', c.active, 'hoursSet', c.working_hours_set,
               'hours', (select jsonb_build_object('start', h.start_minutes, 'end', h.end_minutes)
                           from cleaner_working_hours h
                          where h.cleaner_id = c.id and h.weekday = visit_weekday),
               'timeOff', exists (select 1 from cleaner_time_off t
                                   where t.cleaner_id = c.id and visit_date between t.from_date and t.to_date),
               'jobs', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'bookingId', b.id, 'reference', b.reference,
                          'start', (extract(epoch from b.start_time) * 1000)::bigint,
                          'end', (extract(epoch from b.end_time) * 1000)::bigint) order by b.start_time)
                   from booking_cleaners bc join bookings b on b.id = bc.booking_id
                  where bc.cleaner_id = c.id and bc.holds_place
                    and (except_id is null or bc.booking_id <> except_id)
                    and bc.start_time < day_to and bc.end_time > day_from), '[]'::jsonb))
        from cleaners c where c.id = any (locked);
  end if;

  -- The customer by their record (customer-match.ts's key, following a merge): bookings_customer_idx.
  if customer_email_key is not null and customer_email_key <> '' then
    return query
      select 'regular'::text, null::timestamptz, null::timestamptz,
             coalesce(jsonb_agg(bc.cleaner_id order by bc.position), '[]'::jsonb)
        from booking_cleaners bc
       where bc.booking_id = (
               select b.id from bookings b
                where b.customer_id = (
                        select coalesce(cu.merged_into, cu.id) from customers cu
                         where cu.email_key = customer_email_key
                         order by (cu.merged_into is null) desc, cu.updated_at desc limit 1)
                  and b.type = 'BOOKING'
                  and (except_id is null or b.id <> except_id)
                  and exists (select 1 from booking_cleaners x where x.booking_id = b.id)
                order by b.start_time desc limit 1);
  end if;
end;
$$;
