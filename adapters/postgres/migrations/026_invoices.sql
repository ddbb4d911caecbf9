-- Issue 30: invoice numbers. A booking's invoice gets its number the first time it is issued and
-- keeps it. Numbers are gapless (INV-000001, INV-000002, ...), which a sequence is not (a rolled
-- back nextval is lost), so the last number given lives in a one-row counter that the issuing
-- transaction updates: the row lock makes concurrent issues take turns, and a rollback returns
-- the number with it.
create table invoice_counter (
  only_row boolean primary key default true check (only_row),
  last_number bigint not null check (last_number >= 0)
);
insert into invoice_counter (only_row, last_number) values (true, 0);

create table invoices (
  booking_id uuid primary key references bookings (id) on delete cascade,
  sequence bigint not null unique check (sequence > 0),
  number text not null unique,
  issued_at timestamptz not null
);
-- The accounting export reads the invoices issued in a date range.
create index invoices_issued_at_idx on invoices (issued_at, sequence);
