-- Issue 28, item 4: a regular clean keeps its cleaners. The series names its regular cleaners in
-- the order staff gave them; each visit planned or re-planned carries them where they are free
-- (the exclusion constraint of migration 018 still has the last word on every visit).
alter table booking_series add column cleaner_ids uuid[] not null default '{}';
