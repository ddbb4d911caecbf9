-- Issue 28: the customer's reminder goes before the free-change cut-off (the default is now 48
-- hours), so it can say until when a change is free. Scheduling settings saved with the reminder
-- at or inside the cut-off (24 and 24 were the old defaults) get it 24 hours before the cut-off.
update settings
   set value = jsonb_set(value, '{reminderHoursBefore}',
         to_jsonb(least(168, coalesce((value ->> 'freeChangeCutoffHours')::int, 24) + 24))),
       updated_at = now()
 where key = 'scheduling'
   and coalesce((value ->> 'freeChangeCutoffHours')::int, 24) > 0
   and coalesce((value ->> 'reminderHoursBefore')::int, 24) <= coalesce((value ->> 'freeChangeCutoffHours')::int, 24);
