/**
 * Issue 31: cleaners are told of their jobs, on the one job runner (runner.ts), every minute. Each
 * run compares who is on which upcoming job (booking_cleaners of place-holding jobs ending after
 * now) with what each cleaner was last told (cleaner_notices); core decides the messages
 * (core/team-notices/reconcile.ts: REQUEST when put on or moved, CANCEL when taken off or the job
 * no longer holds a place) and this job writes each notice with its e-mail in one transaction.
 * At the run sheet's hour (a setting, Melbourne time; off by default) each cleaner with jobs
 * tomorrow gets the list of them, once.
 *
 * Safe with several API processes on one database and across restarts:
 * - a run locks the rows of the cleaners it tells (FOR NO KEY UPDATE SKIP LOCKED, which leaves
 *   their assignments free to change) and reads their notices only then, so one process at a time
 *   decides for a cleaner, on what the last one wrote; another passes over them;
 * - each notice is written only above the SEQUENCE read (the upsert's guard), so a notice that
 *   changed anyway rolls the whole transaction back, e-mails with it;
 * - a run sheet is claimed by inserting (cleaner, day) into cleaner_run_sheets with its e-mail.
 * The outbox wakes the relay once a transaction that queued e-mails has committed.
 */
import type { Sql } from "../postgres/db.ts";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { numOrNull } from "../postgres/rows.ts";
import { makeTeamNoticeSettingsStore } from "../postgres/settings-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { formatAddress } from "../../core/shared/contact.ts";
import { type Clock, systemClock } from "../../core/shared/ports.ts";
import { cleanerNoticeEmail, cleanerRunSheetEmail, type NoticeJob, serviceWithSize } from "../../core/team-notices/emails.ts";
import { type CleanerNotice, type JobAssignment, reconcileNotices } from "../../core/team-notices/reconcile.ts";
import { runSheetDue, type RunSheetJob, runSheetsFor } from "../../core/team-notices/run-sheet.ts";
import { type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

export interface CleanerNoticeJobOptions {
  sql: Sql;
  /** The business profile and site URL the e-mails are composed with (api/mailer.ts). */
  context(): Promise<MessageContext>;
  clock?: Clock;
  log?: JobLog;
}

/** What one run queued. */
export interface CleanerNoticeRun {
  /** Job e-mails: put on, changed, taken off. */
  notices: number;
  runSheets: number;
}

/** Runs every minute by default; wake() runs it at once. */
export interface CleanerNoticeJob extends JobRunner {
  /** One reconcile, then the run sheets when due. Rejects when the database cannot be reached. */
  runOnce(): Promise<CleanerNoticeRun>;
}

/** The job's details an e-mail may carry, as read with it (never a price). */
interface JobRow {
  booking_id: string;
  cleaner_id: string;
  start_time: Date;
  end_time: Date;
  reference: string;
  first_name: string;
  address_unit: string;
  address_street: string;
  address_suburb: string;
  address_state: string;
  address_post_code: string;
  service_name_at_booking: string;
  pricing_model: string;
  hours: unknown;
  bedrooms: unknown;
  status: string;
}

interface NoticeRow extends JobRow {
  address: string;
  sequence: number;
  cancelled_at: Date | null;
  notified_at: Date;
}

const addressOf = (row: JobRow): string =>
  formatAddress({
    unit: row.address_unit,
    street: row.address_street,
    suburb: row.address_suburb,
    state: row.address_state,
    postCode: row.address_post_code,
  });

const serviceOf = (row: JobRow): string =>
  serviceWithSize({ serviceName: row.service_name_at_booking, pricingModel: row.pricing_model, hours: numOrNull(row.hours), bedrooms: numOrNull(row.bedrooms) });

const noticeJobOf = (row: JobRow): NoticeJob => ({
  bookingId: row.booking_id,
  reference: row.reference,
  service: serviceOf(row),
  customerFirstName: row.first_name,
  suburb: row.address_suburb,
  jobCancelled: row.status === "CANCELLED",
});

/** The booking columns every read here takes (b: bookings). */
const JOB_COLUMNS = `b.reference, b.first_name, b.address_unit, b.address_street, b.address_suburb, b.address_state,
  b.address_post_code, b.service_name_at_booking, b.pricing_model, b.hours, b.bedrooms, b.status`;

export function makeCleanerNoticeJob(options: CleanerNoticeJobOptions): CleanerNoticeJob {
  const { sql, context, clock = systemClock, log = console } = options;
  const settings = makeTeamNoticeSettingsStore(sql);

  /** Every cleaner whose jobs or notices differ, told in one transaction; how many e-mails. */
  async function tellCleaners(ctx: MessageContext, now: Date): Promise<number> {
    return await runInTransaction(sql, async (tx) => {
      // Cleaners with an upcoming job or a notice still upcoming; those another process holds are passed over.
      const cleaners = await tx<{ id: string; name: string; email: string }[]>`
        select c.id::text, c.name, c.email from cleaners c
         where c.id in (select bc.cleaner_id from booking_cleaners bc where bc.holds_place and bc.end_time > ${now}
                        union
                        select n.cleaner_id from cleaner_notices n where n.cancelled_at is null and n.end_time > ${now})
         order by c.id
         for no key update skip locked`;
      if (cleaners.length === 0) return 0;
      const ids = cleaners.map((c) => c.id);
      // Read under the locks: what the last run wrote for these cleaners is committed and seen.
      const assignmentRows = await tx<JobRow[]>`
        select bc.booking_id::text, bc.cleaner_id::text, bc.start_time, bc.end_time, ${tx.unsafe(JOB_COLUMNS)}
          from booking_cleaners bc join bookings b on b.id = bc.booking_id
         where bc.cleaner_id in ${tx(ids)} and bc.holds_place
           and (bc.end_time > ${now}
                or exists (select 1 from cleaner_notices n
                            where n.booking_id = bc.booking_id and n.cleaner_id = bc.cleaner_id
                              and n.cancelled_at is null and n.end_time > ${now}))`;
      const noticeRows = await tx<NoticeRow[]>`
        select n.booking_id::text, n.cleaner_id::text, n.start_time, n.end_time, n.address, n.sequence,
               n.cancelled_at, n.notified_at, ${tx.unsafe(JOB_COLUMNS)}
          from cleaner_notices n join bookings b on b.id = n.booking_id
         where n.cleaner_id in ${tx(ids)}
           and ((n.cancelled_at is null and n.end_time > ${now})
                or exists (select 1 from booking_cleaners bc
                            where bc.booking_id = n.booking_id and bc.cleaner_id = n.cleaner_id
                              and bc.holds_place and bc.end_time > ${now}))`;

      const assignments: JobAssignment[] = assignmentRows.map((row) => ({
        bookingId: row.booking_id,
        cleanerId: row.cleaner_id,
        startTime: row.start_time,
        endTime: row.end_time,
        address: addressOf(row),
      }));
      const notices: CleanerNotice[] = noticeRows.map((row) => ({
        bookingId: row.booking_id,
        cleanerId: row.cleaner_id,
        startTime: row.start_time,
        endTime: row.end_time,
        address: row.address,
        sequence: row.sequence,
        cancelledAt: row.cancelled_at,
        notifiedAt: row.notified_at,
      }));
      const jobs = new Map([...noticeRows, ...assignmentRows].map((row) => [row.booking_id, noticeJobOf(row)]));
      const byId = new Map(cleaners.map((c) => [c.id, { _id: c.id, name: c.name }]));
      const decisions = reconcileNotices({ assignments, notices, emails: new Map(cleaners.map((c) => [c.id, c.email])), now });

      for (const decision of decisions) {
        const { next } = decision;
        const written = await tx`
          insert into cleaner_notices (booking_id, cleaner_id, start_time, end_time, address, sequence, cancelled_at, notified_at)
          values (${next.bookingId}, ${next.cleanerId}, ${next.startTime}, ${next.endTime}, ${next.address}, ${next.sequence},
                  ${next.cancelledAt}, ${next.notifiedAt})
          on conflict (booking_id, cleaner_id) do update
             set start_time = excluded.start_time, end_time = excluded.end_time, address = excluded.address,
                 sequence = excluded.sequence, cancelled_at = excluded.cancelled_at, notified_at = excluded.notified_at
           where cleaner_notices.sequence < excluded.sequence`;
        // Never two messages at one SEQUENCE: a notice written meanwhile undoes this whole run.
        if (written.count !== 1) throw new Error(`the notice of job ${next.bookingId} for cleaner ${next.cleanerId} changed while it was decided`);
        await enqueueEmail(tx, cleanerNoticeEmail(decision, byId.get(next.cleanerId)!, jobs.get(next.bookingId)!, ctx));
      }
      return decisions.length;
    });
  }

  /** Tomorrow's run sheets when their hour has come, each claimed with its e-mail; how many. */
  async function sendRunSheets(ctx: MessageContext, now: Date): Promise<number> {
    const due = runSheetDue(await settings.getTeamNotices(), now);
    if (!due) return 0;
    return await runInTransaction(sql, async (tx) => {
      const rows = await tx<(JobRow & { name: string; email: string })[]>`
        select bc.booking_id::text, bc.cleaner_id::text, bc.start_time, bc.end_time, c.name, c.email, ${tx.unsafe(JOB_COLUMNS)}
          from booking_cleaners bc
          join bookings b on b.id = bc.booking_id
          join cleaners c on c.id = bc.cleaner_id
         where bc.holds_place and bc.end_time > ${due.from} and bc.start_time >= ${due.from} and bc.start_time < ${due.to}
           and not exists (select 1 from cleaner_run_sheets s where s.cleaner_id = bc.cleaner_id and s.day = ${due.day}::date)`;
      if (rows.length === 0) return 0;
      const jobs: RunSheetJob[] = rows.map((row) => ({
        bookingId: row.booking_id,
        cleanerId: row.cleaner_id,
        reference: row.reference,
        startTime: row.start_time,
        endTime: row.end_time,
        address: addressOf(row),
        customerFirstName: row.first_name,
        service: serviceOf(row),
      }));
      const cleaners = new Map(rows.map((row) => [row.cleaner_id, { _id: row.cleaner_id, name: row.name, email: row.email }]));
      let sent = 0;
      for (const sheet of runSheetsFor(due.day, jobs, new Map([...cleaners].map(([id, c]) => [id, c.email])), new Set())) {
        // The claim: another process (or an earlier statement's snapshot) may have sent this one.
        const claimed = await tx`
          insert into cleaner_run_sheets (cleaner_id, day, sent_at) values (${sheet.cleanerId}, ${due.day}::date, ${now})
          on conflict (cleaner_id, day) do nothing`;
        if (claimed.count !== 1) continue;
        await enqueueEmail(tx, cleanerRunSheetEmail(sheet, cleaners.get(sheet.cleanerId)!, ctx));
        sent++;
      }
      return sent;
    });
  }

  async function runOnce(): Promise<CleanerNoticeRun> {
    // Read before the transactions, which hold the cleaners' rows (and PGlite's one connection).
    const ctx = await context();
    const now = clock.now();
    const notices = await tellCleaners(ctx, now);
    const runSheets = await sendRunSheets(ctx, now);
    return { notices, runSheets };
  }

  const runner = makeJobRunner({
    name: "cleaner-notices",
    intervalMs: 60_000,
    log,
    work: async () => {
      const run = await runOnce();
      if (run.notices + run.runSheets > 0) {
        log.info(`[cleaner-notices] queued ${run.notices} job e-mail${run.notices === 1 ? "" : "s"} and ${run.runSheets} run sheet${run.runSheets === 1 ? "" : "s"}`);
      }
      return { more: false };
    },
  });

  return { runOnce, ...runner };
}
