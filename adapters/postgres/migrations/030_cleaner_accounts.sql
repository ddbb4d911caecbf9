-- Issue 31: cleaners log in. A cleaner's login is a row of admins with role 'cleaner', tied to its
-- cleaner, so login, sessions, tokens and CSRF stay one mechanism; the staff API refuses the role.
alter table admins drop constraint if exists admins_role_check;
alter table admins add constraint admins_role_check check (role in ('admin', 'superadmin', 'cleaner'));

-- One login per cleaner, and only cleaner logins name one.
alter table admins add column cleaner_id uuid unique references cleaners (id);
alter table admins add constraint admins_cleaner_role_check check ((role = 'cleaner') = (cleaner_id is not null));

-- An invited cleaner has no password until they set one through the link; staff always have one.
alter table admins alter column password_hash drop not null;
alter table admins add constraint admins_password_check check (password_hash is not null or role = 'cleaner');

-- What the Team screen shows of a login: when its invite went, when it was last used.
alter table admins add column invited_at timestamptz;
alter table admins add column last_login_at timestamptz;

-- One-time set-password links. Only the SHA-256 of the link's token is kept; a used or expired row
-- opens nothing (the janitor need not hurry), and removing the login removes its links.
create table password_set_tokens (
  token_hash text primary key,
  admin_id uuid not null references admins (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > created_at),
  used_at timestamptz
);
create index password_set_tokens_admin_idx on password_set_tokens (admin_id);
