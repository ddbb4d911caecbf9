/**
 * Who is calling a staff route. Integrators send `Authorization: Bearer <token>`; the staff bundle
 * carries the same token in an httpOnly, SameSite=Strict cookie that page scripts cannot read,
 * and proves each write came from the staff area by echoing the session's CSRF token (readable
 * cookie -> X-CSRF-Token header). The Authorization header wins when both are sent.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { StaffSessions } from "../../core/admin/sessions.ts";
import type { AdminUser } from "../../core/admin/types.ts";
import type { AdminRole } from "../../core/shared/staff-roles.ts";
import { CSRF_COOKIE, CSRF_HEADER } from "../client/http.ts";
import { declareError } from "../../core/shared/result.ts";
import { sendError } from "../http-errors.ts";

declare module "hono" {
  interface ContextVariableMap {
    admin: AdminUser;
    /** The server-side session of the call (ended by logout, a password or a role change). */
    sessionId: string;
  }
}

export const SESSION_COOKIE = "staff_session";

export const UNAUTHENTICATED = declareError(
  "unauthenticated",
  "UNAUTHENTICATED",
  "Authentication required. Your session may have expired. Please log in again.",
);
export const FORBIDDEN = declareError("forbidden", "FORBIDDEN", "You don’t have permission to perform this action.");
export const CSRF_REJECTED = declareError(
  "forbidden",
  "CSRF_REJECTED",
  "This request did not come from the staff area. Reload the page and try again.",
);

/** https as the browser sees it: the request's scheme, or the client-facing proxy's X-Forwarded-Proto. */
export function servedOverHttps(c: Context, proxyHops: number): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (proxyHops <= 0) return false;
  const chain = (c.req.header("x-forwarded-proto") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return chain.length > 0 && chain[Math.max(0, chain.length - proxyHops)].toLowerCase() === "https";
}

interface CookieSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** The session cookie only travels to /api; the CSRF cookie is read by the staff pages. */
export function setSessionCookies(c: Context, session: CookieSession, secure: boolean): void {
  // Expires (not Max-Age): the token's own end, whatever clock the server runs on.
  const common = { sameSite: "Strict", secure, expires: session.expiresAt } as const;
  setCookie(c, SESSION_COOKIE, session.token, { ...common, path: "/api", httpOnly: true });
  setCookie(c, CSRF_COOKIE, session.csrfToken, { ...common, path: "/" });
}

export function clearSessionCookies(c: Context, secure: boolean): void {
  const gone = { sameSite: "Strict", secure, maxAge: 0, expires: new Date(0) } as const;
  setCookie(c, SESSION_COOKIE, "", { ...gone, path: "/api", httpOnly: true });
  setCookie(c, CSRF_COOKIE, "", { ...gone, path: "/" });
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Sec-Fetch-Site where the browser sends it, else the Origin's host against the request's. */
function crossSite(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined) return site !== "same-origin";
  const origin = c.req.header("origin");
  if (origin === undefined) return false;
  return !URL.canParse(origin) || new URL(origin).host !== new URL(c.req.url).host;
}

/** Compares in time independent of where the strings differ. */
function sameToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined || sent.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= sent.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** The token the call carries, and how. */
function presentedToken(c: Context): { token: string | undefined; viaCookie: boolean } {
  const header = c.req.header("authorization");
  if (header !== undefined) return { token: /^Bearer\s+(\S+)$/i.exec(header)?.[1], viaCookie: false };
  return { token: getCookie(c, SESSION_COOKIE) || undefined, viaCookie: true };
}

/**
 * A live session (a valid, unexpired token whose server-side session has not ended) of an admin
 * who still exists with an allowed role. Read from the database on every call, so logout, a
 * password or role change and deleting someone take effect at once.
 */
export function requireAdmin(
  deps: { sessions: Pick<StaffSessions, "authenticate">; trustProxy?: number },
  roles: readonly AdminRole[] = ["admin", "superadmin"],
): MiddlewareHandler {
  return async (c, next) => {
    const { token, viaCookie } = presentedToken(c);
    const session = token ? await deps.sessions.authenticate(token) : null;
    if (!session) {
      // A cookie that opens nothing any more is dropped from the browser.
      if (viaCookie && token) clearSessionCookies(c, servedOverHttps(c, deps.trustProxy ?? 0));
      c.header("WWW-Authenticate", 'Bearer realm="admin"');
      return sendError(c, UNAUTHENTICATED);
    }
    if (viaCookie && UNSAFE_METHODS.has(c.req.method)) {
      if (crossSite(c) || !sameToken(c.req.header(CSRF_HEADER), session.csrfToken)) return sendError(c, CSRF_REJECTED);
    }
    if (!roles.includes(session.admin.role)) return sendError(c, FORBIDDEN);
    c.set("admin", session.admin);
    c.set("sessionId", session.sessionId);
    await next();
  };
}

/** After requireAdmin: only superadmins (the admins calls and every hard delete). */
export const requireSuperadmin: MiddlewareHandler = async (c, next) => {
  if (c.get("admin")?.role !== "superadmin") return sendError(c, FORBIDDEN);
  await next();
};
