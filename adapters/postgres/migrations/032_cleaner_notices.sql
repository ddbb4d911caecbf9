-- Issue 31: cleaners are told of their jobs (adapters/jobs/cleaner-notices.ts).

-- What each cleaner was last told of each job: the time and address their calendar holds and the
-- SEQUENCE of that .ics (UID job-<booking_id>-<cleaner_id>@<host>). The job compares these with
-- the assignments and e-mails only the differences; a row is written with its e-mail, in one
-- transaction, under the cleaner's row lock.
create table cleaner_notices (
  booking_id uuid not null references bookings (id) on delete cascade,
  cleaner_id uuid not null references cleaners (id),
  start_time timestamptz not null,
  end_time timestamptz not null check (end_time > start_time),
  address text not null,
  sequence integer not null check (sequence >= 0),
  -- Set when the last message was a CANCEL; cleared when the cleaner is put back on the job.
  cancelled_at timestamptz,
  notified_at timestamptz not null,
  primary key (booking_id, cleaner_id)
);
-- The job reads the notices cleaners still hold as upcoming, every minute.
create index cleaner_notices_live_idx on cleaner_notices (end_time) where cancelled_at is null;
create index cleaner_notices_cleaner_idx on cleaner_notices (cleaner_id);

-- The job reads the place-holding assignments that end after now, every minute.
create index booking_cleaners_upcoming_idx on booking_cleaners (end_time) where holds_place;

-- The evening run sheet, once per cleaner and Melbourne day: the row is claimed with the e-mail.
create table cleaner_run_sheets (
  cleaner_id uuid not null references cleaners (id),
  day date not null,
  sent_at timestamptz not null,
  primary key (cleaner_id, day)
);
