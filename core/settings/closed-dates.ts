/**
 * Staff edits of the dates the business is closed and of the postcodes it cleans in (issue 14).
 * Every write leaves an audit row in its own transaction; Victoria's public holidays come from a
 * holiday calendar behind a port, so core stays free of the package that knows them.
 */
import { z } from "zod";
import { type Actor, auditEntry } from "../admin/audit.ts";
import type { AuditLog } from "../admin/manage-audit.ts";
import { err, notFound, ok, type DomainError, type Result } from "../shared/result.ts";
import { melbourneYmd, parseYmd } from "../shared/melbourne-time.ts";
import type { Clock } from "../shared/ports.ts";
import { SETTINGS_ENTITY, type SettingsAdminTransactor } from "./admin-settings.ts";
import type { ClosedDatesStore } from "./ports.ts";
import { closedDateSchema } from "./schemas.ts";
import { normaliseServiceArea } from "./service-area.ts";
import type { ClosedDate, ServiceArea } from "./types.ts";

/** The public holidays of the business's state, as a holiday package knows them. */
export interface PublicHolidayCalendar {
  /** Public holidays from `from` to `to` (Melbourne dates, inclusive), in date order, one per date. */
  between(from: string, to: string): ClosedDate[];
}

export interface ClosedDatesAdminTx {
  closedDates: ClosedDatesStore;
  audit: AuditLog;
}

export interface ClosedDatesAdminTransactor {
  run<T>(work: (tx: ClosedDatesAdminTx) => Promise<T>): Promise<T>;
}

/** The audit rows of closed dates name this entity, with the date as its id. */
export const CLOSED_DATE_ENTITY = "closed_date";
/** How far ahead the public holidays are offered. */
export const PUBLIC_HOLIDAY_YEARS = 2;

export const CLOSED_DATE_ERRORS = {
  exists: {
    kind: "conflict",
    code: "CLOSED_DATE_EXISTS",
    message: "That date is already closed.",
  },
  notFound: notFound("Closed date", "CLOSED_DATE_NOT_FOUND"),
} as const satisfies Record<string, DomainError>;

export const publicHolidaySchema = closedDateSchema.extend({
  closed: z.boolean().meta({ description: "Already a closed date" }),
}).meta({ id: "PublicHoliday" });

export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

export const publicHolidaysAddedSchema = z.object({
  added: z.int().min(0).meta({ description: "How many holidays were not closed yet and are now" }),
  items: z.array(closedDateSchema).meta({ description: "Every closed date after the change, in date order" }),
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

export function makeClosedDatesAdmin(deps: {
  transactor: ClosedDatesAdminTransactor;
  /** Reads outside a transaction. */
  closedDates: Pick<ClosedDatesStore, "list">;
  holidays: PublicHolidayCalendar;
  clock: Clock;
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

  return {
    /** Every closed date, in date order. */
    list: (): Promise<ClosedDate[]> => deps.closedDates.list(),

    add: (actor: Actor, input: { date: string; label?: string }): Promise<Result<ClosedDate>> =>
      deps.transactor.run(async (tx) => {
        const closed: ClosedDate = { date: input.date, label: input.label?.trim() ?? "" };
        if (!await tx.closedDates.add(closed)) return err(CLOSED_DATE_ERRORS.exists);
        await tx.audit.record(auditEntry(actor, "closed_date.add", CLOSED_DATE_ENTITY, closed.date, null, closed));
        return ok(closed);
      }),

    remove: (actor: Actor, date: string): Promise<Result<ClosedDate>> =>
      deps.transactor.run(async (tx) => {
        const removed = await tx.closedDates.remove(date);
        if (!removed) return err(CLOSED_DATE_ERRORS.notFound);
        await tx.audit.record(auditEntry(actor, "closed_date.remove", CLOSED_DATE_ENTITY, date, removed, null));
        return ok(removed);
      }),

    /** Victoria's public holidays from today for two years, each saying whether it is closed already. */
    publicHolidays: async (): Promise<PublicHoliday[]> => {
      const { from, to, holidays } = upcomingHolidays();
      const closed = new Set((await deps.closedDates.list({ from, to })).map((c) => c.date));
      return holidays.map((holiday) => ({ ...holiday, closed: closed.has(holiday.date) }));
    },

    /** Closes every upcoming public holiday not closed yet, all in one transaction, one audit row each. */
    addPublicHolidays: (actor: Actor): Promise<PublicHolidaysAdded> =>
      deps.transactor.run(async (tx) => {
        let added = 0;
        for (const holiday of upcomingHolidays().holidays) {
          // A date closed already (by hand, with its own label) is left as it is.
          if (!await tx.closedDates.add(holiday)) continue;
          await tx.audit.record(auditEntry(actor, "closed_date.add", CLOSED_DATE_ENTITY, holiday.date, null, holiday));
          added++;
        }
        return { added, items: await tx.closedDates.list() };
      }),
  };
}

export type ClosedDatesAdmin = ReturnType<typeof makeClosedDatesAdmin>;

/** The service area's save: entries trimmed, each once, in order; audited like the other settings. */
export function makeServiceAreaAdmin(deps: { transactor: SettingsAdminTransactor }) {
  return {
    save: (actor: Actor, input: ServiceArea): Promise<ServiceArea> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getServiceArea();
        const saved = await tx.settings.saveServiceArea({ postcodes: normaliseServiceArea(input.postcodes) });
        await tx.audit.record(auditEntry(actor, "settings.service_area", SETTINGS_ENTITY, "service_area", current, saved));
        return saved;
      }),
  };
}

export type ServiceAreaAdmin = ReturnType<typeof makeServiceAreaAdmin>;
