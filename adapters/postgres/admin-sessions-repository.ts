import type { AdminSessionStore } from "../../core/admin/ports.ts";
import type { AdminRole } from "../../core/shared/staff-roles.ts";
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
      return { sessionId, csrfToken };
    },
    async find(sessionId, adminId) {
      if (!isUuid(sessionId) || !isUuid(adminId)) return null;
      // One read on every staff call: the session is live and its admin still exists, with today's role.
      const [row] = await sql<
        { id: string; name: string; email: string; role: AdminRole; created_at: Date; csrf_token: string }[]
      >`
        select a.id, a.name, a.email, a.role, a.created_at, s.csrf_token
          from admin_sessions s join admins a on a.id = s.admin_id
         where s.id = ${sessionId} and s.admin_id = ${adminId}`;
      if (!row) return null;
      return {
        admin: { _id: row.id, name: row.name, email: row.email, role: row.role, createdAt: new Date(row.created_at) },
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

/** Ends an admin's sessions, all or all but one (inside the account change's transaction). */
export async function endAdminSessions(sql: Queryable, adminId: string, keepSessionId?: string): Promise<void> {
  if (keepSessionId && isUuid(keepSessionId)) {
    await sql`delete from admin_sessions where admin_id = ${adminId} and id <> ${keepSessionId}`;
  } else {
    await sql`delete from admin_sessions where admin_id = ${adminId}`;
  }
}
