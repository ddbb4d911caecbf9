import type { OutboxMessage } from "../../core/shared/outbox.ts";
import type { Queryable, Sql } from "./db.ts";
import { afterCommit } from "./transaction.ts";

/** Who is told that e-mails were queued on a pool: the relays of this process (jobs/outbox-relay.ts). */
const queuedListeners = new WeakMap<Sql, Set<() => void>>();

/** `listener` is called once each transaction on `sql` that queued e-mails has committed; returns the way to stop. */
export function onEmailQueued(sql: Sql, listener: () => void): () => void {
  let listeners = queuedListeners.get(sql);
  if (!listeners) queuedListeners.set(sql, listeners = new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tellListeners = (sql: Sql) => queuedListeners.get(sql)?.forEach((listener) => listener());

/**
 * Says that `sql`'s transaction wrote to email_outbox: once it commits, the relay is woken to send
 * at once (before the commit it would find nothing). Every insert into the outbox calls it.
 */
export function emailsQueued(sql: Queryable): void {
  afterCommit(sql, tellListeners);
}

/** Writes one e-mail to the outbox; call it inside the record's own transaction. */
export async function enqueueEmail(sql: Queryable, message: OutboxMessage): Promise<void> {
  await sql`
    insert into email_outbox (id, kind, to_address, subject, text_body, html_body, attachments,
                              related_id, reply_to)
    values (${crypto.randomUUID()}, ${message.kind}, ${message.to}, ${message.subject},
            ${message.text}, ${message.html ?? null}, ${sql.json(message.attachments ?? [])},
            ${message.relatedId ?? null}, ${message.replyTo ?? null})`;
  emailsQueued(sql);
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
