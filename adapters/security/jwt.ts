import { jwtVerify, SignJWT } from "jose";
import type { TokenService } from "../../core/admin/ports.ts";
import { STAFF_ROLES, type StaffRole } from "../../core/shared/staff-roles.ts";

const ISSUER = "yarra-shine";
const AUDIENCE = "yarra-shine-admin";

/** HS256 session tokens with an expiry (decisions.md, Accounts and sessions). */
export function makeJwtTokens(secret: string, lifetimeHours: number, now: () => Date = () => new Date()): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(admin, sessionId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = new Date((issuedAt + Math.round(lifetimeHours * 3600)) * 1000);
      const token = await new SignJWT({ role: admin.role, email: admin.email, name: admin.name, sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(admin._id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
        });
        // Any role that logs in (issue 31: cleaners too); what each may call is the guards' to decide.
        const role = payload.role as StaffRole;
        // A token from before server-side sessions names none: it is refused, its holder logs in again.
        if (!payload.sub || !payload.exp || typeof payload.sid !== "string" || !STAFF_ROLES.includes(role)) return null;
        return { adminId: payload.sub, sessionId: payload.sid, role, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
