/**
 * Sends the e-mails written to email_outbox. Safe with several processes on one PostgreSQL:
 * a batch is claimed in one short statement (FOR UPDATE SKIP LOCKED) that also leases it, so no
 * transaction is open during SMTP. A process that dies mid-batch leaves its rows leased; they come
 * back once the lease ends. Delivery is at least once: a crash between the SMTP "250 OK" and the
 * SENT update resends that message after the lease (with the same Message-ID).
 * It runs on the one job runner (runner.ts); whatever queues an e-mail wakes it once its
 * transaction has committed (outbox-repository.ts `onEmailQueued`), so nothing waits for the poll.
 */
import type { Sql } from "../postgres/db.ts";
import { onEmailQueued } from "../postgres/outbox-repository.ts";
import type { MailAttachment, MailTransport } from "../email/transport.ts";
import { errorText, type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

export interface RelayLog extends JobLog {
  warn(message: string): void;
}

export interface OutboxRelayOptions {
  sql: Sql;
  transport: MailTransport;
  /** The From header, e.g. 'Yarra Shine Cleaning <hello@yarrashine.com.au>'. */
  from: string;
  /** Messages claimed per statement. */
  batchSize?: number;
  /** Attempts before a message is marked FAILED. */
  maxAttempts?: number;
  /** How long a claimed message stays invisible to other relays; longer than a batch can take. */
  leaseSeconds?: number;
  /** Delay before the next attempt, given the attempts made so far (1 after the first failure). */
  backoff?: (attempts: number) => number;
  log?: RelayLog;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Batches every 2 s by default, at once when an e-mail is queued, back to back while the queue is full. */
export interface OutboxRelay extends JobRunner {
  /** Claims one batch and sends it. Rejects only when the database cannot be reached. */
  runOnce(): Promise<RunResult>;
}

/** 15 s, 30 s, 1 min, ... capped at 1 h. */
export function exponentialBackoff(attempts: number): number {
  const base = 15_000;
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface ClaimedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | string;
  related_id: string | null;
  reply_to: string | null;
  attempts: number;
}

const domainOf = (address: string): string => /@([^>\s]+)/.exec(address)?.[1] ?? "localhost";

export function makeOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const {
    sql,
    transport,
    from,
    batchSize = 10,
    maxAttempts = 10,
    leaseSeconds = 300,
    backoff = exponentialBackoff,
    log = console,
  } = options;
  const messageDomain = domainOf(from);

  /** One statement: pick due rows nobody holds, lease them, count the attempt. */
  const claim = (): Promise<ClaimedRow[]> =>
    sql<ClaimedRow[]>`
      with due as materialized (
        select id from email_outbox
        where status = 'PENDING' and next_attempt_at <= now()
        order by created_at, id
        limit ${batchSize}
        for update skip locked
      )
      update email_outbox o
      set attempts = o.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due
      where o.id = due.id
      returning o.id, o.kind, o.to_address, o.subject, o.text_body, o.html_body, o.attachments,
                o.related_id, o.reply_to, o.attempts`;

  async function deliver(row: ClaimedRow): Promise<keyof RunResult> {
    const attachments = typeof row.attachments === "string"
      ? JSON.parse(row.attachments) as MailAttachment[]
      : row.attachments;
    try {
      await transport.send({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body !== null ? { html: row.html_body } : {}),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        attachments,
        messageId: `<${row.id}@${messageDomain}>`,
      });
    } catch (error) {
      return await recordFailure(row, error);
    }
    await sql`
      update email_outbox
      set status = 'SENT', sent_at = now(), last_error = null
      where id = ${row.id}`;
    return "sent";
  }

  async function recordFailure(row: ClaimedRow, error: unknown): Promise<keyof RunResult> {
    const reason = errorText(error);
    const describe = `${row.kind} ${row.id} to ${row.to_address} (attempt ${row.attempts})`;
    if (row.attempts >= maxAttempts) {
      // Guarded by attempts: a relay whose lease ran out must not overwrite a newer claim.
      await sql`
        update email_outbox set status = 'FAILED', last_error = ${reason}
        where id = ${row.id} and status = 'PENDING' and attempts = ${row.attempts}`;
      log.error(`[outbox] gave up on ${describe} after ${maxAttempts} attempts: ${reason}`);
      return "failed";
    }
    const delaySeconds = Math.max(0, backoff(row.attempts)) / 1000;
    await sql`
      update email_outbox
      set next_attempt_at = now() + make_interval(secs => ${delaySeconds}), last_error = ${reason}
      where id = ${row.id} and status = 'PENDING' and attempts = ${row.attempts}`;
    log.warn(`[outbox] ${describe} failed, retry in ${Math.round(delaySeconds)} s: ${reason}`);
    return "retried";
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    const rows = await claim();
    for (const row of rows) {
      try {
        result[await deliver(row)]++;
      } catch (error) {
        // The status update failed (database gone): the lease brings the row back later.
        log.error(`[outbox] could not record the outcome of ${row.id}: ${errorText(error)}`);
        result.retried++;
      }
    }
    return result;
  }

  const runner = makeJobRunner({
    name: "outbox",
    intervalMs: 2000,
    log,
    // A full batch suggests more is waiting: drain before sleeping.
    work: async () => {
      const { sent, retried, failed } = await runOnce();
      return { more: sent + retried + failed >= batchSize };
    },
  });
  let stopListening: (() => void) | undefined;

  return {
    runOnce,
    start(everyMs) {
      // Every transaction that queues an e-mail tells this relay once it has committed.
      stopListening ??= onEmailQueued(sql, runner.wake);
      runner.start(everyMs);
    },
    async stop() {
      stopListening?.();
      stopListening = undefined;
      await runner.stop();
    },
    wake: runner.wake,
  };
}
