-- The whole schema of both specs. Runs on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
-- Money is numeric(12,2) (never float); times are timestamptz.

create table services (
  id uuid primary key,
  name text not null,
  slug text not null,
  pricing_model text not null check (pricing_model in ('HOURLY', 'BEDROOMS', 'FIXED')),
  rate_per_hour numeric(12, 2) not null default 60 check (rate_per_hour >= 0),
  min_hours numeric(5, 2) not null default 2,
  max_hours numeric(5, 2) not null default 20,
  step_hours numeric(5, 2) not null default 0.5 check (step_hours > 0),
  base_price numeric(12, 2) not null default 0 check (base_price >= 0),
  description text not null default '',
  sort_order integer not null default 0,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (min_hours > 0 and min_hours <= max_hours)
);
-- Unique across deleted ones too, so a restore never collides.
create unique index services_slug_key on services (slug);

create table service_bedroom_prices (
  service_id uuid not null references services (id) on delete cascade,
  bedrooms integer not null check (bedrooms >= 0), -- 0 is a studio
  price numeric(12, 2) not null check (price >= 0),
  primary key (service_id, bedrooms)
);

create table extras (
  id uuid primary key,
  service_id uuid not null references services (id) on delete cascade,
  title text not null,
  description text not null default '',
  price numeric(12, 2) not null check (price >= 0),
  has_quantity boolean not null default false,
  image_url text not null default '',
  active boolean not null default true,
  sort_order integer not null default 1,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index extras_service_order_idx on extras (service_id, sort_order);

create table frequencies (
  id uuid primary key,
  name text not null,
  code text not null,
  discount_percent numeric(5, 2) not null default 0
    check (discount_percent >= 0 and discount_percent <= 100),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index frequencies_code_key on frequencies (code);

create table questions (
  id uuid primary key,
  scope text not null check (scope in ('GLOBAL', 'SERVICE')),
  service_id uuid references services (id) on delete cascade,
  text text not null,
  type text not null check (type in ('TEXT', 'SINGLE', 'MULTI')),
  required boolean not null default false,
  sort_order integer not null default 1,
  help_text text not null default '',
  placeholder text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((scope = 'GLOBAL' and service_id is null) or (scope = 'SERVICE' and service_id is not null))
);
create index questions_service_idx on questions (service_id, sort_order);

create table question_options (
  question_id uuid not null references questions (id) on delete cascade,
  position integer not null,
  label text not null,
  value text not null,
  primary key (question_id, position),
  unique (question_id, value)
);

-- Bookings and quotes. Snapshots (names, prices, discount) keep a record stable when the
-- catalogue changes; service_id is kept only as a link.
create table bookings (
  id uuid primary key,
  type text not null check (type in ('BOOKING', 'QUOTE')),
  status text not null
    check (status in ('PENDING', 'CONFIRMED', 'CANCELLED', 'DONE', 'QUOTE_REQUESTED')),
  payment_status text not null default 'UNPAID' check (payment_status in ('UNPAID', 'PAID')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  address_unit text not null default '',
  address_street text not null,
  address_suburb text not null,
  address_state text not null,
  address_post_code text not null,
  service_id uuid references services (id) on delete set null,
  service_name_at_booking text not null,
  pricing_model text not null check (pricing_model in ('HOURLY', 'BEDROOMS', 'FIXED')),
  hours numeric(5, 2),
  bedrooms integer,
  frequency_code text not null,
  frequency_name_at_booking text not null,
  frequency_discount_percent numeric(5, 2) not null,
  start_time timestamptz not null,
  end_time timestamptz not null,
  notes text not null default '',
  base_amount numeric(12, 2) not null,
  extras_amount numeric(12, 2) not null,
  first_service_total numeric(12, 2) not null,
  recurring_total numeric(12, 2) not null,
  total_paid numeric(12, 2),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((type = 'QUOTE') = (status = 'QUOTE_REQUESTED')),
  check (end_time > start_time)
);
-- The capacity rule reads starts of bookings that hold a place.
create index bookings_capacity_idx on bookings (start_time)
  where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE');
create index bookings_created_idx on bookings (created_at);
create index bookings_start_idx on bookings (start_time);

create table booking_extras (
  booking_id uuid not null references bookings (id) on delete cascade,
  position integer not null,
  extra_id uuid,
  title_at_booking text not null,
  quantity integer not null check (quantity >= 1),
  price_at_booking numeric(12, 2) not null,
  primary key (booking_id, position)
);

create table booking_answers (
  booking_id uuid not null references bookings (id) on delete cascade,
  position integer not null,
  question_id uuid,
  label text not null,
  value jsonb not null,
  primary key (booking_id, position)
);

create table inquiries (
  id uuid primary key,
  inquiry_type text not null check (inquiry_type in (
    'HEALTHCARE_AGED_CARE', 'OFFICE', 'SCHOOL_EDUCATIONAL', 'RETAIL_SHOWROOM',
    'INDUSTRIAL_WAREHOUSE', 'AIRBNB_SHORT_TERM')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  suburb text not null,
  message text not null,
  read boolean not null default false,
  has_address boolean not null default false,
  archived_at timestamptz,
  admin_notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index inquiries_created_idx on inquiries (created_at);

create table admins (
  id uuid primary key,
  name text not null,
  email text not null,
  password_hash text not null,
  role text not null check (role in ('admin', 'superadmin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index admins_email_key on admins (lower(email));

-- Scheduling settings, booking-form content and the business profile, one JSON value a key.
create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- E-mails written in the same transaction as their record; a relay sends them.
create table email_outbox (
  id uuid primary key,
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  attachments jsonb not null default '[]',
  related_id uuid,
  status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_pending_idx on email_outbox (next_attempt_at) where status = 'PENDING';

create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  state text not null check (state in ('IN_PROGRESS', 'COMPLETED')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);

-- Fixed-window counters shared by every API process (rate limits, login lockout).
create table rate_limit_counters (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);

create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  admin_id uuid,
  admin_email text not null,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on audit_log (at);
