/**
 * Admin accounts, superadmin only (admin-area.md sections 5 and 6; decisions.md, Accounts and
 * sessions): nobody deletes or demotes themselves, and one superadmin always remains.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "../booking/types.ts";
import { isRecord } from "../shared/input.ts";
import { parseInput } from "../shared/parse-input.ts";
import { type DomainError, err, ok, type Result, validationError } from "../shared/result.ts";
import { type Actor, auditEntry } from "./audit.ts";
import type { AuditLog } from "./manage-audit.ts";
import { withoutSecrets } from "./manage-audit.ts";
import { BUSY_ERROR } from "./login.ts";
import { isCommonPassword, isRepetitive, PASSWORD_MESSAGES, PASSWORD_RULES } from "./password-policy.ts";
import { type CommonPasswordList, type NewAdmin, type PasswordHasher, PasswordHasherBusyError } from "./ports.ts";
import { adminUserSchema } from "./schemas.ts";
import { ADMIN_ROLES, type AdminRole, type AdminUser } from "./types.ts";

export const ADMIN_ACCOUNT_LIMITS = {
  name: 100,
  email: 254,
  passwordMin: PASSWORD_RULES.min,
  passwordMax: PASSWORD_RULES.max,
} as const;

export const ADMIN_ACCOUNT_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${ADMIN_ACCOUNT_LIMITS.name} characters.`,
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: PASSWORD_MESSAGES.required,
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordRepetitive: PASSWORD_MESSAGES.repetitive,
  passwordCommon: PASSWORD_MESSAGES.common,
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

const name = z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired, abort: true })
  .max(ADMIN_ACCOUNT_LIMITS.name, M.nameTooLong);
const email = z.string({ error: M.emailRequired }).trim().min(1, { error: M.emailRequired, abort: true })
  .refine((e) => EMAIL_PATTERN.test(e) && e.length <= ADMIN_ACCOUNT_LIMITS.email, M.emailInvalid)
  .meta({ format: "email" });
const role = z.enum(ADMIN_ROLES, { error: M.roleInvalid });
// The common-password list is checked by the use case (it needs the list); the form shows these.
const password = z.string({ error: M.passwordRequired })
  .min(ADMIN_ACCOUNT_LIMITS.passwordMin, { error: M.passwordTooShort, abort: true })
  .max(ADMIN_ACCOUNT_LIMITS.passwordMax, { error: M.passwordTooLong, abort: true })
  .refine((p) => !isRepetitive(p), M.passwordRepetitive);
/** Passwords are taken as typed (spaces count); blank (or not text) means "not given". */
const given = z.unknown().transform((p) => (typeof p === "string" && p.trim() !== "" ? p : undefined));

/** Create: name, email and password required; role defaults to admin. */
export const newAdminSchema = z.object({
  name,
  email,
  password: given.pipe(password).meta({ type: "string", minLength: ADMIN_ACCOUNT_LIMITS.passwordMin }),
  role: z.union([role, z.literal(""), z.null()], { error: M.roleInvalid }).optional().transform((r) => r || "admin")
    .meta({ description: "admin when left out" }),
}).meta({ id: "AdminAccountInput" });

/** Edit: only the fields sent are checked; a blank or missing password keeps the current one. */
export const adminChangesSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  password: given.pipe(password.optional()).optional()
    .meta({ type: "string", description: "Blank or left out keeps the current password" }),
  role: role.optional(),
}).transform((changes) => {
  if (changes.password === undefined) delete changes.password;
  return changes;
}).meta({ id: "AdminAccountChanges" });

/** A new account as typed: the password is hashed before anything is stored. */
export type AdminAccountInput = z.output<typeof newAdminSchema>;
/** An edit: fields left out (and a blank password) keep their current value. */
export type AdminAccountChanges = z.output<typeof adminChangesSchema>;

// The form's checks (web-admin), with the schemas the API validates with.
export const validateNewAdmin = (form: unknown) => parseInput(newAdminSchema, isRecord(form) ? form : {});
export const validateAdminChanges = (form: unknown) => parseInput(adminChangesSchema, isRecord(form) ? form : {});

export const adminAccountSchema = adminUserSchema.extend({ createdAt: z.string().meta({ format: "date-time" }) })
  .meta({ id: "AdminAccount" });

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

/** A leaked or common password is a 422 on the password field. */
const commonPasswordError = () => validationError({ password: [M.passwordCommon] });

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
}) {
  /**
   * The route guard read the actor before this transaction; read it again under the lock, so a
   * superadmin demoted or deleted a moment ago cannot still change accounts.
   */
  const stillSuperadmin = async (tx: AdminAccountsTx, actor: Actor) =>
    (await tx.getById(actor._id))?.role === "superadmin";

  return {
    async create(actor: Actor, { password, ...account }: AdminAccountInput): Promise<Result<AdminUser>> {
      if (isCommonPassword(password, deps.commonPasswords)) return err(commonPasswordError());
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
      if (password && isCommonPassword(password, deps.commonPasswords)) return err(commonPasswordError());
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
