-- Issue 15: what a booking needs after the form.

-- A reference people can read out on the phone: YS- and six characters of an alphabet without
-- 0/O and 1/I. Existing rows get one here; new rows get one from the booking store.
alter table bookings add column reference text;
do $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  row_id uuid;
  candidate text;
begin
  for row_id in select id from bookings where reference is null order by created_at, id loop
    loop
      select 'YS-' || string_agg(substr(alphabet, 1 + floor(random() * 32)::int, 1), '')
        into candidate from generate_series(1, 6);
      exit when not exists (select 1 from bookings where reference = candidate);
    end loop;
    update bookings set reference = candidate where id = row_id;
  end loop;
end $$;
alter table bookings alter column reference set not null;
alter table bookings add constraint bookings_reference_format check (reference ~ '^YS-[2-9A-HJ-NP-Z]{6}$');
create unique index bookings_reference_key on bookings (reference);

-- Why staff (or the customer) cancelled; empty when no reason was given.
alter table bookings add column cancel_reason text not null default '';
-- The calendar event's SEQUENCE: raised with every change the customer's calendar must follow.
alter table bookings add column calendar_sequence integer not null default 0;
-- When the reminder e-mail was queued; set once, by the first relay that claims it.
alter table bookings add column reminder_sent_at timestamptz;
create index bookings_reminder_due_idx on bookings (start_time)
  where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED') and reminder_sent_at is null;

-- Manage-my-booking links: only a hash of each token is kept. Every customer e-mail may carry a
-- new token; all of them stay valid until the job is over (the booking's end time).
create table booking_access_tokens (
  token_hash text primary key,
  booking_id uuid not null references bookings (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index booking_access_tokens_booking_idx on booking_access_tokens (booking_id);
