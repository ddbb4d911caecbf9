-- Issue 20: a booking's or inquiry's own history (GET /api/admin/{bookings,inquiries}/{id}/history)
-- reads one record's rows, newest first.
create index audit_log_record_idx on audit_log (entity_id, at desc, id desc);
