/**
 * Cleaners' logins (issue 31), with the other accounts (core/admin sits above the team and the
 * e-mails, whose rules it uses): staff give a cleaner a login with a password (the admin policy) or
 * an invite e-mail with a one-time link to set their own (random, stored hashed, 72 hours, used
 * once). A login is a row of admins with role 'cleaner' naming its cleaner, so logging in, sessions
 * and CSRF are the staff area's; the staff API refuses the role (api/middleware/auth.ts).
 */
import { hashOrBusy, makePasswordJudge, type PasswordJudgeDeps } from "./manage-admins.ts";
import { SERVICE_BUSY } from "./login.ts";
import type { PasswordHasher } from "./ports.ts";
import { hashManageToken, MANAGE_TOKEN_PATTERN, newManageToken } from "../booking/manage/token.ts";
import { cleanerInviteEmail } from "../notifications/cleaner-invite.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { type Actor, auditEntry, type AuditLog } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Clock, InTransaction } from "../shared/ports.ts";
import { declareError, err, type ErrorOf, ok, type Result, VALIDATION_FAILED } from "../shared/result.ts";
import {
  CLEANER_ACCOUNT_MESSAGES as M,
  type NewCleanerAccountInput,
  SET_PASSWORD_LINK_HOURS,
  type SetPasswordInput,
} from "./cleaner-account-form.ts";
import { CLEANER_ERRORS } from "../cleaners/rules.ts";
import type { Cleaner } from "../cleaners/types.ts";
import { CLEANER_ENTITY } from "../cleaners/use-cases.ts";

/** A cleaner's login as the Team screen shows it. */
export interface CleanerAccount {
  /** The login's id (its row of admins). */
  accountId: string;
  cleanerId: string;
  email: string;
  createdAt: Date;
  invitedAt: Date | null;
  lastLoginAt: Date | null;
}

export interface NewCleanerAccount {
  cleanerId: string;
  /** The cleaner's name, which the login goes by. */
  name: string;
  email: string;
  /** null: the cleaner sets one through the invite's link. */
  passwordHash: string | null;
  createdAt: Date;
  invitedAt: Date | null;
}

/** A set-password link as stored: only its token's hash. */
export interface SetPasswordLink {
  tokenHash: string;
  accountId: string;
  cleanerId: string;
  /** The login's e-mail, which the password may not contain. */
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Why a login could not be written: the e-mail or the cleaner already has one. */
export const ACCOUNT_TAKEN = { email: "EMAIL_TAKEN", cleaner: "CLEANER_HAS_ACCOUNT" } as const;
type AccountTaken = (typeof ACCOUNT_TAKEN)[keyof typeof ACCOUNT_TAKEN];

/** One transaction of a login's change, with its audit row and its e-mail. */
export interface CleanerAccountsTx {
  /** Reads the cleaner and holds the row, so one cleaner's login changes one at a time. */
  lockCleaner(cleanerId: string): Promise<Cleaner | null>;
  accountOf(cleanerId: string): Promise<CleanerAccount | null>;
  insertAccount(account: NewCleanerAccount): Promise<CleanerAccount | AccountTaken>;
  /** Deletes the login: its sessions and links go with it. */
  removeAccount(accountId: string): Promise<void>;
  saveSetPasswordLink(link: { tokenHash: string; accountId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** The link, held until the transaction ends (two uses of one link: one wins). */
  lockSetPasswordLink(tokenHash: string): Promise<SetPasswordLink | null>;
  /** Sets the login's password, marks the link used, and ends the login's sessions. */
  setPassword(accountId: string, passwordHash: string, tokenHash: string, at: Date): Promise<void>;
  enqueueEmail(message: OutboxMessage): Promise<void>;
  audit: AuditLog;
}

export interface CleanerAccountsStore {
  transaction: InTransaction<CleanerAccountsTx>;
  getCleaner(cleanerId: string): Promise<Cleaner | null>;
  accountOf(cleanerId: string): Promise<CleanerAccount | null>;
  setPasswordLink(tokenHash: string): Promise<SetPasswordLink | null>;
}

export const CLEANER_HAS_ACCOUNT = declareError("conflict", "CLEANER_HAS_ACCOUNT", M.hasAccount);
export const CLEANER_ACCOUNT_EMAIL_TAKEN = declareError("conflict", "EMAIL_TAKEN", M.emailTaken);
export const CLEANER_INACTIVE = declareError("conflict", "CLEANER_INACTIVE", M.inactive);
export const CLEANER_ACCOUNT_NOT_FOUND = declareError("not_found", "CLEANER_ACCOUNT_NOT_FOUND", M.noAccount);
export const SET_PASSWORD_LINK_INVALID = declareError("not_found", "SET_PASSWORD_LINK_INVALID", M.linkInvalid);

export const GET_CLEANER_ACCOUNT_ERRORS = [CLEANER_ERRORS.notFound] as const;
export type GetCleanerAccountError = ErrorOf<typeof GET_CLEANER_ACCOUNT_ERRORS>;

/** Giving a login: the password's policy, a full hashing queue, the cleaner, and who has the login or the e-mail. */
export const CREATE_CLEANER_ACCOUNT_ERRORS = [
  VALIDATION_FAILED,
  SERVICE_BUSY,
  CLEANER_ERRORS.notFound,
  CLEANER_INACTIVE,
  CLEANER_HAS_ACCOUNT,
  CLEANER_ACCOUNT_EMAIL_TAKEN,
] as const;
export type CreateCleanerAccountError = ErrorOf<typeof CREATE_CLEANER_ACCOUNT_ERRORS>;

export const REMOVE_CLEANER_ACCOUNT_ERRORS = [CLEANER_ERRORS.notFound, CLEANER_ACCOUNT_NOT_FOUND] as const;
export type RemoveCleanerAccountError = ErrorOf<typeof REMOVE_CLEANER_ACCOUNT_ERRORS>;

/** The invite's page: the link, then the password's policy and a full hashing queue. */
export const SET_PASSWORD_ERRORS = [SET_PASSWORD_LINK_INVALID, VALIDATION_FAILED, SERVICE_BUSY] as const;
export type SetPasswordError = ErrorOf<typeof SET_PASSWORD_ERRORS>;

const LINK_MS = SET_PASSWORD_LINK_HOURS * 3_600_000;

/** Whether the link still sets a password at `now`: unused and not expired. */
export const setPasswordLinkOpen = (link: Pick<SetPasswordLink, "expiresAt" | "usedAt">, now: Date): boolean =>
  link.usedAt === null && now.getTime() < link.expiresAt.getTime();

/** The audit form of a login: never a password, a hash or a token. */
const auditForm = (account: Pick<CleanerAccount, "email" | "invitedAt">) => ({
  email: account.email,
  invited: account.invitedAt !== null,
});

export function makeCleanerAccounts(deps: PasswordJudgeDeps & {
  store: CleanerAccountsStore;
  hasher: PasswordHasher;
  clock: Clock;
  /** The business and site the invite is written with, read before the transaction opens. */
  mailContext: () => Promise<MessageContext>;
  /** Random bytes for the links' tokens; the platform's by default. */
  random?: (bytes: Uint8Array) => Uint8Array;
}) {
  const { store, clock } = deps;
  const judged = makePasswordJudge(deps);

  /** Refusals a create can tell before judging a password; the transaction checks them again under the lock. */
  const blocker = (cleaner: Cleaner | null, account: CleanerAccount | null) =>
    !cleaner ? CLEANER_ERRORS.notFound : account ? CLEANER_HAS_ACCOUNT : !cleaner.active ? CLEANER_INACTIVE : null;

  return {
    /** The cleaner's login, or null when they have none. */
    async get(cleanerId: string): Promise<Result<CleanerAccount | null, GetCleanerAccountError>> {
      if (!await store.getCleaner(cleanerId)) return err(CLEANER_ERRORS.notFound);
      return ok(await store.accountOf(cleanerId));
    },

    /**
     * Gives an active cleaner without a login one. With a password, the admin policy judges it;
     * without one (or with sendInvite) the cleaner is e-mailed a link to set theirs. Audited as
     * cleaner.account_create.
     */
    async create(actor: Actor, cleanerId: string, input: NewCleanerAccountInput): Promise<Result<CleanerAccount, CreateCleanerAccountError>> {
      const early = blocker(await store.getCleaner(cleanerId), await store.accountOf(cleanerId));
      if (early) return err(early);
      let passwordHash: string | null = null;
      if (input.password) {
        const allowed = await judged(input.password, [input.email]);
        if (!allowed.ok) return allowed;
        // Hashing takes ~150 ms: outside the transaction, which stays short.
        const hashed = await hashOrBusy(deps.hasher, input.password);
        if (!hashed.ok) return hashed;
        passwordHash = hashed.value;
      }
      const inviting = !input.password || input.sendInvite === true;
      const link = inviting ? newManageToken(deps.random) : null;
      const ctx = inviting ? await deps.mailContext() : null;
      const now = clock.now();
      return await store.transaction(async (tx): Promise<Result<CleanerAccount, CreateCleanerAccountError>> => {
        const cleaner = await tx.lockCleaner(cleanerId);
        const refused = blocker(cleaner, cleaner && await tx.accountOf(cleanerId));
        if (refused || !cleaner) return err(refused ?? CLEANER_ERRORS.notFound);
        const created = await tx.insertAccount({
          cleanerId,
          name: cleaner.name,
          email: input.email,
          passwordHash,
          createdAt: now,
          invitedAt: inviting ? now : null,
        });
        if (created === ACCOUNT_TAKEN.email) return err(CLEANER_ACCOUNT_EMAIL_TAKEN);
        if (created === ACCOUNT_TAKEN.cleaner) return err(CLEANER_HAS_ACCOUNT);
        if (link && ctx) {
          const expiresAt = new Date(now.getTime() + LINK_MS);
          await tx.saveSetPasswordLink({ tokenHash: link.hash, accountId: created.accountId, createdAt: now, expiresAt });
          await tx.enqueueEmail(cleanerInviteEmail(
            { cleanerName: cleaner.name, email: created.email, token: link.token, expiresAt, cleanerId },
            ctx,
            deps.siteUrl,
          ));
        }
        await tx.audit.record(auditEntry(actor, "cleaner.account_create", CLEANER_ENTITY, cleanerId, null, auditForm(created)));
        return ok(created);
      });
    },

    /** Takes the cleaner's login away: its sessions end at once. Audited as cleaner.account_remove. */
    remove: (actor: Actor, cleanerId: string): Promise<Result<null, RemoveCleanerAccountError>> =>
      store.transaction(async (tx): Promise<Result<null, RemoveCleanerAccountError>> => {
        if (!await tx.lockCleaner(cleanerId)) return err(CLEANER_ERRORS.notFound);
        const account = await tx.accountOf(cleanerId);
        if (!account) return err(CLEANER_ACCOUNT_NOT_FOUND);
        await tx.removeAccount(account.accountId);
        await tx.audit.record(auditEntry(actor, "cleaner.account_remove", CLEANER_ENTITY, cleanerId, auditForm(account), null));
        return ok(null);
      }),

    /**
     * The invite's page: sets the login's password with an open link, which is then used up. Any
     * link that opens nothing (unknown, used, expired, malformed) gets the one 404. Answers the
     * login's e-mail, to log in with. Audited as cleaner.account_password_set, by the login itself.
     */
    async setPassword({ token, password }: SetPasswordInput): Promise<Result<{ email: string }, SetPasswordError>> {
      if (!MANAGE_TOKEN_PATTERN.test(token)) return err(SET_PASSWORD_LINK_INVALID);
      const tokenHash = hashManageToken(token);
      const link = await store.setPasswordLink(tokenHash);
      if (!link || !setPasswordLinkOpen(link, clock.now())) return err(SET_PASSWORD_LINK_INVALID);
      const allowed = await judged(password, [link.email]);
      if (!allowed.ok) return allowed;
      const hashed = await hashOrBusy(deps.hasher, password);
      if (!hashed.ok) return hashed;
      return await store.transaction(async (tx): Promise<Result<{ email: string }, SetPasswordError>> => {
        const now = clock.now();
        const held = await tx.lockSetPasswordLink(tokenHash);
        if (!held || !setPasswordLinkOpen(held, now)) return err(SET_PASSWORD_LINK_INVALID);
        await tx.setPassword(held.accountId, hashed.value, tokenHash, now);
        await tx.audit.record(auditEntry(
          { _id: held.accountId, email: held.email },
          "cleaner.account_password_set",
          CLEANER_ENTITY,
          held.cleanerId,
          null,
          { passwordSet: true },
        ));
        return ok({ email: held.email });
      });
    },
  };
}

export type CleanerAccounts = ReturnType<typeof makeCleanerAccounts>;
