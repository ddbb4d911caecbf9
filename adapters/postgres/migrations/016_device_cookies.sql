-- Issue 29: OWASP's device cookies. Each cookie's login attempts, counted before its password is
-- checked; a cookie past its limit, or replaced after a successful login, is distrusted for good.
-- A row is useless once its cookie has expired (the janitor deletes it then).
create table login_device_attempts (
  nonce text primary key,
  attempts integer not null default 0,
  distrusted boolean not null default false,
  expires_at timestamptz not null
);

create index login_device_attempts_expires_at on login_device_attempts (expires_at);
