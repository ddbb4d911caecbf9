-- The office's own notes on a job (issue 33: a booking's free-text fields are one list,
-- core/booking/text-fields.ts): staff write them, the run sheet prints them, the customer never
-- sees them. A new column with a constant default is instant on PostgreSQL 11+ (no table rewrite).
alter table bookings add column office_notes text not null default '';
