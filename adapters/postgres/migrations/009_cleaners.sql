-- Issue 16: the team, and who cleans which job.

-- A cleaner is never deleted, only made inactive: past jobs keep saying who did them.
create table cleaners (
  id uuid primary key,
  name text not null check (length(name) between 1 and 100),
  -- Digits as the booking form keeps them (0412345678); '' when not known.
  phone text not null default '',
  email text not null default '',
  -- How the schedule draws the cleaner's column and jobs.
  colour text not null check (colour ~ '^#[0-9a-f]{6}$'),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cleaners_name_idx on cleaners (lower(name), id);

-- The cleaners of a job, in the order staff gave them.
create table booking_cleaners (
  booking_id uuid not null references bookings (id) on delete cascade,
  cleaner_id uuid not null references cleaners (id),
  position integer not null check (position >= 0),
  primary key (booking_id, cleaner_id),
  unique (booking_id, position)
);
-- The clash check reads a cleaner's jobs.
create index booking_cleaners_cleaner_idx on booking_cleaners (cleaner_id);
