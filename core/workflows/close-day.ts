/**
 * Staff edits of the dates the business is closed (issue 14). Every write leaves an audit row in its own transaction; Victoria's public holidays come from a
 * holiday calendar behind a port, so core stays free of the package that knows them.
 *
 * Issue 28: closing a day sets aside the jobs already on it, in the same transaction: each becomes
 * NEEDS_ATTENTION (it holds no place), with an audit row, and the office is e-mailed the list; the
 * answer names them so the screen can link to each.
 */
import { z } from "zod";
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { AuditLog } from "../shared/audit.ts";
import type { BookingStatus } from "../booking/types.ts";
import { closedDayJobsNotification, type ClosedDayJobs } from "../notifications/closed-day-messages.ts";
import { type MessageContext } from "../notifications/email-parts.ts";
import { customerName } from "../shared/contact.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { declareError, err, type ErrorOf, notFound, ok, type Result } from "../shared/result.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd, parseYmd } from "../shared/melbourne-time.ts";
import type { Clock } from "../shared/ports.ts";
import type { ClosedDatesStore } from "../settings/ports.ts";
import { closedDateSchema } from "../settings/schemas.ts";
import type { ClosedDate } from "../settings/types.ts";

/** The public holidays of the business's state, as a holiday package knows them. */
export interface PublicHolidayCalendar {
  /** Public holidays from `from` to `to` (Melbourne dates, inclusive), in date order, one per date. */
  between(from: string, to: string): ClosedDate[];
}

/** A job that closing its day took out of its place: as it was just before. */
export interface SetAsideJob {
  _id: string;
  reference: string;
  firstName: string;
  lastName: string;
  startTime: Date;
  endTime: Date;
  /** The place-holding status it had. */
  status: BookingStatus;
}

/** The jobs of a day being closed. */
export interface ClosingDayJobs {
  /**
   * Sets every BOOKING record in one of `statuses` that starts in [from, to) to NEEDS_ATTENTION and
   * answers them as they were, by start. Holds the day against bookings deciding on it meanwhile
   * (the capacity lock of the day), so none lands on it unseen.
   */
  setAside(day: { date: string; from: Date; to: Date }, statuses: readonly BookingStatus[], at: Date): Promise<SetAsideJob[]>;
}

export interface ClosedDatesAdminTx {
  closedDates: ClosedDatesStore;
  audit: AuditLog;
  jobs: ClosingDayJobs;
  enqueueEmail(message: OutboxMessage): Promise<void>;
}

export interface ClosedDatesAdminTransactor {
  run<T>(work: (tx: ClosedDatesAdminTx) => Promise<T>): Promise<T>;
}

/** The audit rows of closed dates name this entity, with the date as its id. */
export const CLOSED_DATE_ENTITY = "closed_date";
/** The one audit row of "Add Victoria's public holidays": no record id, the dates added as `after.holidays`. */
export const PUBLIC_HOLIDAYS_ACTION = "closed_date.add_public_holidays";
/** How far ahead the public holidays are offered. */
export const PUBLIC_HOLIDAY_YEARS = 2;

export const CLOSED_DATE_EXISTS = declareError("conflict", "CLOSED_DATE_EXISTS", "That date is already closed.");
export const CLOSED_DATE_NOT_FOUND = notFound("Closed date", "CLOSED_DATE_NOT_FOUND");

/** Closing a date: only a date closed already is refused. */
export const ADD_CLOSED_DATE_ERRORS = [CLOSED_DATE_EXISTS] as const;
export type AddClosedDateError = ErrorOf<typeof ADD_CLOSED_DATE_ERRORS>;

/** Opening a date again: only a date that is not closed is refused. */
export const REMOVE_CLOSED_DATE_ERRORS = [CLOSED_DATE_NOT_FOUND] as const;
export type RemoveClosedDateError = ErrorOf<typeof REMOVE_CLOSED_DATE_ERRORS>;

export const publicHolidaySchema = closedDateSchema.extend({
  closed: z.boolean().meta({ description: "Already a closed date" }),
}).meta({ id: "PublicHoliday" });

export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

export const affectedJobSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  customerName: z.string(),
  startTime: z.string().meta({ description: "ISO 8601" }),
}).meta({ id: "ClosedDayAffectedJob", description: "A job on a day just closed: now NEEDS_ATTENTION, it holds no place" });

export type AffectedJob = z.infer<typeof affectedJobSchema>;

const affectedField = z.array(affectedJobSchema)
  .meta({ description: "The jobs that were on the day(s) closed, by start: each now NEEDS_ATTENTION and needs a new time or a cancellation" });

export const closedDateAddedSchema = closedDateSchema.extend({ affected: affectedField }).meta({ id: "ClosedDateAdded" });

export type ClosedDateAdded = z.infer<typeof closedDateAddedSchema>;

export const publicHolidaysAddedSchema = z.object({
  added: z.int().min(0).meta({ description: "How many holidays were not closed yet and are now" }),
  items: z.array(closedDateSchema).meta({ description: "Every closed date after the change, in date order" }),
  affected: affectedField,
}).meta({ id: "PublicHolidaysAdded" });

export type PublicHolidaysAdded = z.infer<typeof publicHolidaysAddedSchema>;

/** The same day `years` later; 29 February becomes the 28th in a year without one. */
export function yearsAfterYmd(ymd: string, years: number): string {
  const parts = parseYmd(ymd);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${ymd}`);
  const year = parts.year + years;
  const lastDay = new Date(Date.UTC(year, parts.month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(parts.month)}-${pad(Math.min(parts.day, lastDay))}`;
}

/**
 * The statuses a job loses when its day closes: those holding a place (CAPACITY_HOLDING_STATUSES)
 * but DONE, which is a job that happened and stays as it is.
 */
export const SET_ASIDE_STATUSES: readonly BookingStatus[] = ["PENDING", "CONFIRMED"];

/** The Melbourne day `date` as instants: from its midnight to the next one (23 or 25 hours at a change of clocks). */
export const melbourneDayWindow = (date: string) => ({
  date,
  from: melbourneInstant(date, 0),
  to: melbourneInstant(addDaysYmd(date, 1), 0),
});

/** The reason a set-aside job's audit row gives: 'Closed: 2026-12-25 (Christmas Day)'. */
export const setAsideReason = (closed: ClosedDate): string => `Closed: ${closed.date}${closed.label ? ` (${closed.label})` : ""}`;

export function makeClosedDatesAdmin(deps: {
  transactor: ClosedDatesAdminTransactor;
  /** Reads outside a transaction. */
  closedDates: Pick<ClosedDatesStore, "list">;
  holidays: PublicHolidayCalendar;
  clock: Clock;
  /** The business profile the office's e-mail is sent to and written with. */
  messages: { context(): Promise<MessageContext> };
}) {
  /** Today in Melbourne through the same day two years on. */
  const holidayWindow = () => {
    const today = melbourneYmd(deps.clock.now());
    return { from: today, to: yearsAfterYmd(today, PUBLIC_HOLIDAY_YEARS) };
  };
  const upcomingHolidays = () => {
    const { from, to } = holidayWindow();
    return { from, to, holidays: deps.holidays.between(from, to) };
  };

  /**
   * Inside the closing's transaction, after the date is stored: its jobs set aside, one audit row
   * each (a status change, with the closing as its reason).
   */
  const setAsideJobsOf = async (tx: ClosedDatesAdminTx, actor: Actor, closed: ClosedDate): Promise<ClosedDayJobs> => {
    const jobs = await tx.jobs.setAside(melbourneDayWindow(closed.date), SET_ASIDE_STATUSES, deps.clock.now());
    for (const job of jobs) {
      await tx.audit.record(auditEntry(actor, "booking.status", "booking", job._id, { status: job.status }, {
        status: "NEEDS_ATTENTION",
        reason: setAsideReason(closed),
      }));
    }
    return {
      date: closed.date,
      label: closed.label,
      jobs: jobs.map((job) => ({ ...job, customerName: customerName(job) })),
    };
  };

  /** The office's one e-mail about every day of a closing that had jobs on it. */
  const tellTheOffice = async (tx: ClosedDatesAdminTx, days: ClosedDayJobs[], ctx: MessageContext) => {
    const notice = closedDayJobsNotification(days, ctx);
    if (notice) await tx.enqueueEmail(notice);
  };

  const affectedOf = (days: ClosedDayJobs[]): AffectedJob[] =>
    days.flatMap((day) => day.jobs).map((job) => ({
      _id: job._id,
      reference: job.reference,
      customerName: job.customerName,
      startTime: job.startTime.toISOString(),
    }));

  return {
    /** Every closed date, in date order. */
    list: (): Promise<ClosedDate[]> => deps.closedDates.list(),

    /** Closes the date; the jobs on it are set aside (NEEDS_ATTENTION, audited, the office e-mailed) in the same transaction. */
    add: async (actor: Actor, input: { date: string; label?: string }): Promise<Result<ClosedDateAdded, AddClosedDateError>> => {
      const ctx = await deps.messages.context();
      return deps.transactor.run(async (tx) => {
        const closed: ClosedDate = { date: input.date, label: input.label?.trim() ?? "" };
        if (!await tx.closedDates.add(closed)) return err(CLOSED_DATE_EXISTS);
        await tx.audit.record(auditEntry(actor, "closed_date.add", CLOSED_DATE_ENTITY, closed.date, null, closed));
        const day = await setAsideJobsOf(tx, actor, closed);
        await tellTheOffice(tx, [day], ctx);
        return ok({ ...closed, affected: affectedOf([day]) });
      });
    },

    remove: (actor: Actor, date: string): Promise<Result<ClosedDate, RemoveClosedDateError>> =>
      deps.transactor.run(async (tx) => {
        const removed = await tx.closedDates.remove(date);
        if (!removed) return err(CLOSED_DATE_NOT_FOUND);
        await tx.audit.record(auditEntry(actor, "closed_date.remove", CLOSED_DATE_ENTITY, date, removed, null));
        return ok(removed);
      }),

    /** Victoria's public holidays from today for two years, each saying whether it is closed already. */
    publicHolidays: async (): Promise<PublicHoliday[]> => {
      const { from, to, holidays } = upcomingHolidays();
      const closed = new Set((await deps.closedDates.list({ from, to })).map((c) => c.date));
      return holidays.map((holiday) => ({ ...holiday, closed: closed.has(holiday.date) }));
    },

    /**
     * Closes every upcoming public holiday not closed yet, all in one transaction, with one audit
     * row listing the dates added (none when there were none, issue 34 item 17); the jobs on the
     * dates it closes are set aside as add does, with one e-mail for them all.
     */
    addPublicHolidays: async (actor: Actor): Promise<PublicHolidaysAdded> => {
      const ctx = await deps.messages.context();
      return deps.transactor.run(async (tx) => {
        const added: ClosedDate[] = [];
        for (const holiday of upcomingHolidays().holidays) {
          // A date closed already (by hand, with its own label) is left as it is.
          if (await tx.closedDates.add(holiday)) added.push({ date: holiday.date, label: holiday.label });
        }
        if (added.length > 0) {
          await tx.audit.record(auditEntry(actor, PUBLIC_HOLIDAYS_ACTION, CLOSED_DATE_ENTITY, null, null, { holidays: added }));
        }
        const days: ClosedDayJobs[] = [];
        // In date order, so the days' locks are taken in the one ascending order every booking takes them.
        for (const holiday of added) days.push(await setAsideJobsOf(tx, actor, holiday));
        await tellTheOffice(tx, days, ctx);
        return { added: days.length, items: await tx.closedDates.list(), affected: affectedOf(days) };
      });
    },
  };
}

export type ClosedDatesAdmin = ReturnType<typeof makeClosedDatesAdmin>;
