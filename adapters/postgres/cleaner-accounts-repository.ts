/**
 * Cleaners' logins (issue 31, migration 030): rows of admins with role 'cleaner' and their
 * cleaner_id, and the one-time set-password links (only each token's hash is kept).
 */
import type {
  CleanerAccount,
  CleanerAccountsStore,
  CleanerAccountsTx,
  SetPasswordLink,
} from "../../core/admin/cleaner-accounts.ts";
import { ACCOUNT_TAKEN } from "../../core/admin/cleaner-accounts.ts";
import type { Cleaner } from "../../core/cleaners/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import { cleanersByIds } from "./cleaners-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { isUniqueViolation, transactionOver } from "./transaction.ts";
import type postgres from "postgres";

interface AccountRow {
  id: string;
  cleaner_id: string;
  email: string;
  created_at: Date;
  invited_at: Date | null;
  last_login_at: Date | null;
}

const toAccount = (row: AccountRow): CleanerAccount => ({
  accountId: row.id,
  cleanerId: row.cleaner_id,
  email: row.email,
  createdAt: new Date(row.created_at),
  invitedAt: row.invited_at === null ? null : new Date(row.invited_at),
  lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at),
});

const accountColumns = (sql: Queryable) => sql`id, cleaner_id, email, created_at, invited_at, last_login_at`;

async function accountOf(sql: Queryable, cleanerId: string): Promise<CleanerAccount | null> {
  if (!isUuid(cleanerId)) return null;
  const [row] = await sql<AccountRow[]>`
    select ${accountColumns(sql)} from admins where cleaner_id = ${cleanerId} and role = 'cleaner'`;
  return row ? toAccount(row) : null;
}

async function linkOf(sql: Queryable, tokenHash: string, lock: boolean): Promise<SetPasswordLink | null> {
  const [row] = await sql<
    { token_hash: string; admin_id: string; cleaner_id: string; email: string; expires_at: Date; used_at: Date | null }[]
  >`
    select t.token_hash, t.admin_id, a.cleaner_id, a.email, t.expires_at, t.used_at
      from password_set_tokens t join admins a on a.id = t.admin_id
     where t.token_hash = ${tokenHash} and a.role = 'cleaner'
     ${lock ? sql`for update of t` : sql``}`;
  return row
    ? {
      tokenHash: row.token_hash,
      accountId: row.admin_id,
      cleanerId: row.cleaner_id,
      email: row.email,
      expiresAt: new Date(row.expires_at),
      usedAt: row.used_at === null ? null : new Date(row.used_at),
    }
    : null;
}

const cleanerById = async (sql: Queryable, id: string): Promise<Cleaner | null> => (await cleanersByIds(sql, [id]))[0] ?? null;

function cleanerAccountsTx(tx: postgres.TransactionSql): CleanerAccountsTx {
  return {
    async lockCleaner(cleanerId) {
      if (!isUuid(cleanerId)) return null;
      const [locked] = await tx`select id from cleaners where id = ${cleanerId} for update`;
      return locked ? await cleanerById(tx, cleanerId) : null;
    },
    accountOf: (cleanerId) => accountOf(tx, cleanerId),
    async insertAccount(account) {
      try {
        // A savepoint, so a taken e-mail or cleaner leaves the transaction usable.
        const [row] = await tx.savepoint((sp) =>
          sp<AccountRow[]>`
            insert into admins (id, name, email, password_hash, role, cleaner_id, created_at, updated_at, invited_at)
            values (${crypto.randomUUID()}, ${account.name}, ${account.email.trim()}, ${account.passwordHash}, 'cleaner',
                    ${account.cleanerId}, ${account.createdAt}, ${account.createdAt}, ${account.invitedAt})
            returning ${accountColumns(sp)}`
        );
        return toAccount(row);
      } catch (error) {
        if (isUniqueViolation(error, "admins_email_key")) return ACCOUNT_TAKEN.email;
        if (isUniqueViolation(error)) return ACCOUNT_TAKEN.cleaner;
        throw error;
      }
    },
    async removeAccount(accountId) {
      // Its sessions and links go with it (on delete cascade).
      await tx`delete from admins where id = ${accountId} and role = 'cleaner'`;
    },
    async saveSetPasswordLink(link) {
      await tx`
        insert into password_set_tokens (token_hash, admin_id, created_at, expires_at)
        values (${link.tokenHash}, ${link.accountId}, ${link.createdAt}, ${link.expiresAt})`;
    },
    lockSetPasswordLink: (tokenHash) => linkOf(tx, tokenHash, true),
    async setPassword(accountId, passwordHash, tokenHash, at) {
      await tx`update admins set password_hash = ${passwordHash}, updated_at = ${at} where id = ${accountId} and role = 'cleaner'`;
      await tx`update password_set_tokens set used_at = ${at} where token_hash = ${tokenHash}`;
      // A new password ends whatever sessions the login had.
      await tx`delete from admin_sessions where admin_id = ${accountId}`;
    },
    enqueueEmail: (message) => enqueueEmail(tx, message),
    audit: { record: (entry) => recordAudit(tx, entry) },
  };
}

export function makeCleanerAccountsStore(sql: Sql): CleanerAccountsStore {
  return {
    transaction: transactionOver(sql, cleanerAccountsTx),
    getCleaner: (cleanerId) => cleanerById(sql, cleanerId),
    accountOf: (cleanerId) => accountOf(sql, cleanerId),
    setPasswordLink: (tokenHash) => linkOf(sql, tokenHash, false),
  };
}
