/**
 * The staff session as this page knows it (admin-area.md section 3). The session itself is an
 * httpOnly cookie no script can read; the page keeps only who is signed in and until when (the
 * login answer's expiresAt), to show the shell and end the session on time. The server decides:
 * a 401 on any call ends the session here too.
 */
import type { SessionUser, StaffRole } from "@yarra/api/client/types.ts";
import { api } from "./api.ts";

export const SESSION_KEY = "staffSession";
/** Where earlier versions kept the bearer token and the user: removed on sight. */
const LEGACY_KEYS = ["token", "user"];
/** Issue 31: a cleaner's login keeps its session too; the shell shows them My jobs only. */
export const ALLOWED_ROLES: readonly StaffRole[] = ["admin", "superadmin", "cleaner"];

export interface Session {
  user: SessionUser;
  /** Epoch milliseconds from the login answer's expiresAt. */
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A stored session as written by saveSession, or null when it is unreadable. */
function parseSession(raw: string | null): Session | null {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== "object" || parsed === null) return null;
    const { user, expiresAt } = parsed as { user?: Partial<SessionUser>; expiresAt?: unknown };
    if (typeof user !== "object" || user === null || typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) return null;
    return {
      user: {
        _id: text(user._id) || text(user.id),
        name: text(user.name),
        email: text(user.email),
        // The shell shows 'admin' when no role is known (admin-area.md section 2).
        role: (text(user.role) || "admin") as StaffRole,
        // A cleaner's login names its cleaner; the office's sessions carry none.
        ...(text(user.cleanerId) ? { cleanerId: text(user.cleanerId) } : {}),
      },
      expiresAt,
    };
  } catch {
    return null;
  }
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(SESSION_KEY);
  for (const key of LEGACY_KEYS) store?.removeItem(key);
}

/** The current session, or null; drops an expired or unreadable one from storage. */
export function readSession(now: number = Date.now()): Session | null {
  const store = storage();
  if (!store) return null;
  // A bearer token left by an earlier version is not kept in page-readable storage.
  for (const key of LEGACY_KEYS) store.removeItem(key);
  const raw = store.getItem(SESSION_KEY);
  if (!raw) return null;
  const session = parseSession(raw);
  if (!session || session.expiresAt <= now) {
    clearSession();
    return null;
  }
  return session;
}

/** After a login: who signed in, and when the session ends (ISO time from the server). */
export function saveSession(user: SessionUser, expiresAt: string): void {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) throw new Error("The login answer had no session end.");
  storage()?.setItem(SESSION_KEY, JSON.stringify({ user, expiresAt: end } satisfies Session));
}

/** Logout: forgets the session here at once and ends it on the server (which clears the cookie). */
export async function endSession(): Promise<void> {
  clearSession();
  try {
    await api.post("/api/auth/logout");
  } catch {
    // Already ended or offline: nothing here still holds it, and the cookie expires on its own.
  }
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
