-- Issue 31: cleaners on the job. One row per job and cleaner once they tap "On my way", "Check in"
-- or "Check out" (server times), or once the office corrects a time. The row outlives the cleaner's
-- place on the job (taken off later, the time worked is still paid).
create table job_attendance (
  booking_id uuid not null references bookings (id) on delete cascade,
  cleaner_id uuid not null references cleaners (id),
  on_my_way_at timestamptz,
  check_in_at timestamptz,
  check_in_note text not null default '' check (length(check_in_note) <= 1000),
  check_in_lat double precision check (check_in_lat between -90 and 90),
  check_in_lng double precision check (check_in_lng between -180 and 180),
  check_out_at timestamptz,
  check_out_note text not null default '' check (length(check_out_note) <= 1000),
  check_out_lat double precision check (check_out_lat between -90 and 90),
  check_out_lng double precision check (check_out_lng between -180 and 180),
  -- The office's last correction of a time (the audit log keeps each one, before and after).
  corrected_by_admin_id uuid references admins (id) on delete set null,
  corrected_at timestamptz,
  primary key (booking_id, cleaner_id),
  -- Out only after in: the taps' order (core/team/rules.ts) and the office's corrections hold it.
  check (check_out_at is null or (check_in_at is not null and check_out_at >= check_in_at)),
  check ((check_in_lat is null) = (check_in_lng is null)),
  check ((check_out_lat is null) = (check_out_lng is null))
);
-- Timesheets and the schedule read a cleaner's rows by job; payroll by when they checked in.
create index job_attendance_cleaner_idx on job_attendance (cleaner_id, check_in_at);
create index job_attendance_check_in_idx on job_attendance (check_in_at) where check_in_at is not null;

-- What a cleaner ticks off on the job (issue 31): the service's checklist, at most 30 lines of
-- 1 to 120 characters (core/catalog/schemas.ts). Staff calls carry it; the public catalogue does not.
alter table services add column checklist text[] not null default '{}';
