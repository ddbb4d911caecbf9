-- Issue 18: every booking, quote and staff booking finds its customer by e-mail (customer-match.ts),
-- looking first among the records staff merged into another, which the unique e-mail index (live
-- records only) does not cover: each booking read the whole customers table (12,000 rows after a
-- bench run: ~10,000 tuples and a third of PostgreSQL's CPU per booking). Merged records are few;
-- these indexes hold only them: by e-mail for the lookup, by survivor for merges and the list's
-- search of merged e-mails.
create index customers_merged_email_idx on customers (email_key, updated_at desc) where merged_into is not null;
create index customers_merged_into_idx on customers (merged_into) where merged_into is not null;
