/**
 * Admin accounts, superadmin only (admin-area.md sections 5 and 6; decisions.md, Accounts and
 * sessions): nobody deletes or demotes themselves, and one superadmin always remains.
 */
import { EMAIL_PATTERN } from "../booking/draft-validation.ts";
import { isRecord, readText } from "../shared/input.ts";
import {
  addFieldError,
  type DomainError,
  err,
  type FieldErrors,
  hasFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import { type Actor, auditEntry } from "./audit.ts";
import type { AuditLog } from "./manage-audit.ts";
import { withoutSecrets } from "./manage-audit.ts";
import type { NewAdmin, PasswordHasher } from "./ports.ts";
import { ADMIN_ROLES, type AdminRole, type AdminUser } from "./types.ts";

export const ADMIN_ACCOUNT_LIMITS = { name: 100, email: 254, passwordMin: 12, passwordMax: 256 } as const;

export const ADMIN_ACCOUNT_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${ADMIN_ACCOUNT_LIMITS.name} characters.`,
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: `Password must be at least ${ADMIN_ACCOUNT_LIMITS.passwordMin} characters.`,
  passwordTooLong: `Password must be at most ${ADMIN_ACCOUNT_LIMITS.passwordMax} characters.`,
  roleInvalid: "Role must be admin or superadmin.",
  emailTaken: "An admin with this email already exists.",
  notFound: "Admin not found.",
  selfDelete: "You can’t delete your own account.",
  selfRole: "You can’t change your own role.",
  lastSuperadmin: "There must always be at least one superadmin.",
  forbidden: "You don’t have permission to perform this action.",
} as const;

const M = ADMIN_ACCOUNT_MESSAGES;

export const ADMIN_ERRORS = {
  emailTaken: { kind: "conflict", code: "EMAIL_TAKEN", message: M.emailTaken },
  notFound: { kind: "not_found", code: "ADMIN_NOT_FOUND", message: M.notFound },
  selfDelete: { kind: "conflict", code: "CANNOT_DELETE_SELF", message: M.selfDelete },
  selfRole: { kind: "conflict", code: "CANNOT_CHANGE_OWN_ROLE", message: M.selfRole },
  lastSuperadmin: { kind: "conflict", code: "LAST_SUPERADMIN", message: M.lastSuperadmin },
  forbidden: { kind: "forbidden", code: "FORBIDDEN", message: M.forbidden },
} as const satisfies Record<string, DomainError>;

/** A new account as typed: the password is hashed before anything is stored. */
export interface AdminAccountInput {
  name: string;
  email: string;
  password: string;
  role: AdminRole;
}

/** An edit: fields left out (and a blank password) keep their current value. */
export type AdminAccountChanges = Partial<AdminAccountInput>;

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
  audit: AuditLog;
}

export interface AdminAccountsTransactor {
  /** Commits unless `work` throws or returns a failed Result. */
  run<T>(work: (tx: AdminAccountsTx) => Promise<T>): Promise<T>;
}

function readRole(value: unknown, errors: FieldErrors): AdminRole | undefined {
  if (ADMIN_ROLES.includes(value as AdminRole)) return value as AdminRole;
  addFieldError(errors, "role", M.roleInvalid);
  return undefined;
}

function checkName(name: string, errors: FieldErrors): void {
  if (!name) addFieldError(errors, "name", M.nameRequired);
  else if (name.length > ADMIN_ACCOUNT_LIMITS.name) addFieldError(errors, "name", M.nameTooLong);
}

function checkEmail(email: string, errors: FieldErrors): void {
  if (!email) addFieldError(errors, "email", M.emailRequired);
  else if (!EMAIL_PATTERN.test(email) || email.length > ADMIN_ACCOUNT_LIMITS.email) {
    addFieldError(errors, "email", M.emailInvalid);
  }
}

/** Passwords are taken as typed (spaces count); blank means "not given". */
function checkPassword(password: string, errors: FieldErrors): void {
  if (password.length < ADMIN_ACCOUNT_LIMITS.passwordMin) {
    addFieldError(errors, "password", M.passwordTooShort);
  } else if (password.length > ADMIN_ACCOUNT_LIMITS.passwordMax) {
    addFieldError(errors, "password", M.passwordTooLong);
  }
}

const passwordOf = (value: unknown): string =>
  typeof value === "string" && value.trim() !== "" ? value : "";

/** Create: name, email and password required; role defaults to admin. */
export function validateNewAdmin(input: unknown): Result<AdminAccountInput> {
  const raw = isRecord(input) ? input : {};
  const errors: FieldErrors = {};
  const name = readText(raw.name);
  const email = readText(raw.email);
  const password = passwordOf(raw.password);
  checkName(name, errors);
  checkEmail(email, errors);
  if (!password) addFieldError(errors, "password", M.passwordRequired);
  else checkPassword(password, errors);
  const role = raw.role === undefined || raw.role === null || raw.role === ""
    ? "admin"
    : readRole(raw.role, errors);
  if (hasFieldErrors(errors) || !role) return err(validationError(errors));
  return ok({ name, email, password, role });
}

/** Edit: only the fields sent are checked; a blank or missing password keeps the current one. */
export function validateAdminChanges(input: unknown): Result<AdminAccountChanges> {
  const raw = isRecord(input) ? input : {};
  const errors: FieldErrors = {};
  const changes: AdminAccountChanges = {};
  if (raw.name !== undefined) {
    changes.name = readText(raw.name);
    checkName(changes.name, errors);
  }
  if (raw.email !== undefined) {
    changes.email = readText(raw.email);
    checkEmail(changes.email, errors);
  }
  const password = passwordOf(raw.password);
  if (password) {
    changes.password = password;
    checkPassword(password, errors);
  }
  if (raw.role !== undefined) changes.role = readRole(raw.role, errors);
  return hasFieldErrors(errors) ? err(validationError(errors)) : ok(changes);
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

export function makeManageAdmins(deps: {
  transactor: AdminAccountsTransactor;
  hasher: PasswordHasher;
}) {
  /**
   * The route guard read the actor before this transaction; read it again under the lock, so a
   * superadmin demoted or deleted a moment ago cannot still change accounts.
   */
  const stillSuperadmin = async (tx: AdminAccountsTx, actor: Actor) =>
    (await tx.getById(actor._id))?.role === "superadmin";

  return {
    async create(actor: Actor, input: unknown): Promise<Result<AdminUser>> {
      const valid = validateNewAdmin(input);
      if (!valid.ok) return valid;
      const { password, ...account } = valid.value;
      // Hashing takes ~150 ms: outside the transaction, which stays short.
      const passwordHash = await deps.hasher.hash(password);
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

    async update(actor: Actor, id: string, input: unknown): Promise<Result<AdminUser>> {
      const valid = validateAdminChanges(input);
      if (!valid.ok) return valid;
      const { password, ...changes } = valid.value;
      const passwordHash = password ? await deps.hasher.hash(password) : undefined;
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
