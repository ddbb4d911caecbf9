/**
 * A cleaner's login (issue 31) at the API boundary: what staff send to give one, what the invite's
 * set-password page sends, and what the server answers. Browser-safe: the password rules with word
 * lists are the use case's (accounts.ts), on the server.
 */
import { z } from "zod";
import { ADMIN_ACCOUNT_LIMITS, LOGIN_FIELDS } from "./admin-account-form.ts";
import { isRecord } from "../shared/input.ts";
import { parseInput } from "../shared/parse-input.ts";

/** How long an invite's set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 72;

export const CLEANER_ACCOUNT_MESSAGES = {
  emailTaken: "An account with this email already exists.",
  hasAccount: "This cleaner already has a login.",
  inactive: "This cleaner is deactivated. Make them active again before giving them a login.",
  noAccount: "This cleaner has no login.",
  linkInvalid: "This link is invalid or has expired. Ask the office for a new one.",
  sendInvite: "Send invite must be true or false.",
  token: "This link is invalid or has expired. Ask the office for a new one.",
} as const;

const M = CLEANER_ACCOUNT_MESSAGES;

/**
 * Give a cleaner a login: the e-mail they log in with, and a password (the admin policy's rules),
 * or an invite e-mail with a one-time link to set their own (when no password is given, or
 * sendInvite is true).
 */
export const newCleanerAccountSchema = z.object({
  email: LOGIN_FIELDS.email,
  password: LOGIN_FIELDS.given.pipe(LOGIN_FIELDS.password.optional()).optional()
    .meta({ type: "string", description: "Blank or left out: the cleaner sets their own through the invite's link" }),
  sendInvite: z.boolean({ error: M.sendInvite }).optional()
    .meta({ description: "E-mail a one-time link to set a password (always when no password is given)" }),
}).meta({ id: "CleanerAccountInput" });

export type NewCleanerAccountInput = z.output<typeof newCleanerAccountSchema>;

/** The invite's page: the link's token and the password chosen. */
export const setPasswordSchema = z.object({
  // A token of another shape opens nothing: the same answer as an expired one, never a field error.
  token: z.string({ error: M.token }).meta({ description: "The token of the invite's link (/admin/set-password/<token>)" }),
  password: LOGIN_FIELDS.given.pipe(LOGIN_FIELDS.password).meta({ type: "string", minLength: ADMIN_ACCOUNT_LIMITS.passwordMin }),
}).meta({ id: "SetPasswordInput" });

export type SetPasswordInput = z.output<typeof setPasswordSchema>;

export const cleanerAccountSchema = z.object({
  email: z.string().meta({ description: "What the cleaner logs in with" }),
  createdAt: z.string().meta({ format: "date-time" }),
  invitedAt: z.string().nullable().meta({ format: "date-time", description: "When the invite e-mail went; null when none was sent" }),
  lastLoginAt: z.string().nullable().meta({ format: "date-time", description: "null until the cleaner first logs in" }),
}).meta({ id: "CleanerAccount" });

/** GET answers null for a cleaner without a login. */
export const cleanerAccountAnswerSchema = z.object({ account: cleanerAccountSchema.nullable() })
  .meta({ id: "CleanerAccountAnswer" });

export const createdCleanerAccountSchema = z.object({ account: cleanerAccountSchema }).meta({ id: "CreatedCleanerAccount" });

/** The Team screen's checks, with the schema the API validates with. */
export const validateNewCleanerAccount = (form: unknown) => parseInput(newCleanerAccountSchema, isRecord(form) ? form : {});
export const validateSetPassword = (form: unknown) => parseInput(setPasswordSchema, isRecord(form) ? form : {});
