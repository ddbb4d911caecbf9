import type { InquiryStore } from "../../core/inquiry/ports.ts";
import type { Inquiry, InquiryType } from "../../core/inquiry/types.ts";
import type { Queryable, Sql } from "./db.ts";
import { isUuid } from "./catalog-repository.ts";
import { attachCustomer } from "./customer-match.ts";
import { enqueueEmail } from "./outbox-repository.ts";
import { completeInTransaction } from "./idempotency-repository.ts";
import { dateOrNull } from "./rows.ts";
import { runInTransaction } from "./transaction.ts";

interface InquiryRow {
  id: string;
  inquiry_type: InquiryType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  suburb: string;
  message: string;
  read: boolean;
  has_address: boolean;
  archived_at: Date | null;
  admin_notes: string;
  created_at: Date;
}

export const toInquiry = (row: InquiryRow): Inquiry => ({
  _id: row.id,
  inquiryType: row.inquiry_type,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  suburb: row.suburb,
  message: row.message,
  read: row.read,
  hasAddress: row.has_address,
  archivedAt: dateOrNull(row.archived_at),
  adminNotes: row.admin_notes,
  createdAt: new Date(row.created_at),
});

async function getInquiry(sql: Queryable, id: string): Promise<Inquiry | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<InquiryRow[]>`select * from inquiries where id = ${id}`;
  return row ? toInquiry(row) : null;
}

export function makeInquiryStore(sql: Sql): InquiryStore {
  return {
    insertWithEmails: (inquiry, emailsFor, completion) =>
      runInTransaction(sql, async (tx) => {
        const [row] = await tx<InquiryRow[]>`
          insert into inquiries (id, inquiry_type, first_name, last_name, email, phone, suburb,
                                 message, customer_id)
          values (${crypto.randomUUID()}, ${inquiry.inquiryType}, ${inquiry.firstName},
                  ${inquiry.lastName}, ${inquiry.email}, ${inquiry.phone}, ${inquiry.suburb},
                  ${inquiry.message}, ${await attachCustomer(tx, inquiry)})
          returning *`;
        const stored = toInquiry(row);
        for (const message of emailsFor(stored)) await enqueueEmail(tx, message);
        // With an Idempotency-Key, its first answer commits with the inquiry (issue 29).
        if (completion) await completeInTransaction(tx, completion, stored);
        return stored;
      }),
    getById: (id) => getInquiry(sql, id),
  };
}
