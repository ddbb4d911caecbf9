-- Issue 17: regular cleans that really recur (series of visits), and a record of each customer.

-- How often a frequency repeats: NONE (one visit), or every `repeat_every` weeks or months.
alter table frequencies
  add column repeat_unit text not null default 'NONE' check (repeat_unit in ('NONE', 'WEEK', 'MONTH')),
  add column repeat_every integer not null default 0 check (repeat_every between 0 and 52),
  add constraint frequencies_repeat_check check ((repeat_unit = 'NONE') = (repeat_every = 0));
update frequencies set repeat_unit = 'WEEK', repeat_every = 1 where code = 'WEEKLY';
update frequencies set repeat_unit = 'WEEK', repeat_every = 2 where code in ('FORTNIGHTLY', 'BIWEEKLY');
update frequencies set repeat_unit = 'WEEK', repeat_every = 3 where code = 'THREE_WEEKLY';
update frequencies set repeat_unit = 'MONTH', repeat_every = 1 where code = 'MONTHLY';

-- One record per person, matched by the normalised e-mail (trimmed, lower case).
create table customers (
  id uuid primary key,
  email_key text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  -- Digits as the forms keep them (0412345678); '' when not known.
  phone text not null default '',
  -- Lasting notes staff keep (gate codes, pets, parking); printed on run sheets.
  notes text not null default '' check (length(notes) <= 2000),
  tags text[] not null default '{}',
  -- Set when staff merged this record into another: it is kept (history) but no longer listed.
  merged_into uuid references customers (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_email_key on customers (email_key) where merged_into is null;
create index customers_phone_idx on customers (phone) where phone <> '' and merged_into is null;
create index customers_name_idx on customers (lower(last_name), lower(first_name), id);

alter table bookings add column customer_id uuid references customers (id);
alter table inquiries add column customer_id uuid references customers (id);
create index bookings_customer_idx on bookings (customer_id, start_time);
create index inquiries_customer_idx on inquiries (customer_id, created_at);

-- Existing bookings, quotes and inquiries get their customer: one per normalised e-mail, named
-- and reached as on their latest record.
insert into customers (id, email_key, first_name, last_name, email, phone, created_at)
select gen_random_uuid(), email_key, first_name, last_name, email, phone, first_seen
  from (
    select distinct on (email_key) email_key, first_name, last_name, email, phone,
           min(created_at) over (partition by email_key) as first_seen
      from (
        select lower(btrim(email)) as email_key, first_name, last_name, btrim(email) as email, phone, created_at
          from bookings
        union all
        select lower(btrim(email)), first_name, last_name, btrim(email), phone, created_at
          from inquiries
      ) people
     order by email_key, created_at desc
  ) latest;
update bookings b set customer_id = c.id
  from customers c where c.email_key = lower(btrim(b.email)) and c.merged_into is null;
update inquiries i set customer_id = c.id
  from customers c where c.email_key = lower(btrim(i.email)) and c.merged_into is null;

-- A series of regular visits. The first visit is the booking that started it; the next visits are
-- ordinary bookings generated over a rolling horizon at the same Melbourne wall-clock time.
create table booking_series (
  id uuid primary key,
  customer_id uuid references customers (id),
  first_booking_id uuid not null references bookings (id),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED', 'ENDED')),
  frequency_code text not null,
  frequency_name text not null,
  repeat_unit text not null check (repeat_unit in ('WEEK', 'MONTH')),
  repeat_every integer not null check (repeat_every between 1 and 52),
  -- The first occurrence of the current terms (a Melbourne date) and its wall-clock start.
  anchor_date date not null,
  start_minutes integer not null check (start_minutes between 0 and 1439),
  duration_minutes integer not null check (duration_minutes > 0),
  -- What every generated visit copies: contact, address, service and size, add-ons, answers,
  -- notes and the series' recurring price (a NewBookingRecord without times or status).
  template jsonb not null,
  -- Occurrences on or after this date are not generated (ENDED); null while open-ended.
  ends_on date,
  -- The last occurrence date the job has generated (or decided on); null before the first run.
  generated_through date,
  -- Raised on every change of terms, so a job that read the old terms writes nothing.
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index booking_series_due_idx on booking_series (generated_through) where status = 'ACTIVE';
create index booking_series_customer_idx on booking_series (customer_id);

alter table bookings
  add column series_id uuid references booking_series (id),
  -- The occurrence a visit stands for (the series' planned Melbourne date, kept when the visit
  -- is moved); null for the visits a change of terms replaced, so the new terms can fill that date.
  add column series_date date;
-- The guard against a visit generated twice, whatever the job's bookkeeping says.
create unique index bookings_series_occurrence_key on bookings (series_id, series_date)
  where series_id is not null and series_date is not null;
create index bookings_series_idx on bookings (series_id, start_time) where series_id is not null;

-- A visit that could not be placed (capacity, closed date) is kept as NEEDS_ATTENTION: it holds no
-- place and shows up for staff to move, confirm over capacity, or skip.
alter table bookings drop constraint bookings_status_check;
alter table bookings add constraint bookings_status_check
  check (status in ('PENDING', 'CONFIRMED', 'CANCELLED', 'DONE', 'NEEDS_ATTENTION', 'QUOTE_REQUESTED'));
