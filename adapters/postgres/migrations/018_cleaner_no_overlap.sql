-- Issue 28: the database itself keeps a cleaner on one place-holding job at a time, whatever
-- path writes the job (customer move, series re-plan, staff edit, a path not written yet).
--
-- An exclusion constraint reads one table, so each assignment carries a copy of its job's time
-- and of whether the job holds a place (a BOOKING that is PENDING, CONFIRMED or DONE, core's
-- CAPACITY_HOLDING_STATUSES). Triggers keep the copy in step with the booking inside the same
-- statement, so a move that would put a cleaner on two overlapping jobs fails where it is made
-- (SQLSTATE 23P01 on booking_cleaners_no_overlap; the API answers 409 CLEANER_BUSY). Ranges are
-- half-open, as core's `overlaps` is: back to back (9-12, 12-3) is no clash.
create extension if not exists btree_gist;

alter table booking_cleaners
  add column start_time timestamptz,
  add column end_time timestamptz,
  add column holds_place boolean not null default false;

update booking_cleaners bc
   set start_time = b.start_time,
       end_time = b.end_time,
       holds_place = b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
  from bookings b
 where b.id = bc.booking_id;

-- Two overlapping jobs already sharing a cleaner (a path before this migration let them): the
-- later-made job gives up that cleaner, with an audit row, so the constraint can be added and the
-- office sees who to put back.
with clashes as (
  select distinct later.booking_id, later.cleaner_id
    from booking_cleaners later
    join bookings lb on lb.id = later.booking_id
    join booking_cleaners earlier
      on earlier.cleaner_id = later.cleaner_id
     and earlier.booking_id <> later.booking_id
     and earlier.holds_place
     and earlier.start_time < later.end_time and later.start_time < earlier.end_time
    join bookings eb on eb.id = earlier.booking_id
   where later.holds_place
     and (eb.created_at, eb.id) < (lb.created_at, lb.id)
),
removed as (
  delete from booking_cleaners bc
   using clashes
   where bc.booking_id = clashes.booking_id and bc.cleaner_id = clashes.cleaner_id
  returning bc.booking_id, bc.cleaner_id
)
insert into audit_log (admin_id, admin_email, action, entity, entity_id, before, after)
select null, 'system', 'booking.cleaner_clash_removed', 'booking', removed.booking_id::text,
       jsonb_build_object('cleanerIds', jsonb_build_array(removed.cleaner_id)), jsonb_build_object('cleanerIds', '[]'::jsonb)
  from removed;

alter table booking_cleaners
  alter column start_time set not null,
  alter column end_time set not null,
  add constraint booking_cleaners_no_overlap
    exclude using gist (cleaner_id with =, tstzrange(start_time, end_time, '[)') with &&)
    where (holds_place);

-- A new assignment takes its job's time and place from the booking.
create or replace function booking_cleaners_copy_job() returns trigger language plpgsql as $$
begin
  select b.start_time, b.end_time, b.type = 'BOOKING' and b.status in ('PENDING', 'CONFIRMED', 'DONE')
    into new.start_time, new.end_time, new.holds_place
    from bookings b
   where b.id = new.booking_id;
  return new;
end $$;

create trigger booking_cleaners_copy_job
  before insert or update of booking_id on booking_cleaners
  for each row execute function booking_cleaners_copy_job();

-- A job that moves, or starts or stops holding a place, moves its assignments with it.
create or replace function bookings_sync_cleaners() returns trigger language plpgsql as $$
begin
  update booking_cleaners
     set start_time = new.start_time,
         end_time = new.end_time,
         holds_place = new.type = 'BOOKING' and new.status in ('PENDING', 'CONFIRMED', 'DONE')
   where booking_id = new.id;
  return null;
end $$;

create trigger bookings_sync_cleaners
  after update of start_time, end_time, status, type on bookings
  for each row
  when (old.start_time is distinct from new.start_time
     or old.end_time is distinct from new.end_time
     or old.status is distinct from new.status
     or old.type is distinct from new.type)
  execute function bookings_sync_cleaners();
