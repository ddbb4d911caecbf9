-- Issue 32: feedback after every job, and the reads the reports make.

-- One feedback request per job, answered at most once. Only the hash of the link's token is kept
-- (as the manage link's); asking again by hand replaces the hash and the expiry, so the older link
-- stops working, and raises request_count.
create table booking_feedback (
  booking_id uuid primary key references bookings (id) on delete cascade,
  token_hash text not null unique,
  requested_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > requested_at),
  request_count integer not null default 1 check (request_count >= 1),
  -- Who asked, when it was staff asking again (null: the request sent when the job was done).
  requested_by_admin_id uuid references admins (id) on delete set null,
  rating smallint check (rating between 1 and 5),
  comment text not null default '' check (length(comment) <= 2000),
  rated_at timestamptz,
  check ((rating is null) = (rated_at is null))
);
-- The reports and the averages read the ratings given.
create index booking_feedback_rated_idx on booking_feedback (rated_at) where rating is not null;

-- The reports' "collected" sums the ledger by the day money was received.
create index booking_payments_received_idx on booking_payments (received_at) where voided_at is null;

-- The reports' new and returning customers: whether a customer held a place before the range, read
-- from the index alone (one probe per customer of the range). "customer_id is not null" keeps the
-- capacity reads (same statuses, no customer) from ever choosing it.
create index bookings_customer_holding_idx on bookings (customer_id, start_time)
  where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE') and customer_id is not null;
