import type { AdminSessionStore } from "../../core/admin/ports.ts";
import type { StaffRole } from "../../core/shared/staff-roles.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable } from "./db.ts";

/** 32 random bytes, base64url: unguessable, and safe in a cookie and a header. */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export interface AdminSessionRepository extends AdminSessionStore {
  /** Sessions older than the longest token lifetime can no longer be used: forget them. */
  deleteOlderThan(hours: number): Promise<number>;
}

export function makeAdminSessionStore(sql: Queryable): AdminSessionRepository {
  return {
    async start(adminId) {
      const sessionId = crypto.randomUUID();
      const csrfToken = randomToken();
      await sql`insert into admin_sessions (id, admin_id, csrf_token) values (${sessionId}, ${adminId}, ${csrfToken})`;
      // A session starts at a login: the Team screen shows a cleaner's last one.
      await sql`update admins set last_login_at = now() where id = ${adminId}`;
      return { sessionId, csrfToken };
    },
    async find(sessionId, adminId) {
      if (!isUuid(sessionId) || !isUuid(adminId)) return null;
      // One read on every staff call: the session is live and its account still exists, with
      // today's role; a cleaner's login opens nothing while its cleaner is inactive, and goes by
      // the cleaner's name as the team knows it today (issue 31).
      const [row] = await sql<
        {
          id: string;
          name: string;
          email: string;
          role: StaffRole;
          cleaner_id: string | null;
          created_at: Date;
          csrf_token: string;
        }[]
      >`
        select a.id, coalesce(c.name, a.name) as name, a.email, a.role, a.cleaner_id, a.created_at, s.csrf_token
          from admin_sessions s join admins a on a.id = s.admin_id
          left join cleaners c on c.id = a.cleaner_id
         where s.id = ${sessionId} and s.admin_id = ${adminId}
           and (a.cleaner_id is null or c.active)`;
      if (!row) return null;
      return {
        user: {
          _id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          cleanerId: row.cleaner_id,
          createdAt: new Date(row.created_at),
        },
        csrfToken: row.csrf_token,
      };
    },
    async end(sessionId) {
      if (!isUuid(sessionId)) return;
      await sql`delete from admin_sessions where id = ${sessionId}`;
    },
    async deleteOlderThan(hours) {
      const rows = await sql`
        delete from admin_sessions where created_at < now() - make_interval(secs => ${hours * 3600})
        returning id`;
      return rows.length;
    },
  };
}

/** Ends an account's sessions, all or all but one (inside the account change's transaction). */
export async function endAdminSessions(sql: Queryable, adminId: string, keepSessionId?: string): Promise<void> {
  if (keepSessionId && isUuid(keepSessionId)) {
    await sql`delete from admin_sessions where admin_id = ${adminId} and id <> ${keepSessionId}`;
  } else {
    await sql`delete from admin_sessions where admin_id = ${adminId}`;
  }
}

/** Ends every session of the cleaner's login, if it has one (the cleaner was deactivated, issue 31). */
export async function endCleanerSessions(sql: Queryable, cleanerId: string): Promise<void> {
  if (!isUuid(cleanerId)) return;
  await sql`delete from admin_sessions where admin_id in (select id from admins where cleaner_id = ${cleanerId})`;
}
