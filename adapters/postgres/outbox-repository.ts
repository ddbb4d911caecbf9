import type { OutboxMessage } from "../../core/shared/outbox.ts";
import type { Queryable } from "./db.ts";

/** Writes one e-mail to the outbox; call it inside the record's own transaction. */
export async function enqueueEmail(sql: Queryable, message: OutboxMessage): Promise<void> {
  await sql`
    insert into email_outbox (id, kind, to_address, subject, text_body, html_body, attachments,
                              related_id, reply_to)
    values (${crypto.randomUUID()}, ${message.kind}, ${message.to}, ${message.subject},
            ${message.text}, ${message.html ?? null}, ${sql.json(message.attachments ?? [])},
            ${message.relatedId ?? null}, ${message.replyTo ?? null})`;
}

/**
 * Forgets messages delivered more than `olderThanDays` ago; FAILED and PENDING rows stay, since
 * they still need a person or a retry. Returns how many rows went.
 */
export async function deleteSentEmails(sql: Queryable, olderThanDays: number): Promise<number> {
  const deleted = await sql`
    delete from email_outbox
    where status = 'SENT' and sent_at < now() - make_interval(days => ${olderThanDays})`;
  return deleted.count;
}
