/**
 * The staff session kept in browser storage under 'token' and 'user' (admin-area.md section 3).
 * A token counts only while its JWT `exp` lies ahead; an expired or unreadable one is dropped.
 */
import type { AdminRole, SessionUser } from "@yarra/api/client/types.ts";

export const TOKEN_KEY = "token";
export const USER_KEY = "user";
export const ALLOWED_ROLES: readonly AdminRole[] = ["admin", "superadmin"];

export interface Session {
  token: string;
  user: SessionUser;
  /** Epoch milliseconds from the token's `exp` claim. */
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The JWT's claims, or null when the token is not a readable JWT. No signature check: the server does that. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === "object" && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Epoch ms of the token's expiry, or null when it has no usable `exp`. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

function parseUser(raw: string | null, claims: Record<string, unknown>): SessionUser {
  let stored: Partial<SessionUser> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === "object" && parsed !== null) stored = parsed as Partial<SessionUser>;
  } catch {
    // An unreadable user record is rebuilt from the token's claims below.
  }
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    _id: stored._id ?? stored.id ?? text(claims.sub),
    name: stored.name ?? text(claims.name),
    email: stored.email ?? text(claims.email),
    // The shell shows 'admin' when no role is known (admin-area.md section 2).
    role: (stored.role ?? (text(claims.role) || "admin")) as AdminRole,
  };
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
}

/** The current session, or null; drops an expired or unreadable token from storage. */
export function readSession(now: number = Date.now()): Session | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  if (!store || !token) return null;
  const claims = decodeJwtPayload(token);
  const expiresAt = tokenExpiry(token);
  if (!claims || expiresAt === null || expiresAt <= now) {
    clearSession();
    return null;
  }
  return { token, user: parseUser(store.getItem(USER_KEY), claims), expiresAt };
}

export function saveSession(token: string, user: SessionUser): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(USER_KEY, JSON.stringify(user));
}

export const isAllowedRole = (role: string): boolean => (ALLOWED_ROLES as readonly string[]).includes(role);

/** A staff-area href ('/bookings?status=PENDING') split the way router navigation takes it. */
export function splitHref(href: string): { pathname: string; search: string; hash: string } {
  const url = new URL(href, "http://staff.invalid");
  return { pathname: url.pathname, search: url.search, hash: url.hash.replace(/^#/, "") };
}

/**
 * Where to go after logging in: only paths inside this app, so a crafted link cannot send a
 * staff member to another site.
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return "/";
  }
  return target;
}
