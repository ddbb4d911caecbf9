-- Issue 28: a frequency that live series or coming bookings use cannot be deleted; it is retired
-- instead: hidden from the booking form, still known to every booking and series that uses it.
alter table frequencies add column active boolean not null default true;
