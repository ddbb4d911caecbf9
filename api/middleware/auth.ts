/**
 * Who is calling a staff route. Integrators send `Authorization: Bearer <token>`; the staff bundle
 * carries the same token in an httpOnly, SameSite=Strict cookie that page scripts cannot read,
 * and proves each write came from the staff area by echoing the session's CSRF token (readable
 * cookie -> X-CSRF-Token header). The Authorization header wins when both are sent.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { StaffSession, StaffSessions } from "../../core/admin/sessions.ts";
import type { AdminUser, SignedInCleaner, StaffUser } from "../../core/admin/types.ts";
import { ADMIN_ROLES, type AdminRole, isAdminRole } from "../../core/shared/staff-roles.ts";
import { CSRF_COOKIE, CSRF_HEADER } from "../client/http.ts";
import { declareError } from "../../core/shared/result.ts";
import { sendError } from "../http-errors.ts";

export type { SignedInCleaner };

declare module "hono" {
  interface ContextVariableMap {
    /** Set by requireAdmin: the office account calling the staff API. */
    admin: AdminUser;
    /** Set by requireCleaner (issue 31): the cleaner's login calling the team API. */
    cleaner: SignedInCleaner;
    /** Set by every guard: whoever signed in, whatever their role. */
    staff: StaffUser;
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

interface GuardDeps {
  sessions: Pick<StaffSessions, "authenticate">;
  trustProxy?: number;
}

/**
 * A live session (a valid, unexpired token whose server-side session has not ended) of an account
 * that still exists (a cleaner's, while the cleaner is active), whose CSRF proof holds for a
 * cookie-carried write, and that `allowed` lets through. Read from the database on every call, so
 * logout, a password or role change, deleting someone and deactivating a cleaner take effect at once.
 */
function requireSession(
  deps: GuardDeps,
  allowed: (session: StaffSession) => boolean,
  admit: (c: Context, session: StaffSession) => void,
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
    if (!allowed(session)) return sendError(c, FORBIDDEN);
    c.set("staff", session.user);
    c.set("sessionId", session.sessionId);
    admit(c, session);
    await next();
  };
}

/** The office account of a session, without what only a cleaner's login has. */
const adminOf = (user: StaffUser, role: AdminRole): AdminUser => ({
  _id: user._id,
  name: user.name,
  email: user.email,
  role,
  createdAt: user.createdAt,
});

/**
 * The staff API's guard: an office account with one of `roles`. A cleaner's login (issue 31) is
 * signed in but answered 403 FORBIDDEN here, whatever `roles` says.
 */
export function requireAdmin(deps: GuardDeps, roles: readonly AdminRole[] = ADMIN_ROLES): MiddlewareHandler {
  const admits = (user: StaffUser) => isAdminRole(user.role) && roles.includes(user.role);
  return requireSession(deps, ({ user }) => admits(user), (c, { user }) => {
    if (isAdminRole(user.role)) c.set("admin", adminOf(user, user.role));
  });
}

/**
 * The team API's guard (issue 31): a cleaner's login, with the same token, cookie and CSRF rules
 * as the staff API; the office's roles get 403 FORBIDDEN. Sets c.get("cleaner").
 */
export function requireCleaner(deps: GuardDeps): MiddlewareHandler {
  return requireSession(deps, ({ user }) => user.role === "cleaner" && user.cleanerId !== null, (c, { user }) => {
    c.set("cleaner", { accountId: user._id, cleanerId: user.cleanerId!, name: user.name, email: user.email });
  });
}

/** Any signed-in account, office or cleaner: logout and "who am I". Sets c.get("staff"). */
export function requireStaff(deps: GuardDeps): MiddlewareHandler {
  return requireSession(deps, () => true, () => {});
}

/** After requireAdmin: only superadmins (the admins calls and every hard delete). */
export const requireSuperadmin: MiddlewareHandler = async (c, next) => {
  if (c.get("admin")?.role !== "superadmin") return sendError(c, FORBIDDEN);
  await next();
};
