import type { AuditEntry, AuditRecord } from "../../core/admin/audit.ts";
import type { Queryable } from "./db.ts";

/** Writes an audit row; call it with the transaction of the change it records. */
export async function recordAudit(sql: Queryable, entry: AuditEntry): Promise<void> {
  // JSON round trip: Dates become ISO strings, undefined fields drop out.
  const json = (value: unknown) => value === undefined || value === null ? null : sql.json(JSON.parse(JSON.stringify(value)));
  await sql`
    insert into audit_log (admin_id, admin_email, action, entity, entity_id, before, after)
    values (${entry.adminId}, ${entry.adminEmail}, ${entry.action}, ${entry.entity},
            ${entry.entityId}, ${json(entry.before)}, ${json(entry.after)})`;
}

interface AuditRow {
  id: string;
  at: Date;
  admin_id: string | null;
  admin_email: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

export async function listAudit(
  sql: Queryable,
  query: { entity?: string; entityId?: string; limit: number; page: number },
): Promise<{ items: AuditRecord[]; totalItems: number }> {
  const where = sql`where (${query.entity ?? null}::text is null or entity = ${query.entity ?? null})
                      and (${query.entityId ?? null}::text is null or entity_id = ${query.entityId ?? null})`;
  const rows = await sql<AuditRow[]>`
    select * from audit_log ${where} order by at desc, id desc
     limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from audit_log ${where}`;
  return {
    totalItems: n,
    items: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      adminId: r.admin_id,
      adminEmail: r.admin_email,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before,
      after: r.after,
    })),
  };
}
