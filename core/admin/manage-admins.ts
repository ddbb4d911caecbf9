/**
 * Admin accounts, superadmin only (admin-area.md sections 5 and 6; decisions.md, Accounts and
 * sessions): nobody deletes or demotes themselves, and one superadmin always remains.
 */
import { declareError, err, type ErrorOf, ok, type Result, VALIDATION_FAILED, type ValidationFailed, validationError } from "../shared/result.ts";
import type { SettingsStore } from "../settings/ports.ts";
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { AuditLog } from "../shared/audit.ts";
import { withoutSecrets } from "./manage-audit.ts";
import { changesNothing } from "../shared/unchanged.ts";
import { SERVICE_BUSY } from "./login.ts";
import { ADMIN_ACCOUNT_MESSAGES, type AdminAccountChanges, type AdminAccountInput } from "./admin-account-form.ts";
import { domainOf, type PasswordContext, passwordProblem } from "./password-policy.ts";
import {
  type AdminStore,
  type CommonPasswordList,
  type NewAdmin,
  type PasswordHasher,
  PasswordHasherBusyError,
} from "./ports.ts";
import type { AdminUser } from "./types.ts";
import type { AdminRole } from "../shared/staff-roles.ts";

// The form's pieces live apart so the staff bundle never loads the password dictionaries.
export {
  ADMIN_ACCOUNT_LIMITS,
  ADMIN_ACCOUNT_MESSAGES,
  type AdminAccountChanges,
  type AdminAccountInput,
  adminAccountSchema,
  adminChangesSchema,
  newAdminSchema,
  validateAdminChanges,
  validateNewAdmin,
} from "./admin-account-form.ts";

const M = ADMIN_ACCOUNT_MESSAGES;

/** Another admin has this e-mail (any case). */
export const ADMIN_EMAIL_TAKEN = declareError("conflict", "EMAIL_TAKEN", M.emailTaken);
export const ADMIN_NOT_FOUND = declareError("not_found", "ADMIN_NOT_FOUND", M.notFound);
export const CANNOT_DELETE_SELF = declareError("conflict", "CANNOT_DELETE_SELF", M.selfDelete);
export const CANNOT_CHANGE_OWN_ROLE = declareError("conflict", "CANNOT_CHANGE_OWN_ROLE", M.selfRole);
/** There must always be at least one superadmin. */
export const LAST_SUPERADMIN = declareError("conflict", "LAST_SUPERADMIN", M.lastSuperadmin);
/** The acting superadmin was demoted or deleted since the route's guard read them. */
export const NO_LONGER_SUPERADMIN = declareError("forbidden", "FORBIDDEN", M.forbidden);

/** A new account: the password's policy (a field error), a full hashing queue, the actor, the e-mail. */
export const CREATE_ADMIN_ERRORS = [VALIDATION_FAILED, SERVICE_BUSY, NO_LONGER_SUPERADMIN, ADMIN_EMAIL_TAKEN] as const;
export type CreateAdminError = ErrorOf<typeof CREATE_ADMIN_ERRORS>;

/** What a role change can refuse. */
export const ROLE_CHANGE_ERRORS = [CANNOT_CHANGE_OWN_ROLE, LAST_SUPERADMIN] as const;
export type RoleChangeError = ErrorOf<typeof ROLE_CHANGE_ERRORS>;

/** What deleting an account can refuse, the account found. */
export const DELETION_ERRORS = [CANNOT_DELETE_SELF, LAST_SUPERADMIN] as const;
export type DeletionError = ErrorOf<typeof DELETION_ERRORS>;

/** An edit: as a new account, plus an unknown admin and the role's rules. */
export const UPDATE_ADMIN_ERRORS = [...CREATE_ADMIN_ERRORS, ADMIN_NOT_FOUND, ...ROLE_CHANGE_ERRORS] as const;
export type UpdateAdminError = ErrorOf<typeof UPDATE_ADMIN_ERRORS>;

export const REMOVE_ADMIN_ERRORS = [NO_LONGER_SUPERADMIN, ADMIN_NOT_FOUND, ...DELETION_ERRORS] as const;
export type RemoveAdminError = ErrorOf<typeof REMOVE_ADMIN_ERRORS>;

/** What the store changes; the password only ever as its hash. */
export interface StoredAdminChanges {
  name?: string;
  email?: string;
  role?: AdminRole;
  passwordHash?: string;
}

/** The marker a store returns when the e-mail (any case) belongs to another admin. */
export const EMAIL_TAKEN = "EMAIL_TAKEN" as const;

/** One transaction of account changes. */
export interface AdminAccountsTx {
  /** Serialises account changes, so two requests cannot both remove "the other" superadmin. */
  lockAccounts(): Promise<void>;
  getById(id: string): Promise<AdminUser | null>;
  countSuperadmins(): Promise<number>;
  insert(admin: NewAdmin): Promise<AdminUser | typeof EMAIL_TAKEN>;
  /** The admin exists (the caller read it in this transaction). */
  update(id: string, changes: StoredAdminChanges): Promise<AdminUser | typeof EMAIL_TAKEN>;
  remove(id: string): Promise<void>;
  /** Ends every session of the admin except `keepSessionId`. */
  endSessions(adminId: string, keepSessionId?: string): Promise<void>;
  audit: AuditLog;
}

export interface AdminAccountsTransactor {
  /** Commits unless `work` throws or returns a failed Result. */
  run<T>(work: (tx: AdminAccountsTx) => Promise<T>): Promise<T>;
}

/** Why `actor` may not give `target` the role `nextRole`, or null when they may. */
export function roleChangeBlocker(
  actor: Actor,
  target: AdminUser,
  nextRole: AdminRole,
  superadminCount: number,
): RoleChangeError | null {
  if (nextRole === target.role) return null;
  if (target._id === actor._id) return CANNOT_CHANGE_OWN_ROLE;
  if (target.role === "superadmin" && superadminCount <= 1) return LAST_SUPERADMIN;
  return null;
}

/** Why `actor` may not delete `target`, or null when they may. */
export function deletionBlocker(
  actor: Actor,
  target: AdminUser,
  superadminCount: number,
): DeletionError | null {
  if (target._id === actor._id) return CANNOT_DELETE_SELF;
  if (target.role === "superadmin" && superadminCount <= 1) return LAST_SUPERADMIN;
  return null;
}

/** The audit form of an account: never a password or its hash. */
const auditForm = (admin: AdminUser, extra: Record<string, unknown> = {}) =>
  withoutSecrets({ ...admin, ...extra });

/** A password the policy refuses is a 422 on the password field, saying why. */
const passwordError = (message: string): ValidationFailed => validationError({ password: [message] });

/** What judging a login's password needs: the word lists, and what the business and its site are called. */
export interface PasswordJudgeDeps {
  commonPasswords: CommonPasswordList;
  /** The business's names and e-mail, which a password may not contain. */
  settings: Pick<SettingsStore, "getBusinessProfile">;
  /** The site's public address (SITE_URL, or the local one): its domain may not be in a password either. */
  siteUrl: string;
}

/**
 * The password policy as a Result, before any hashing: every login's password (an admin's, and
 * issue 31's cleaners') is judged by it, with the account's e-mails as its own words.
 */
export function makePasswordJudge(deps: PasswordJudgeDeps) {
  /** What the password of an account with these e-mails must not name. */
  const contextOf = async (emails: (string | undefined)[]): Promise<PasswordContext> => {
    const profile = await deps.settings.getBusinessProfile();
    return {
      businessNames: [profile?.brandName, profile?.legalName],
      domains: [domainOf(deps.siteUrl), domainOf(profile?.email), domainOf(profile?.notificationEmail)],
      emails,
    };
  };
  return async (password: string, emails: (string | undefined)[]): Promise<Result<null, ValidationFailed>> => {
    const problem = await passwordProblem(password, deps.commonPasswords, await contextOf(emails));
    return problem ? err(passwordError(problem)) : ok(null);
  };
}

/** The hash, or the busy answer when the hasher's queue is full. */
export async function hashOrBusy(hasher: PasswordHasher, password: string): Promise<Result<string, typeof SERVICE_BUSY>> {
  try {
    return ok(await hasher.hash(password));
  } catch (error) {
    if (error instanceof PasswordHasherBusyError) return err(SERVICE_BUSY);
    throw error;
  }
}

export function makeManageAdmins(deps: PasswordJudgeDeps & {
  transactor: AdminAccountsTransactor;
  hasher: PasswordHasher;
  /** The admin an edit changes, read for its e-mail before the password is judged. */
  admins: Pick<AdminStore, "getById">;
}) {
  /** The policy's refusal of the password as a Result, before any hashing. */
  const judged = makePasswordJudge(deps);

  /**
   * The route guard read the actor before this transaction; read it again under the lock, so a
   * superadmin demoted or deleted a moment ago cannot still change accounts.
   */
  const stillSuperadmin = async (tx: AdminAccountsTx, actor: Actor) =>
    (await tx.getById(actor._id))?.role === "superadmin";

  return {
    async create(actor: Actor, { password, ...account }: AdminAccountInput): Promise<Result<AdminUser, CreateAdminError>> {
      const allowed = await judged(password, [account.email]);
      if (!allowed.ok) return allowed;
      // Hashing takes ~150 ms: outside the transaction, which stays short.
      const hashed = await hashOrBusy(deps.hasher, password);
      if (!hashed.ok) return hashed;
      const passwordHash = hashed.value;
      return await deps.transactor.run(async (tx): Promise<Result<AdminUser, CreateAdminError>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(NO_LONGER_SUPERADMIN);
        const created = await tx.insert({ ...account, passwordHash });
        if (created === EMAIL_TAKEN) return err(ADMIN_EMAIL_TAKEN);
        await tx.audit.record(
          auditEntry(actor, "admin.create", "admin", created._id, null, auditForm(created)),
        );
        return ok(created);
      });
    },

    async update(actor: Actor, id: string, { password, ...changes }: AdminAccountChanges): Promise<Result<AdminUser, UpdateAdminError>> {
      if (password) {
        // Judged with the e-mail the account has and the one it is given; a missing admin gets its 404 below.
        const allowed = await judged(password, [changes.email, (await deps.admins.getById(id))?.email]);
        if (!allowed.ok) return allowed;
      }
      const hashed = password ? await hashOrBusy(deps.hasher, password) : undefined;
      if (hashed && !hashed.ok) return hashed;
      const passwordHash = hashed?.value;
      return await deps.transactor.run(async (tx): Promise<Result<AdminUser, UpdateAdminError>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(NO_LONGER_SUPERADMIN);
        const target = await tx.getById(id);
        if (!target) return err(ADMIN_NOT_FOUND);
        if (changes.role) {
          const blocker = roleChangeBlocker(actor, target, changes.role, await tx.countSuperadmins());
          if (blocker) return err(blocker);
        }
        const updated = await tx.update(id, { ...changes, ...(passwordHash ? { passwordHash } : {}) });
        if (updated === EMAIL_TAKEN) return err(ADMIN_EMAIL_TAKEN);
        // A new password or role ends the admin's sessions at once, except the one making the change.
        if (passwordHash || updated.role !== target.role) await tx.endSessions(id, actor.sessionId);
        // A save that changes nothing (the same name, e-mail and role, no new password) leaves no row.
        const [before, after] = [auditForm(target), auditForm(updated, passwordHash ? { passwordChanged: true } : {})];
        if (!changesNothing(before, after)) await tx.audit.record(auditEntry(actor, "admin.update", "admin", id, before, after));
        return ok(updated);
      });
    },

    async remove(actor: Actor, id: string): Promise<Result<null, RemoveAdminError>> {
      return await deps.transactor.run(async (tx): Promise<Result<null, RemoveAdminError>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(NO_LONGER_SUPERADMIN);
        const target = await tx.getById(id);
        if (!target) return err(ADMIN_NOT_FOUND);
        const blocker = deletionBlocker(actor, target, await tx.countSuperadmins());
        if (blocker) return err(blocker);
        await tx.remove(id);
        await tx.audit.record(auditEntry(actor, "admin.delete", "admin", id, auditForm(target), null));
        return ok(null);
      });
    },
  };
}

export type ManageAdmins = ReturnType<typeof makeManageAdmins>;
