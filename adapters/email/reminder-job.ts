/**
 * Queues each booking's reminder e-mail once, `reminderHoursBefore` hours (a scheduling setting)
 * before its start. Safe with several API processes on one PostgreSQL and across restarts: one
 * statement claims the due bookings (FOR UPDATE SKIP LOCKED) by setting reminder_sent_at, and the
 * e-mails go into the outbox in that same transaction, so a booking is either claimed with its
 * e-mail queued or not claimed at all. The outbox relay then sends them.
 *
 * Which bookings get one: type BOOKING, PENDING or CONFIRMED (never cancelled or done), no
 * reminder yet, starting within the window. Two are left out on purpose:
 * - a job starting less than REMINDER_MIN_NOTICE_HOURS from now (e.g. after the service was down):
 *   a reminder that late helps nobody and reads like a mistake;
 * - a booking made inside its own window (made 10 hours ahead with a 24-hour reminder): its
 *   "request received" e-mail went out moments before and says everything a reminder would.
 * A reschedule sets reminder_sent_at back to null, so the moved booking is reminded again.
 */
import type { Sql } from "../postgres/db.ts";
import { saveManageTokenHash, selectBookings, toBookingRecord } from "../postgres/booking-repository.ts";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { newManageToken } from "../../core/booking/manage-token.ts";
import { bookingReminderEmail } from "../../core/notifications/customer-updates.ts";
import type { MessageContext } from "../../core/notifications/messages.ts";
import { type Clock, systemClock } from "../../core/shared/ports.ts";

/** No reminder for a job starting sooner than this. */
export const REMINDER_MIN_NOTICE_HOURS = 2;

export interface ReminderJobLog {
  info(message: string): void;
  error(message: string): void;
}

export interface ReminderJobOptions {
  sql: Sql;
  /** The business profile, policy and site URL the e-mail is composed with (api/mailer.ts). */
  context(): Promise<MessageContext>;
  clock?: Clock;
  /** Bookings claimed per transaction. */
  batchSize?: number;
  /** Told after reminders were queued (the relay sends them at once). */
  onQueued?: () => void;
  log?: ReminderJobLog;
}

export interface ReminderJob {
  /** Claims one batch of due bookings and queues their reminders; how many. Rejects when the database cannot be reached. */
  runOnce(): Promise<number>;
  /** Runs a batch every intervalMs, back to back while batches come back full. */
  start(intervalMs?: number): void;
  /** Stops the loop and waits for the batch in flight. */
  stop(): Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/** The longest wait between batches while the database cannot be reached. */
const MAX_RETRY_DELAY_MS = 10 * 60_000;

export function makeReminderJob(options: ReminderJobOptions): ReminderJob {
  const { sql, context, clock = systemClock, batchSize = 50, onQueued, log = console } = options;
  const settings = makeSettingsStore(sql);

  async function runOnce(): Promise<number> {
    // Read before the transaction, which holds the claimed rows (and PGlite's one connection).
    const [ctx, scheduling] = await Promise.all([context(), settings.getScheduling()]);
    const hours = scheduling.reminderHoursBefore;
    const now = clock.now();
    const queued = await runInTransaction(sql, async (tx) => {
      const claimed = await tx<{ id: string }[]>`
        with due as materialized (
          select id from bookings
           where type = 'BOOKING' and status in ('PENDING', 'CONFIRMED') and reminder_sent_at is null
             and start_time <= ${now}::timestamptz + make_interval(hours => ${hours})
             and start_time > ${now}::timestamptz + make_interval(hours => ${REMINDER_MIN_NOTICE_HOURS})
             and created_at <= start_time - make_interval(hours => ${hours})
           order by start_time, id
           limit ${batchSize}
           for update skip locked
        )
        update bookings b set reminder_sent_at = ${now}
          from due
         where b.id = due.id
        returning b.id`;
      if (claimed.length === 0) return 0;
      const rows = await tx`${selectBookings(tx)} where b.id in ${tx(claimed.map((row) => row.id))} order by b.start_time, b.id`;
      // A run late enough (an outage) to pass the cut-off does not promise a free change.
      const freeChangeStillAhead = (record: { startTime: Date }) =>
        record.startTime.getTime() - scheduling.freeChangeCutoffHours * 3_600_000 > now.getTime() ? scheduling : undefined;
      for (const row of rows) {
        const record = toBookingRecord(row as Parameters<typeof toBookingRecord>[0]);
        // Every customer e-mail carries a token of its own; the store keeps its hash only.
        const manage = newManageToken();
        await saveManageTokenHash(tx, record._id, manage.hash);
        await enqueueEmail(tx, bookingReminderEmail(record, ctx, { manageToken: manage.token }, freeChangeStillAhead(record)));
      }
      return rows.length;
    });
    if (queued > 0) onQueued?.();
    return queued;
  }

  let stopped = true;
  let intervalMs = 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  /** Batches failed in a row (database gone): the loop waits longer after each. */
  let failedBatches = 0;

  const retryDelay = () => Math.min(intervalMs * 2 ** failedBatches, Math.max(intervalMs, MAX_RETRY_DELAY_MS));

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    timer = undefined;
    if (stopped) return;
    let full = false;
    inFlight = (async () => {
      try {
        const queued = await runOnce();
        if (failedBatches > 0) log.info(`[reminders] database reachable again after ${failedBatches} failed batches`);
        failedBatches = 0;
        if (queued > 0) log.info(`[reminders] queued ${queued} reminder e-mail${queued === 1 ? "" : "s"}`);
        full = queued >= batchSize;
      } catch (error) {
        failedBatches++;
        log.error(`[reminders] batch failed: ${errorText(error)} (next try in ${Math.round(retryDelay() / 1000)} s)`);
      }
    })();
    inFlight.finally(() => {
      inFlight = undefined;
      schedule(full ? 0 : failedBatches > 0 ? retryDelay() : intervalMs);
    });
  }

  return {
    runOnce,
    start(everyMs = 60_000) {
      if (!stopped) return;
      stopped = false;
      intervalMs = everyMs;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
