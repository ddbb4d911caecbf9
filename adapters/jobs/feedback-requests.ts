/**
 * Issue 32: the feedback requests sent `delayHours` after a job's end (when the feedback settings
 * ask for a delay; with none, marking the job DONE sends it, core/workflows/bookings-admin.ts), on
 * the one job runner (runner.ts). Which jobs are due is core's rule (core/feedback/rules.ts): DONE
 * jobs never asked whose end + delay passed within the last 48 hours, so turning the delay on never
 * mails an old backlog. Safe with several API processes on one database and across restarts: the
 * due bookings are claimed FOR UPDATE SKIP LOCKED, each request row is inserted only if the job has
 * none (its primary key decides a race), and the e-mail is queued in that same transaction.
 */
import type { Sql } from "../postgres/db.ts";
import { saveFirstFeedbackRequest, makeFeedbackSettingsStore } from "../postgres/feedback-repository.ts";
import { readBookings } from "../postgres/booking-columns.ts";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { delayedRequestWindow, newFeedbackRequest } from "../../core/feedback/rules.ts";
import { feedbackUrl } from "../../core/feedback/token.ts";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { feedbackRequestEmail } from "../../core/notifications/feedback-emails.ts";
import { type Clock, systemClock } from "../../core/shared/ports.ts";
import { type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

export interface FeedbackRequestJobOptions {
  sql: Sql;
  /** The business profile and site URL the e-mail is composed with (api/mailer.ts). */
  context(): Promise<MessageContext>;
  clock?: Clock;
  /** Jobs claimed per transaction. */
  batchSize?: number;
  log?: JobLog;
}

/** Runs a batch every minute by default, back to back while batches come back full. */
export interface FeedbackRequestJob extends JobRunner {
  /** Claims one batch of due jobs and queues their requests; how many were sent. Rejects when the database cannot be reached. */
  runOnce(): Promise<number>;
}

export function makeFeedbackRequestJob(options: FeedbackRequestJobOptions): FeedbackRequestJob {
  const { sql, context, clock = systemClock, batchSize = 50, log = console } = options;
  const settingsStore = makeFeedbackSettingsStore(sql);

  /** The batch: how many jobs it claimed, and how many were asked. */
  async function batch(): Promise<{ claimed: number; sent: number }> {
    const settings = await settingsStore.get();
    if (!settings.enabled || settings.delayHours === 0) return { claimed: 0, sent: 0 };
    // Read before the transaction, which holds the claimed rows (and PGlite's one connection).
    const ctx = await context();
    const now = clock.now();
    const window = delayedRequestWindow(settings, now);
    return await runInTransaction(sql, async (tx) => {
      // core's isDelayedRequestDue in SQL, by core's window (feedback-requests.test.ts checks the two agree);
      // the start bounds let the read use the start index.
      const due = await tx<{ id: string }[]>`
        select b.id from bookings b
         where b.type = 'BOOKING' and b.status = 'DONE'
           and b.start_time > ${window.startsAfter} and b.start_time < ${window.endedBy}
           and b.end_time > ${window.endedAfter} and b.end_time <= ${window.endedBy}
           and not exists (select 1 from booking_feedback f where f.booking_id = b.id)
         order by b.end_time, b.id
         limit ${batchSize}
         for update of b skip locked`;
      if (due.length === 0) return { claimed: 0, sent: 0 };
      const records = await readBookings(tx, tx`where b.id in ${tx(due.map((row) => row.id))} order by b.end_time, b.id`);
      let sent = 0;
      for (const record of records) {
        const request = newFeedbackRequest(record._id, now);
        // Another process (or staff asking by hand) may have asked in the meantime: then nothing more.
        if (!await saveFirstFeedbackRequest(tx, request.row)) continue;
        const link = { url: feedbackUrl(ctx.siteUrl, request.token), expiresAt: request.row.expiresAt };
        await enqueueEmail(tx, feedbackRequestEmail(record, ctx, link));
        sent++;
      }
      return { claimed: due.length, sent };
    });
  }

  const runner = makeJobRunner({
    name: "feedback",
    intervalMs: 60_000,
    log,
    work: async () => {
      const { claimed, sent } = await batch();
      if (sent > 0) log.info(`[feedback] queued ${sent} feedback request${sent === 1 ? "" : "s"}`);
      return { more: claimed >= batchSize };
    },
  });

  return { runOnce: async () => (await batch()).sent, ...runner };
}
