import type { AdminUser, StaffUser, StaffWithHash } from "./types.ts";
import type { AdminRole, StaffRole } from "../shared/staff-roles.ts";

export interface NewAdmin {
  name: string;
  email: string;
  role: AdminRole;
  passwordHash: string;
}

/** The office's accounts; a cleaner's login (issue 31) is only ever found by a login. */
export interface AdminStore {
  /** Office accounts (no cleaner logins). */
  count(): Promise<number>;
  /** Any account with the e-mail (any case), a cleaner's login included, for a login to check. */
  findByEmail(email: string): Promise<StaffWithHash | null>;
  /** An office account; null for a cleaner's login. */
  getById(id: string): Promise<AdminUser | null>;
  /** Office accounts only: the admins list never shows a cleaner's login. */
  list(): Promise<AdminUser[]>;
  /** Fails with a unique violation when the e-mail (any case) is taken. */
  insert(admin: NewAdmin): Promise<AdminUser>;
}

/** Password hashing (argon2id) behind a port so core never sees a crypto library. */
export interface PasswordHasher {
  /** Both may throw PasswordHasherBusyError when the hasher takes no more work for now. */
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** A hasher with a full queue: the caller answers "busy, try again shortly", never waits. */
export class PasswordHasherBusyError extends Error {
  constructor(message = "Password hashing queue is full") {
    super(message);
    this.name = "PasswordHasherBusyError";
  }
}

/** Passwords that appear in lists of common and leaked passwords. */
export interface CommonPasswordList {
  /** Compared case-insensitively. */
  includes(password: string): boolean;
}

export interface TokenClaims {
  adminId: string;
  /** The server-side session the token belongs to; ending it ends the token. */
  sessionId: string;
  role: StaffRole;
  expiresAt: Date;
}

/** Signed session tokens (JWT HS256 in the adapter). */
export interface TokenService {
  issue(user: AdminUser | StaffUser, sessionId: string): Promise<{ token: string; expiresAt: Date }>;
  /** null for a missing, tampered, malformed or expired token, or one without a session. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Staff sessions kept by the server, so logout, a password change or a role change ends them. */
export interface AdminSessionStore {
  /** A new session of the account (a login: its last login is now), with a fresh CSRF token for cookie-carried requests. */
  start(adminId: string): Promise<{ sessionId: string; csrfToken: string }>;
  /**
   * The account of a session that has not ended: null also once the account is deleted, and for a
   * cleaner's login while its cleaner is inactive (issue 31).
   */
  find(sessionId: string, adminId: string): Promise<{ user: StaffUser; csrfToken: string } | null>;
  end(sessionId: string): Promise<void>;
}

/** One key's count of attempts in the current fixed window. */
export interface WindowCount {
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/** Login attempt counters shared by every process. */
export interface LoginThrottle {
  /**
   * Counts one attempt under each key, atomically per key (concurrent callers each see their own
   * count), and returns each key's count including this attempt, in the order given.
   */
  count(keys: string[]): Promise<WindowCount[]>;
  /** The key's count in the current window, without counting. */
  peek(key: string): Promise<number>;
  /** Takes up to `attempts` back from the key's count in the current window (never below 0). */
  forgive(key: string, attempts: number): Promise<void>;
  /** Forgets the key's count in the current window. */
  clear(key: string): Promise<void>;
}
