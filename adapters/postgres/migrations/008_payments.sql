-- Issue 15: payments kept as a ledger. bookings.payment_status, total_paid and paid_at stay as
-- the booking's derived state: the core recomputes them from this table, under the booking's row
-- lock, in the transaction of every ledger write.
create table booking_payments (
  id uuid primary key,
  booking_id uuid not null references bookings (id) on delete cascade,
  amount numeric(12, 2) not null check (amount > 0),
  method text not null check (method in ('CASH', 'CARD', 'BANK_TRANSFER', 'OTHER')),
  note text not null default '',
  -- When the money was received; the running total in this order says when the booking became PAID.
  received_at timestamptz not null,
  -- Who recorded it, as they were then: the account may be deleted later.
  recorded_by_admin_id uuid references admins (id) on delete set null,
  recorded_by_name text not null default '',
  recorded_by_email text not null default '',
  created_at timestamptz not null default now(),
  -- A voided payment stays, counting for nothing, with who voided it and why.
  voided_at timestamptz,
  voided_by_admin_id uuid references admins (id) on delete set null,
  voided_by_name text,
  voided_by_email text,
  void_reason text,
  -- The order payments were written in: ties of received_at and created_at keep it.
  position bigint generated always as identity,
  check ((voided_at is null) = (void_reason is null))
);
create index booking_payments_booking_idx on booking_payments (booking_id, received_at, created_at, position);

-- Every amount recorded before the ledger becomes its one payment, credited to whoever last
-- confirmed it (the audit log knows) where that can be told.
insert into booking_payments (id, booking_id, amount, method, note, received_at, recorded_by_admin_id,
                              recorded_by_name, recorded_by_email, created_at)
select gen_random_uuid(), b.id, b.total_paid, 'OTHER', 'Recorded before the payment ledger',
       coalesce(b.paid_at, b.updated_at), a.id, coalesce(a.name, ''), coalesce(confirmed.admin_email, ''),
       coalesce(b.paid_at, b.updated_at)
  from bookings b
  left join lateral (
    select l.admin_id, l.admin_email from audit_log l
     where l.entity_id = b.id::text and l.action = 'booking.confirm_payment'
     order by l.id desc limit 1
  ) confirmed on true
  left join admins a on a.id = confirmed.admin_id
 where b.total_paid > 0;

-- The derived state as the ledger now says: an amount of 0 was no payment, and an amount short of
-- the first service total (A$200 against A$275) leaves the booking UNPAID.
update bookings
   set total_paid = case when total_paid > 0 then total_paid end,
       payment_status = case when total_paid > 0 and total_paid >= first_service_total then 'PAID' else 'UNPAID' end,
       paid_at = case when total_paid > 0 and total_paid >= first_service_total
                      then coalesce(paid_at, updated_at) end
 where total_paid is not null or payment_status = 'PAID';
