-- Staff sessions the server can end: a token names its session, and a token whose session is gone
-- (logout, a password or role change, a deleted admin) is refused before it expires.
create table admin_sessions (
  id uuid primary key,
  admin_id uuid not null references admins (id) on delete cascade,
  -- Echoed by the staff bundle in X-CSRF-Token on writes carried by the session cookie.
  csrf_token text not null,
  created_at timestamptz not null default now()
);
create index admin_sessions_admin_id on admin_sessions (admin_id);
create index admin_sessions_created_at on admin_sessions (created_at);
