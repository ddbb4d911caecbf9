-- Issue 18: every API process keeps the catalogue, the settings and the closed dates in memory
-- (adapters/cache). A write to any table they are read from tells every process, whoever made
-- it: one notification per statement on the channel `cache_changed`, sent when the transaction
-- commits (none on a rollback), with a payload naming the schema and table, e.g.
-- {"schema":"public","table":"services"}. Processes listening on another schema of the same
-- database ignore it.
create or replace function notify_cache_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('cache_changed', json_build_object('schema', tg_table_schema, 'table', tg_table_name)::text);
  return null;
end;
$$;

-- Statement-level: a write of 50 rows is one notification, and a statement that changes no row
-- still sends one (a harmless reload). Truncate is a write too.
create trigger services_cache_changed after insert or update or delete or truncate on services
  for each statement execute function notify_cache_changed();
create trigger service_bedroom_prices_cache_changed after insert or update or delete or truncate on service_bedroom_prices
  for each statement execute function notify_cache_changed();
create trigger extras_cache_changed after insert or update or delete or truncate on extras
  for each statement execute function notify_cache_changed();
create trigger frequencies_cache_changed after insert or update or delete or truncate on frequencies
  for each statement execute function notify_cache_changed();
create trigger questions_cache_changed after insert or update or delete or truncate on questions
  for each statement execute function notify_cache_changed();
create trigger question_options_cache_changed after insert or update or delete or truncate on question_options
  for each statement execute function notify_cache_changed();
create trigger settings_cache_changed after insert or update or delete or truncate on settings
  for each statement execute function notify_cache_changed();
create trigger closed_dates_cache_changed after insert or update or delete or truncate on closed_dates
  for each statement execute function notify_cache_changed();

-- And the availability check and calendar (adapters/postgres/availability-reads.ts) read the
-- place-holding visits of a range, start and end, from the index alone: no visit row is fetched,
-- wherever the bookings of those days lie in the table. It serves every read the old index of
-- migration 001 served (same key, same rows), so that one goes: one index less to write per booking.
create index bookings_capacity_cover_idx on bookings (start_time) include (end_time)
  where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED', 'DONE');
drop index bookings_capacity_idx;
