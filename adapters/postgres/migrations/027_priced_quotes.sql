-- Issue 30: the office's price of a quote, beside the quote record (whose shape stays as it is):
-- its lines, total, message and last valid day, and the customer's answer. One price per record;
-- pricing again replaces it while the customer has not answered.
create table quote_prices (
  booking_id uuid primary key references bookings (id) on delete cascade,
  line_items jsonb not null check (jsonb_typeof(line_items) = 'array'),
  total numeric(12, 2) not null check (total >= 0),
  message text not null default '',
  valid_until date,
  status text not null check (status in ('SENT', 'ACCEPTED', 'DECLINED')),
  sent_at timestamptz not null,
  decided_at timestamptz,
  decline_reason text not null default '',
  updated_at timestamptz not null default now()
);
