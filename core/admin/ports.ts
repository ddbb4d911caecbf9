import type { AdminRole, AdminUser, AdminWithHash } from "./types.ts";

export interface NewAdmin {
  name: string;
  email: string;
  role: AdminRole;
  passwordHash: string;
}

export interface AdminStore {
  count(): Promise<number>;
  findByEmail(email: string): Promise<AdminWithHash | null>;
  getById(id: string): Promise<AdminUser | null>;
  list(): Promise<AdminUser[]>;
  /** Fails with a unique violation when the e-mail (any case) is taken. */
  insert(admin: NewAdmin): Promise<AdminUser>;
}

/** Password hashing (argon2id) behind a port so core never sees a crypto library. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface TokenClaims {
  adminId: string;
  role: AdminRole;
  expiresAt: Date;
}

/** Signed session tokens (JWT HS256 in the adapter). */
export interface TokenService {
  issue(admin: AdminUser): Promise<{ token: string; expiresAt: Date }>;
  /** null for a missing, tampered, malformed or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Failed-login counters shared by every process. */
export interface LoginThrottle {
  /** Failures so far in the current window for these keys (the highest of them). */
  failures(keys: string[]): Promise<{ count: number; retryAfterSeconds: number }>;
  recordFailure(keys: string[]): Promise<void>;
}
