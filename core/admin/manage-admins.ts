/**
 * Admin accounts, superadmin only (admin-area.md sections 5 and 6; decisions.md, Accounts and
 * sessions): nobody deletes or demotes themselves, and one superadmin always remains.
 */
import { type DomainError, err, ok, type Result, validationError } from "../shared/result.ts";
import type { SettingsStore } from "../settings/ports.ts";
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { AuditLog } from "../shared/audit.ts";
import { withoutSecrets } from "./manage-audit.ts";
import { BUSY_ERROR } from "./login.ts";
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

export const ADMIN_ERRORS = {
  emailTaken: { kind: "conflict", code: "EMAIL_TAKEN", message: M.emailTaken },
  notFound: { kind: "not_found", code: "ADMIN_NOT_FOUND", message: M.notFound },
  selfDelete: { kind: "conflict", code: "CANNOT_DELETE_SELF", message: M.selfDelete },
  selfRole: { kind: "conflict", code: "CANNOT_CHANGE_OWN_ROLE", message: M.selfRole },
  lastSuperadmin: { kind: "conflict", code: "LAST_SUPERADMIN", message: M.lastSuperadmin },
  forbidden: { kind: "forbidden", code: "FORBIDDEN", message: M.forbidden },
} as const satisfies Record<string, DomainError>;

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
): DomainError | null {
  if (nextRole === target.role) return null;
  if (target._id === actor._id) return ADMIN_ERRORS.selfRole;
  if (target.role === "superadmin" && superadminCount <= 1) return ADMIN_ERRORS.lastSuperadmin;
  return null;
}

/** Why `actor` may not delete `target`, or null when they may. */
export function deletionBlocker(
  actor: Actor,
  target: AdminUser,
  superadminCount: number,
): DomainError | null {
  if (target._id === actor._id) return ADMIN_ERRORS.selfDelete;
  if (target.role === "superadmin" && superadminCount <= 1) return ADMIN_ERRORS.lastSuperadmin;
  return null;
}

/** The audit form of an account: never a password or its hash. */
const auditForm = (admin: AdminUser, extra: Record<string, unknown> = {}) =>
  withoutSecrets({ ...admin, ...extra });

/** A password the policy refuses is a 422 on the password field, saying why. */
const passwordError = (message: string) => validationError({ password: [message] });

/** The hash, or the busy answer when the hasher's queue is full. */
async function hashOrBusy(hasher: PasswordHasher, password: string): Promise<Result<string>> {
  try {
    return ok(await hasher.hash(password));
  } catch (error) {
    if (error instanceof PasswordHasherBusyError) return err(BUSY_ERROR);
    throw error;
  }
}

export function makeManageAdmins(deps: {
  transactor: AdminAccountsTransactor;
  hasher: PasswordHasher;
  commonPasswords: CommonPasswordList;
  /** The admin an edit changes, read for its e-mail before the password is judged. */
  admins: Pick<AdminStore, "getById">;
  /** The business's names and e-mail, which a password may not contain. */
  settings: Pick<SettingsStore, "getBusinessProfile">;
  /** The site's public address (SITE_URL, or the local one): its domain may not be in a password either. */
  siteUrl: string;
}) {
  /** What the password of an account with these e-mails must not name. */
  const contextOf = async (emails: (string | undefined)[]): Promise<PasswordContext> => {
    const profile = await deps.settings.getBusinessProfile();
    return {
      businessNames: [profile?.brandName, profile?.legalName],
      domains: [domainOf(deps.siteUrl), domainOf(profile?.email), domainOf(profile?.notificationEmail)],
      emails,
    };
  };
  /** The policy's refusal of the password as a Result, before any hashing. */
  const judged = async (password: string, emails: (string | undefined)[]): Promise<Result<null>> => {
    const problem = await passwordProblem(password, deps.commonPasswords, await contextOf(emails));
    return problem ? err(passwordError(problem)) : ok(null);
  };

  /**
   * The route guard read the actor before this transaction; read it again under the lock, so a
   * superadmin demoted or deleted a moment ago cannot still change accounts.
   */
  const stillSuperadmin = async (tx: AdminAccountsTx, actor: Actor) =>
    (await tx.getById(actor._id))?.role === "superadmin";

  return {
    async create(actor: Actor, { password, ...account }: AdminAccountInput): Promise<Result<AdminUser>> {
      const allowed = await judged(password, [account.email]);
      if (!allowed.ok) return allowed;
      // Hashing takes ~150 ms: outside the transaction, which stays short.
      const hashed = await hashOrBusy(deps.hasher, password);
      if (!hashed.ok) return hashed;
      const passwordHash = hashed.value;
      return await deps.transactor.run(async (tx): Promise<Result<AdminUser>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(ADMIN_ERRORS.forbidden);
        const created = await tx.insert({ ...account, passwordHash });
        if (created === EMAIL_TAKEN) return err(ADMIN_ERRORS.emailTaken);
        await tx.audit.record(
          auditEntry(actor, "admin.create", "admin", created._id, null, auditForm(created)),
        );
        return ok(created);
      });
    },

    async update(actor: Actor, id: string, { password, ...changes }: AdminAccountChanges): Promise<Result<AdminUser>> {
      if (password) {
        // Judged with the e-mail the account has and the one it is given; a missing admin gets its 404 below.
        const allowed = await judged(password, [changes.email, (await deps.admins.getById(id))?.email]);
        if (!allowed.ok) return allowed;
      }
      const hashed = password ? await hashOrBusy(deps.hasher, password) : undefined;
      if (hashed && !hashed.ok) return hashed;
      const passwordHash = hashed?.value;
      return await deps.transactor.run(async (tx): Promise<Result<AdminUser>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(ADMIN_ERRORS.forbidden);
        const target = await tx.getById(id);
        if (!target) return err(ADMIN_ERRORS.notFound);
        if (changes.role) {
          const blocker = roleChangeBlocker(actor, target, changes.role, await tx.countSuperadmins());
          if (blocker) return err(blocker);
        }
        const updated = await tx.update(id, { ...changes, ...(passwordHash ? { passwordHash } : {}) });
        if (updated === EMAIL_TAKEN) return err(ADMIN_ERRORS.emailTaken);
        // A new password or role ends the admin's sessions at once, except the one making the change.
        if (passwordHash || updated.role !== target.role) await tx.endSessions(id, actor.sessionId);
        await tx.audit.record(
          auditEntry(
            actor,
            "admin.update",
            "admin",
            id,
            auditForm(target),
            auditForm(updated, passwordHash ? { passwordChanged: true } : {}),
          ),
        );
        return ok(updated);
      });
    },

    async remove(actor: Actor, id: string): Promise<Result<null>> {
      return await deps.transactor.run(async (tx): Promise<Result<null>> => {
        await tx.lockAccounts();
        if (!await stillSuperadmin(tx, actor)) return err(ADMIN_ERRORS.forbidden);
        const target = await tx.getById(id);
        if (!target) return err(ADMIN_ERRORS.notFound);
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
