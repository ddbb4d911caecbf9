/**
 * An admin account's fields as staff type them (admin-area.md section 6): limits, words and the
 * schemas the API validates with and the staff form checks with. Browser-safe: the password rules
 * that need word lists are checked by the use case (manage-admins.ts) on the server.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "../shared/contact.ts";
import { isRecord, oneLine } from "../shared/input.ts";
import { parseInput } from "../shared/parse-input.ts";
import { isRepetitive, PASSWORD_MESSAGES, PASSWORD_RULES } from "./password-rules.ts";
import { adminUserSchema } from "./schemas.ts";
import { ADMIN_ROLES } from "../shared/staff-roles.ts";

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
  passwordDemo: PASSWORD_MESSAGES.demo,
  passwordPersonal: PASSWORD_MESSAGES.personal,
  passwordGuessable: PASSWORD_MESSAGES.guessable,
  roleInvalid: "Role must be admin or superadmin.",
  emailTaken: "An admin with this email already exists.",
  notFound: "Admin not found.",
  selfDelete: "You can’t delete your own account.",
  selfRole: "You can’t change your own role.",
  lastSuperadmin: "There must always be at least one superadmin.",
  forbidden: "You don’t have permission to perform this action.",
} as const;

const M = ADMIN_ACCOUNT_MESSAGES;

const name = oneLine(
  z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired, abort: true })
    .max(ADMIN_ACCOUNT_LIMITS.name, M.nameTooLong),
);
const email = z.string({ error: M.emailRequired }).trim().min(1, { error: M.emailRequired, abort: true })
  .refine((e) => EMAIL_PATTERN.test(e) && e.length <= ADMIN_ACCOUNT_LIMITS.email, M.emailInvalid)
  .meta({ format: "email" });
const role = z.enum(ADMIN_ROLES, { error: M.roleInvalid });
// The rules with word lists and context are checked by the use case (they need the lists and the
// business); the form shows these.
const password = z.string({ error: M.passwordRequired })
  .min(ADMIN_ACCOUNT_LIMITS.passwordMin, { error: M.passwordTooShort, abort: true })
  .max(ADMIN_ACCOUNT_LIMITS.passwordMax, { error: M.passwordTooLong, abort: true })
  .refine((p) => !isRepetitive(p), M.passwordRepetitive);
/** Passwords are taken as typed (spaces count); blank (or not text) means "not given". */
const given = z.unknown().transform((p) => (typeof p === "string" && p.trim() !== "" ? p : undefined));

/**
 * The e-mail and password rules of every login, for the forms of issue 31's cleaner logins:
 * `password` checks a typed password's shape, `given` reads a blank one as "not given".
 */
export const LOGIN_FIELDS = { email, password, given } as const;

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
