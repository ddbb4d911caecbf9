-- Issue 34 item 3: a commercial inquiry's reference, read out on the phone like a booking's: YI-
-- and six characters of the bookings' alphabet (no 0/O or 1/I). Existing rows get one here, oldest
-- first; new rows get one from the inquiry store (core/inquiry/reference.ts), which draws again
-- when the unique index refuses one.
alter table inquiries add column reference text;
do $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  row_id uuid;
  candidate text;
begin
  for row_id in select id from inquiries where reference is null order by created_at, id loop
    loop
      select 'YI-' || string_agg(substr(alphabet, 1 + floor(random() * 32)::int, 1), '')
        into candidate from generate_series(1, 6);
      exit when not exists (select 1 from inquiries where reference = candidate);
    end loop;
    update inquiries set reference = candidate where id = row_id;
  end loop;
end $$;
alter table inquiries alter column reference set not null;
alter table inquiries add constraint inquiries_reference_format check (reference ~ '^YI-[2-9A-HJ-NP-Z]{6}$');
create unique index inquiries_reference_key on inquiries (reference);
