-- The chosen options' labels at booking time ("Lockbox" rather than "lockbox"), so e-mails and
-- the staff screens read like the form did even after the question's options change.
alter table booking_answers add column display_value text;
