/**
 * Staff sessions: a signed token names a session the server keeps, so a session ends for real
 * (logout, a password or role change, a deleted admin) before its token expires.
 */
import type { AdminSessionStore, TokenService } from "./ports.ts";
import type { AdminUser } from "./types.ts";

export interface StaffSession {
  admin: AdminUser;
  sessionId: string;
  /** What a cookie-carried write must echo (double-submit), checked by the API. */
  csrfToken: string;
}

export function makeStaffSessions(deps: { tokens: TokenService; sessions: AdminSessionStore }) {
  return {
    /** The live session behind a token, or null (bad or expired token, ended session, deleted admin). */
    async authenticate(token: string): Promise<StaffSession | null> {
      const claims = await deps.tokens.verify(token);
      if (!claims) return null;
      const found = await deps.sessions.find(claims.sessionId, claims.adminId);
      return found ? { admin: found.admin, sessionId: claims.sessionId, csrfToken: found.csrfToken } : null;
    },
    end: (sessionId: string) => deps.sessions.end(sessionId),
  };
}

export type StaffSessions = ReturnType<typeof makeStaffSessions>;
