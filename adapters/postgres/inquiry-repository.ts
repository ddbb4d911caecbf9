import type { InquiryStore } from "../../core/inquiry/ports.ts";
import { newInquiryReference } from "../../core/inquiry/reference.ts";
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
  reference: string;
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
  reference: row.reference,
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

/** References are random: a clash with a stored one (about 1 in a million at 1,000 rows) draws again. */
const REFERENCE_ATTEMPTS = 8;

/**
 * The public inquiry store. Each inquiry gets a new reference (`drawReference`, replaceable in
 * tests); one that is taken writes nothing (ON CONFLICT on the unique index, so the transaction
 * stays usable) and the insert runs again with another.
 */
export function makeInquiryStore(sql: Sql, drawReference: () => string = newInquiryReference): InquiryStore {
  return {
    insertWithEmails: (inquiry, emailsFor, completion) =>
      runInTransaction(sql, async (tx) => {
        const id = crypto.randomUUID();
        const customerId = await attachCustomer(tx, inquiry);
        for (let attempt = 1;; attempt++) {
          const [row] = await tx<InquiryRow[]>`
            insert into inquiries (id, reference, inquiry_type, first_name, last_name, email, phone,
                                   suburb, message, customer_id)
            values (${id}, ${drawReference()}, ${inquiry.inquiryType}, ${inquiry.firstName},
                    ${inquiry.lastName}, ${inquiry.email}, ${inquiry.phone}, ${inquiry.suburb},
                    ${inquiry.message}, ${customerId})
            on conflict (reference) do nothing
            returning *`;
          if (!row) {
            if (attempt === REFERENCE_ATTEMPTS) throw new Error(`no free inquiry reference after ${attempt} draws`);
            continue;
          }
          const stored = toInquiry(row);
          // The e-mails quote the reference: composed from the row as stored.
          for (const message of emailsFor(stored)) await enqueueEmail(tx, message);
          // With an Idempotency-Key, its first answer commits with the inquiry (issue 29).
          if (completion) await completeInTransaction(tx, completion, stored);
          return stored;
        }
      }),
    getById: (id) => getInquiry(sql, id),
  };
}
