import type { AdminStore } from "../../core/admin/ports.ts";
import type { AdminUser, StaffWithHash } from "../../core/admin/types.ts";
import type { AdminRole, StaffRole } from "../../core/shared/staff-roles.ts";
import type { Queryable } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";

interface AdminRow {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  created_at: Date;
}

const toAdmin = (row: AdminRow): AdminUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  createdAt: new Date(row.created_at),
});

/** The columns of an office account; a cleaner's login (issue 31) is never read as one. */
const adminColumns = (sql: Queryable) => sql`id, name, email, role, created_at`;

export function makeAdminStore(sql: Queryable): AdminStore {
  return {
    async count() {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from admins where role <> 'cleaner'`;
      return count;
    },
    async findByEmail(email) {
      // Any login with the e-mail; a cleaner's says whether its cleaner is still active.
      const [row] = await sql<
        (Omit<AdminRow, "role"> & { role: StaffRole; cleaner_id: string | null; password_hash: string | null; cleaner_active: boolean | null })[]
      >`
        select a.id, coalesce(c.name, a.name) as name, a.email, a.role, a.created_at, a.cleaner_id, a.password_hash,
               c.active as cleaner_active
          from admins a left join cleaners c on c.id = a.cleaner_id
         where lower(a.email) = lower(${email.trim()})`;
      if (!row) return null;
      return {
        _id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        cleanerId: row.cleaner_id,
        createdAt: new Date(row.created_at),
        passwordHash: row.password_hash,
        cleanerActive: row.cleaner_id === null ? null : row.cleaner_active === true,
      } satisfies StaffWithHash;
    },
    async getById(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<AdminRow[]>`select ${adminColumns(sql)} from admins where id = ${id} and role <> 'cleaner'`;
      return row ? toAdmin(row) : null;
    },
    async list() {
      const rows = await sql<AdminRow[]>`
        select ${adminColumns(sql)} from admins where role <> 'cleaner' order by lower(name), lower(email)`;
      return rows.map(toAdmin);
    },
    async insert(admin) {
      const [row] = await sql<AdminRow[]>`
        insert into admins (id, name, email, password_hash, role)
        values (${crypto.randomUUID()}, ${admin.name}, ${admin.email.trim()}, ${admin.passwordHash},
                ${admin.role})
        returning ${adminColumns(sql)}`;
      return toAdmin(row);
    },
  };
}
