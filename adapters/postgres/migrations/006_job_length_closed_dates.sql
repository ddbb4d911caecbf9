-- Issue 14: how long a visit takes, the dates the business is closed.
-- A FIXED service's visit length, and the length a service falls back to; existing services keep
-- the 2 hours decisions.md assumed.
alter table services add column duration_minutes integer not null default 120
  check (duration_minutes between 15 and 1440);
-- A BEDROOMS service's visit length for each bedroom count.
alter table service_bedroom_prices add column duration_minutes integer not null default 120
  check (duration_minutes between 15 and 1440);
-- Minutes one of an add-on adds to the visit.
alter table extras add column duration_minutes integer not null default 0
  check (duration_minutes between 0 and 600);

-- Melbourne dates on which no job starts (public holidays, a team day off).
create table closed_dates (
  date date primary key,
  label text not null default '',
  created_at timestamptz not null default now()
);
