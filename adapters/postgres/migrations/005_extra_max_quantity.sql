-- The most of one add-on a booking may take (issue 13): staff set it per extra, the booking form
-- offers up to it and the server refuses more. Existing extras take the default.
alter table extras add column max_quantity integer not null default 20
  check (max_quantity between 1 and 100);
