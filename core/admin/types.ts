import type { AdminRole, StaffRole } from "../shared/staff-roles.ts";

/** An office account (admin or superadmin): the admins list, the staff API's caller. */
export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: AdminRole;
  createdAt: Date;
}

/**
 * Whoever a session belongs to (issue 31): an office account, or a cleaner's login, which names
 * its cleaner (cleanerId is null for the office's roles).
 */
export interface StaffUser {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  cleanerId: string | null;
  createdAt: Date;
}

/** What a login reads of an account (any role): the argon2id hash never leaves the adapters and the login use case. */
export interface StaffWithHash extends StaffUser {
  /** null: an invited cleaner who has not set a password yet (nothing opens the account). */
  passwordHash: string | null;
  /** A cleaner's login: whether its cleaner is active (null for the office's roles). */
  cleanerActive: boolean | null;
}

/** The caller of a team route (issue 31): the cleaner's login and the cleaner it belongs to. */
export interface SignedInCleaner {
  /** The login's id (a row of admins with role 'cleaner'). */
  accountId: string;
  /** The cleaner of the team whose jobs they see. */
  cleanerId: string;
  name: string;
  email: string;
}
