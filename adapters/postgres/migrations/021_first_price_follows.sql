-- Issue 28, item 7: the first-service price applies to the first visit of a regular clean that is
-- actually held. A series' first visit is priced in full (base + add-ons) and every later one at
-- the recurring price; when the visit carrying the full price is skipped or cancelled (by the
-- customer's link, staff, a pause or an end: any path), the earliest visit still standing takes
-- it, so the discount is never given from the first clean. Recorded in the audit log by the
-- system, so the office sees why that visit's price changed.

-- What a first visit costs on the series' terms, once a change re-priced them (the full price,
-- before the frequency's discount); null: the terms it started on, whose first visit has it.
alter table booking_series add column first_visit_total numeric(12, 2);

create or replace function settle_series_first_price(p_series_id uuid) returns void language plpgsql as $$
declare
  v record;
begin
  select b.id, b.status, b.first_service_total, coalesce(b.total_paid, 0) as paid,
         coalesce(s.first_visit_total, f.first_service_total) as full_price
    into v
    from bookings b
    join booking_series s on s.id = b.series_id
    join bookings f on f.id = s.first_booking_id
   where b.series_id = p_series_id and b.type = 'BOOKING' and b.status <> 'CANCELLED'
   order by b.start_time, b.id
   limit 1;
  -- A visit done keeps the price it was done at; nothing stands, or it already charges in full.
  if v.id is null or v.status = 'DONE' or v.first_service_total >= v.full_price then
    return;
  end if;
  update bookings
     set first_service_total = v.full_price,
         payment_status = case when v.paid >= v.full_price then 'PAID' else 'UNPAID' end,
         updated_at = now()
   where id = v.id;
  insert into audit_log (admin_id, admin_email, action, entity, entity_id, before, after)
  values (null, 'system', 'booking.first_price', 'booking', v.id::text,
          jsonb_build_object('firstServiceTotal', v.first_service_total),
          jsonb_build_object('firstServiceTotal', v.full_price));
end $$;

create or replace function bookings_settle_first_price() returns trigger language plpgsql as $$
begin
  perform settle_series_first_price(new.series_id);
  return null;
end $$;

-- A visit cancelled (skipped) may have carried the full price.
create trigger bookings_first_price_on_cancel
  after update of status on bookings
  for each row
  when (new.series_id is not null and new.status = 'CANCELLED' and old.status is distinct from 'CANCELLED')
  execute function bookings_settle_first_price();

-- A visit planned after every earlier one was cancelled (a paused series resumed) is the first held.
create trigger bookings_first_price_on_insert
  after insert on bookings
  for each row
  when (new.series_id is not null)
  execute function bookings_settle_first_price();
