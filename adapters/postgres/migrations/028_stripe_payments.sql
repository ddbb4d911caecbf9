-- Issue 30: card payments through Stripe Checkout, and refunds as negative ledger entries.
-- A refund is an entry of its own (kind REFUND, a negative amount) pointing at the payment it
-- gives back, so paid to date stays the plain sum of the entries not voided.
alter table booking_payments drop constraint booking_payments_amount_check;
alter table booking_payments
  add column kind text not null default 'PAYMENT' check (kind in ('PAYMENT', 'REFUND')),
  add column refund_of uuid references booking_payments (id),
  -- The Stripe ids of a card payment taken online (Checkout Session, PaymentIntent) or of a refund.
  add column stripe_session_id text,
  add column stripe_payment_intent text,
  add column stripe_refund_id text;
alter table booking_payments add constraint booking_payments_amount_sign check (
  (kind = 'PAYMENT' and amount > 0 and refund_of is null) or (kind = 'REFUND' and amount < 0 and refund_of is not null)
);
-- One payment per Checkout Session, whatever Stripe delivers twice or in another order.
create unique index booking_payments_stripe_session_idx on booking_payments (stripe_session_id);
create unique index booking_payments_stripe_refund_idx on booking_payments (stripe_refund_id);
create index booking_payments_refund_of_idx on booking_payments (refund_of);

-- Every Stripe event acted on, once: written in the transaction of the payment it records.
create table stripe_events (
  id text primary key,
  type text not null,
  booking_id uuid references bookings (id) on delete set null,
  session_id text,
  received_at timestamptz not null default now()
);
