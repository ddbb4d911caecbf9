import type { AdminStore } from "../../core/admin/ports.ts";
import type { AdminUser, AdminWithHash } from "../../core/admin/types.ts";
import type { AdminRole } from "../../core/shared/staff-roles.ts";
import type { Queryable } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";

interface AdminRow {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  password_hash: string;
  created_at: Date;
}

const toAdmin = (row: AdminRow): AdminUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  createdAt: new Date(row.created_at),
});

export function makeAdminStore(sql: Queryable): AdminStore {
  return {
    async count() {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from admins`;
      return count;
    },
    async findByEmail(email) {
      const [row] = await sql<AdminRow[]>`
        select * from admins where lower(email) = lower(${email.trim()})`;
      return row
        ? { ...toAdmin(row), passwordHash: row.password_hash } satisfies AdminWithHash
        : null;
    },
    async getById(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<AdminRow[]>`select * from admins where id = ${id}`;
      return row ? toAdmin(row) : null;
    },
    async list() {
      const rows = await sql<AdminRow[]>`select * from admins order by lower(name), lower(email)`;
      return rows.map(toAdmin);
    },
    async insert(admin) {
      const [row] = await sql<AdminRow[]>`
        insert into admins (id, name, email, password_hash, role)
        values (${crypto.randomUUID()}, ${admin.name}, ${admin.email.trim()}, ${admin.passwordHash},
                ${admin.role})
        returning *`;
      return toAdmin(row);
    },
  };
}
