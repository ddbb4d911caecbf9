/**
 * Staff sessions: a signed token names a session the server keeps, so a session ends for real
 * (logout, a password or role change, a deleted admin) before its token expires.
 */
import type { AdminSessionStore, TokenService } from "./ports.ts";
import type { StaffUser } from "./types.ts";

export interface StaffSession {
  /** Whoever signed in: an office account or a cleaner's login (the guards decide what each may call). */
  user: StaffUser;
  sessionId: string;
  /** What a cookie-carried write must echo (double-submit), checked by the API. */
  csrfToken: string;
}

export function makeStaffSessions(deps: { tokens: TokenService; sessions: AdminSessionStore }) {
  return {
    /** The live session behind a token, or null (bad or expired token, ended session, deleted account, inactive cleaner). */
    async authenticate(token: string): Promise<StaffSession | null> {
      const claims = await deps.tokens.verify(token);
      if (!claims) return null;
      const found = await deps.sessions.find(claims.sessionId, claims.adminId);
      return found ? { user: found.user, sessionId: claims.sessionId, csrfToken: found.csrfToken } : null;
    },
    end: (sessionId: string) => deps.sessions.end(sessionId),
  };
}

export type StaffSessions = ReturnType<typeof makeStaffSessions>;
