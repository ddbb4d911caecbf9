/**
 * Queues each booking's reminder e-mail once, on the one job runner (runner.ts). Which booking is
 * due and when is core's rule (core/notifications/reminders.ts); this job reads the due bookings
 * by core's bounds and queues the e-mails. Safe with several API processes on one PostgreSQL and
 * across restarts: one statement claims the due bookings (FOR UPDATE SKIP LOCKED) by setting
 * reminder_sent_at, and the e-mails go into the outbox in that same transaction, so a booking is
 * either claimed with its e-mail queued or not claimed at all. The outbox wakes the relay once
 * that transaction has committed.
 */
import type { Sql } from "../postgres/db.ts";
import { readBookings, sqlStatusList } from "../postgres/booking-columns.ts";
import { saveManageTokenHash } from "../postgres/booking-repository.ts";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { newManageToken } from "../../core/booking/manage/token.ts";
import { bookingReminderEmail } from "../../core/notifications/customer-updates.ts";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { REMINDED_STATUSES, reminderPromisesFreeChange, reminderWindow } from "../../core/notifications/reminders.ts";
import { type Clock, systemClock } from "../../core/shared/ports.ts";
import { type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

export type ReminderJobLog = JobLog;

export interface ReminderJobOptions {
  sql: Sql;
  /** The business profile, policy and site URL the e-mail is composed with (api/mailer.ts). */
  context(): Promise<MessageContext>;
  clock?: Clock;
  /** Bookings claimed per transaction. */
  batchSize?: number;
  log?: ReminderJobLog;
}

/** Runs a batch every minute by default, back to back while batches come back full. */
export interface ReminderJob extends JobRunner {
  /** Claims one batch of due bookings and queues their reminders; how many. Rejects when the database cannot be reached. */
  runOnce(): Promise<number>;
}

/**
 * core's REMINDED_STATUSES as an SQL list, written out once: a literal and not a parameter, so the
 * read stays on the partial index bookings_reminder_due_idx (migration 007), which PostgreSQL
 * proves a query fits only from constants (as booking-columns.ts `placeHolding`).
 */
const REMINDED_LIST = sqlStatusList(REMINDED_STATUSES);

export function makeReminderJob(options: ReminderJobOptions): ReminderJob {
  const { sql, context, clock = systemClock, batchSize = 50, log = console } = options;
  const settings = makeSettingsStore(sql);

  async function runOnce(): Promise<number> {
    // Read before the transaction, which holds the claimed rows (and PGlite's one connection).
    const [ctx, scheduling] = await Promise.all([context(), settings.getScheduling()]);
    const now = clock.now();
    const due = reminderWindow(scheduling, now);
    return await runInTransaction(sql, async (tx) => {
      // core's isReminderDue in SQL, by core's window (reminders.test.ts checks the two agree).
      const claimed = await tx<{ id: string }[]>`
        with due as materialized (
          select id from bookings
           where type = 'BOOKING' and status in ${tx.unsafe(REMINDED_LIST)} and reminder_sent_at is null
             and start_time <= ${due.startsBy}::timestamptz
             and start_time > ${due.startsAfter}::timestamptz
             and created_at <= start_time - make_interval(hours => ${due.madeHoursAhead})
           order by start_time, id
           limit ${batchSize}
           for update skip locked
        )
        update bookings b set reminder_sent_at = ${now}
          from due
         where b.id = due.id
        returning b.id`;
      if (claimed.length === 0) return 0;
      const records = await readBookings(tx, tx`where b.id in ${tx(claimed.map((row) => row.id))} order by b.start_time, b.id`);
      for (const record of records) {
        // Every customer e-mail carries a token of its own; the store keeps its hash only.
        const manage = newManageToken();
        await saveManageTokenHash(tx, record._id, manage.hash);
        // A run late enough (an outage) to pass the cut-off does not promise a free change.
        const policy = reminderPromisesFreeChange(record.startTime, scheduling, now) ? scheduling : undefined;
        await enqueueEmail(tx, bookingReminderEmail(record, ctx, { manageToken: manage.token }, policy));
      }
      return records.length;
    });
  }

  const runner = makeJobRunner({
    name: "reminders",
    intervalMs: 60_000,
    log,
    work: async () => {
      const queued = await runOnce();
      if (queued > 0) log.info(`[reminders] queued ${queued} reminder e-mail${queued === 1 ? "" : "s"}`);
      return { more: queued >= batchSize };
    },
  });

  return { runOnce, ...runner };
}
