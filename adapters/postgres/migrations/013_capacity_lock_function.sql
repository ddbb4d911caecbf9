-- Issue 18: the capacity decision's lock and read in one round trip, keyed by the Melbourne days
-- a visit can conflict on instead of one lock for the whole business.
--
-- Takes the advisory locks of `lock_days` (in ascending order, so two decisions never wait on
-- each other crosswise) and then reads the place-holding visits starting in [from_ts, to_ts],
-- leaving out `except_id`. The function is VOLATILE, so its read takes a fresh snapshot after
-- the locks are held and sees every booking committed by the decision it waited for.
create or replace function capacity_lock_and_read(
  lock_days integer[], from_ts timestamptz, to_ts timestamptz, except_id uuid
) returns table (start_time timestamptz, end_time timestamptz)
language plpgsql volatile as $$
declare
  day integer;
begin
  for day in select distinct d from unnest(lock_days) as d order by d loop
    perform pg_advisory_xact_lock(727311002, day);
  end loop;
  return query
    select b.start_time, b.end_time from bookings b
     where b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
       and b.start_time between from_ts and to_ts
       and (except_id is null or b.id <> except_id);
end;
$$;
