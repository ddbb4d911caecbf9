-- Business notifications answer straight to the customer: staff press Reply, not copy-paste.
alter table email_outbox add column reply_to text;
