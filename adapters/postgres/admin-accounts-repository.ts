/** Admin account changes and the settings edits, each in one transaction with its audit row. */
import {
  type AdminAccountsTransactor,
  type AdminAccountsTx,
  EMAIL_TAKEN,
} from "../../core/admin/manage-admins.ts";
import type { AuditReader } from "../../core/admin/manage-audit.ts";
import type { SettingsAdminTransactor } from "../../core/settings/admin-settings.ts";
import { makeAdminStore } from "./admin-repository.ts";
import { endAdminSessions } from "./admin-sessions-repository.ts";
import { auditedRecordExists, listAudit, recordAudit } from "./audit-repository.ts";
import type postgres from "postgres";
import type { Queryable, Sql } from "./db.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { isUniqueViolation, runInTransaction, transactionOver } from "./transaction.ts";

/** Serialises admin account changes across processes (the last-superadmin rule). */
const ADMIN_ACCOUNTS_LOCK_KEY = 727_311_040;
/** Serialises settings edits, so two partial saves never undo each other's fields. */
const SETTINGS_LOCK_KEY = 727_311_041;

type TransactionSql = postgres.TransactionSql;

/**
 * Runs a write in a savepoint so a duplicate e-mail (the unique index on lower(email)) comes back
 * as EMAIL_TAKEN and leaves the transaction usable.
 */
async function unlessEmailTaken<T>(
  tx: TransactionSql,
  write: (sp: TransactionSql) => Promise<T>,
): Promise<T | typeof EMAIL_TAKEN> {
  try {
    return await tx.savepoint((sp) => write(sp)) as T;
  } catch (error) {
    if (isUniqueViolation(error)) return EMAIL_TAKEN;
    throw error;
  }
}

function adminAccountsTx(tx: TransactionSql): AdminAccountsTx {
  const admins = makeAdminStore(tx);
  return {
    async lockAccounts() {
      await tx`select pg_advisory_xact_lock(${ADMIN_ACCOUNTS_LOCK_KEY})`;
    },
    getById: (id) => admins.getById(id),
    async countSuperadmins() {
      const [{ n }] = await tx<{ n: number }[]>`
        select count(*)::int as n from admins where role = 'superadmin'`;
      return n;
    },
    insert: (admin) => unlessEmailTaken(tx, (sp) => makeAdminStore(sp).insert(admin)),
    async update(id, changes) {
      const updated = await unlessEmailTaken(tx, async (sp) => {
        await sp`
          update admins
             set name = coalesce(${changes.name ?? null}::text, name),
                 email = coalesce(${changes.email ?? null}::text, email),
                 role = coalesce(${changes.role ?? null}::text, role),
                 password_hash = coalesce(${changes.passwordHash ?? null}::text, password_hash),
                 updated_at = now()
           where id = ${id}`;
        return true;
      });
      if (updated === EMAIL_TAKEN) return EMAIL_TAKEN;
      const admin = await admins.getById(id);
      if (!admin) throw new Error(`Admin ${id} vanished inside its own transaction.`);
      return admin;
    },
    async remove(id) {
      await tx`delete from admins where id = ${id}`;
    },
    endSessions: (adminId, keepSessionId) => endAdminSessions(tx, adminId, keepSessionId),
    audit: { record: (entry) => recordAudit(tx, entry) },
  };
}

export function makeAdminAccountsTransactor(sql: Sql): AdminAccountsTransactor {
  return { run: transactionOver(sql, adminAccountsTx) };
}

export function makeSettingsAdminTransactor(sql: Sql): SettingsAdminTransactor {
  return {
    run: (work) =>
      runInTransaction(sql, async (tx) => {
        await tx`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY})`;
        return await work({ settings: makeSettingsStore(tx), audit: { record: (entry) => recordAudit(tx, entry) } });
      }),
  };
}

export function makeAuditReader(sql: Queryable): AuditReader {
  return {
    list: (query) => listAudit(sql, query),
    recordExists: (entity, id) => auditedRecordExists(sql, entity, id),
  };
}
