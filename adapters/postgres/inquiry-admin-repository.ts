/** The staff inquiries store: filtered lists in SQL, row-locked changes to the staff's fields. */
import type { InquiryAdminStore, InquiryAdminTx } from "../../core/inquiry/admin-ports.ts";
import type { InquiryFilter, InquiryListQuery } from "../../core/inquiry/admin-query.ts";
import type { Inquiry } from "../../core/inquiry/types.ts";
import { recordAudit } from "./audit-repository.ts";
import { joinWith, searchCondition } from "./booking-admin-repository.ts";
import { isUuid } from "./catalog-repository.ts";
import type postgres from "postgres";
import type { Queryable, Sql } from "./db.ts";
import { toInquiry } from "./inquiry-repository.ts";
import { transactionOver } from "./transaction.ts";

type Fragment = postgres.Fragment;
type InquiryRow = Parameters<typeof toInquiry>[0];

function where(sql: Queryable, f: InquiryFilter): Fragment {
  const conditions: Fragment[] = [sql`true`];
  if (f.search) {
    conditions.push(searchCondition(sql, f.search, {
      firstName: sql`first_name`,
      lastName: sql`last_name`,
      email: sql`email`,
      suburb: sql`suburb`,
      // Inquiry phones are kept as typed: compare their digits.
      phoneDigits: sql`regexp_replace(phone, '[^0-9]', '', 'g')`,
      id: sql`id`,
      // Whole however typed (yi 7k3f9q, read by the filter), or part of it as written.
      reference: sql`reference`,
      extra: [sql`message`, sql`reference`],
    }));
  }
  if (f.inquiryType) conditions.push(sql`inquiry_type = ${f.inquiryType}`);
  if (!f.includeArchived) conditions.push(sql`archived_at is null`);
  if (f.read !== null) conditions.push(sql`read = ${f.read}`);
  if (f.hasAddress !== null) conditions.push(sql`has_address = ${f.hasAddress}`);
  if (f.createdFrom) conditions.push(sql`created_at >= ${f.createdFrom}`);
  if (f.createdTo) conditions.push(sql`created_at < ${f.createdTo}`);
  return sql`where ${joinWith(sql, "and", conditions)}`;
}

async function getInquiry(sql: Queryable, id: string, lock = false): Promise<Inquiry | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<InquiryRow[]>`
    select * from inquiries where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ? toInquiry(row) : null;
}

function adminTx(tx: Queryable): InquiryAdminTx {
  return {
    lockById: (id) => getInquiry(tx, id, true),
    async update(id, change, at) {
      const sets: Fragment[] = [tx`updated_at = ${at}`];
      if (change.adminNotes !== undefined) sets.push(tx`admin_notes = ${change.adminNotes}`);
      if (change.read !== undefined) sets.push(tx`read = ${change.read}`);
      if (change.hasAddress !== undefined) sets.push(tx`has_address = ${change.hasAddress}`);
      if (change.archivedAt !== undefined) sets.push(tx`archived_at = ${change.archivedAt}`);
      const assignments = sets.reduce((all, set) => tx`${all}, ${set}`);
      const [row] = await tx<InquiryRow[]>`update inquiries set ${assignments} where id = ${id} returning *`;
      return toInquiry(row);
    },
    audit: (entry) => recordAudit(tx, entry),
  };
}

export function makeInquiryAdminStore(db: Sql): InquiryAdminStore {
  return {
    getById: (id) => getInquiry(db, id),
    async list(query: InquiryListQuery, offset: number) {
      const direction = query.sort.order === "asc" ? db`asc` : db`desc`;
      const rows = await db<InquiryRow[]>`
        select * from inquiries ${where(db, query.filter)}
         order by created_at ${direction}, id ${direction}
         limit ${query.limit} offset ${offset}`;
      return rows.map(toInquiry);
    },
    async count(filter) {
      const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from inquiries ${where(db, filter)}`;
      return n;
    },
    transaction: transactionOver(db, adminTx),
  };
}
