/**
 * The availability calendar (issue 14): which days and start times a visit can be booked for.
 * Every slot is judged by the two functions that accept or refuse a booking: startTimeProblem
 * (what validateDraft runs) and capacityClaim's decision (what the store runs under its lock), on
 * the same visits the store would read. A slot shown free is accepted unless someone takes it first.
 */
import type { CatalogReader } from "../../catalog/ports.ts";
import type { ClosedDatesStore, SettingsStore } from "../../settings/ports.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import { addDaysYmd, melbourneInstant } from "../../shared/melbourne-time.ts";
import type { Clock } from "../../shared/ports.ts";
import { err, type ErrorOf, ok, type Result } from "../../shared/result.ts";
import { SERVICE_NOT_FOUND } from "../../catalog/admin-rules.ts";
import { capacityIndex, type CapacityIndex, capacityWindow } from "./capacity.ts";
import { extraMinutes } from "../draft/prepare-record.ts";
import { jobMinutes } from "../pricing/job-length.ts";
import type { BookingReader, Occupancy, PackedHoldersReader, PackedVisits } from "../ports.ts";
import type { AvailabilityCalendar, AvailabilityDay, AvailabilityQuery } from "../schemas.ts";
import { type TeamAvailability, teamAvailability, type TeamReader } from "./team-availability.ts";
import { closedDateLabels, slotHours, slotInstant, type StartTimeCode, startTimeProblem, type VisitContext, visitEnd } from "./scheduling.ts";

/** The day-wide refusals of a start, as the calendar names them. */
const DAY_REASONS: Partial<Record<StartTimeCode, NonNullable<AvailabilityDay["reason"]>>> = {
  PAST: "BEFORE_LEAD_TIME",
  BEFORE_LEAD_TIME: "BEFORE_LEAD_TIME",
  BEYOND_HORIZON: "BEYOND_HORIZON",
  CLOSED_DAY: "CLOSED_DAY",
  CLOSED_DATE: "CLOSED_DATE",
};

/** The index of a context's holders, made once for all the days judged on them. */
const indexes = new WeakMap<ReadonlyArray<Occupancy> | PackedVisits, CapacityIndex>();
function indexOf(holders: ReadonlyArray<Occupancy> | PackedVisits): CapacityIndex {
  let index = indexes.get(holders);
  if (!index) {
    index = capacityIndex(holders);
    indexes.set(holders, index);
  }
  return index;
}

export interface DayContext {
  now: Date;
  scheduling: SchedulingSettings;
  visit: VisitContext;
  /** Capacity-holding visits around the day (indexed once per array, capacityIndex). */
  holders: ReadonlyArray<Occupancy> | PackedVisits;
  /** Team mode (issue 28): a slot is offered only when a cleaner can take it. */
  team?: TeamAvailability;
}

/**
 * Refusals that hold for the whole date once one slot has them (they read its date, or an instant
 * before all of it): the day's other slots need no judging.
 */
const WHOLE_DAY: ReadonlySet<StartTimeCode> = new Set(["BEFORE_LEAD_TIME", "BEYOND_HORIZON", "CLOSED_DAY", "CLOSED_DATE"]);

/** One day of the calendar. */
export function dayAvailability(ymd: string, ctx: DayContext): AvailabilityDay {
  const hours = slotHours(ctx.scheduling);
  const judge = (hour: number) => {
    const start = slotInstant(ymd, hour);
    return { start, problem: startTimeProblem(start, ctx.now, ctx.scheduling, ctx.visit) };
  };
  const head = hours.length > 0 ? judge(hours[0]) : undefined;
  const judged = head?.problem && WHOLE_DAY.has(head.problem.code) ? [head] : hours.map((hour, i) => (i === 0 ? head! : judge(hour)));
  const offered = judged.filter((slot) => slot.problem === null);
  if (offered.length === 0) {
    // The rules run in a fixed order, so the first slot's refusal says whether it is the day's.
    const reason = DAY_REASONS[judged[0]?.problem?.code ?? "PAST_DAY_END"] ?? "FULL";
    const label = reason === "CLOSED_DATE" ? ctx.visit.closedDates.get(ymd) : undefined;
    return { date: ymd, open: false, reason, ...(label ? { label } : {}) };
  }
  // capacityClaim's decision (isSlotBlocked on the window's visits), counted on the index.
  const index = indexOf(ctx.holders);
  const slots = offered.map(({ start }) => {
    const visit = { start, end: visitEnd(start, ctx.visit.lengthMinutes) };
    const blocked = index.blocks(visit, ctx.scheduling) || (ctx.team !== undefined && !ctx.team.canTake(visit));
    return { startTimeISO: start.toISOString(), available: !blocked };
  });
  if (!slots.some((slot) => slot.available)) return { date: ymd, open: false, reason: "FULL" };
  return { date: ymd, open: true, slots };
}

/** Team mode's availability over [from, to) when the business runs on it; null otherwise. */
export async function readTeam(
  reader: TeamReader | undefined,
  scheduling: SchedulingSettings,
  from: Date,
  to: Date,
  exceptBookingId?: string,
): Promise<TeamAvailability | null> {
  if (scheduling.availabilityMode !== "TEAM" || !reader) return null;
  return teamAvailability(await reader.teamBetween(from, to, exceptBookingId), scheduling);
}

/** Every date from `from` to `to`, inclusive. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let ymd = from; ymd <= to; ymd = addDaysYmd(ymd, 1)) dates.push(ymd);
  return dates;
}

/** The calendar is refused only for a service that is unknown or deleted (the query's fields are the schema's). */
export const AVAILABILITY_ERRORS = [SERVICE_NOT_FOUND] as const;

export function makeGetAvailability(deps: {
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  catalog: Pick<CatalogReader, "getService" | "listExtras">;
  /** Packed when the reader can (a 62-day range over a busy book is thousands of visits). */
  bookings: Pick<BookingReader, "capacityHoldersBetween"> & Partial<PackedHoldersReader>;
  /** Team mode's read (issue 28); without it, team mode offers what the capacity rule does. */
  team?: TeamReader;
  clock: Clock;
}) {
  /** A few round trips whatever the range: settings, closed dates, the service and its add-ons, the visits. */
  return async (query: AvailabilityQuery): Promise<Result<AvailabilityCalendar, ErrorOf<typeof AVAILABILITY_ERRORS>>> => {
    const serviceId = query.serviceId?.trim() ?? "";
    const [scheduling, closedDates, service, extras] = await Promise.all([
      deps.settings.getScheduling(),
      deps.closedDates.list({ from: query.from, to: query.to }),
      serviceId ? deps.catalog.getService(serviceId) : null,
      serviceId ? deps.catalog.listExtras(serviceId) : [],
    ]);
    if (serviceId && !service) return err(SERVICE_NOT_FOUND);
    const lengthMinutes = jobMinutes(service, {
      hours: query.hours,
      bedrooms: query.bedrooms,
      extras: extraMinutes(query.extras, extras),
    });
    const visit: VisitContext = { closedDates: closedDateLabels(closedDates), lengthMinutes };
    // The windows of the range's first and last possible visits bound every read a slot needs.
    const first = capacityWindow({ start: melbourneInstant(query.from, 0), end: melbourneInstant(query.from, 0) }, scheduling);
    const lastStart = melbourneInstant(addDaysYmd(query.to, 1), 0);
    const last = capacityWindow({ start: lastStart, end: visitEnd(lastStart, lengthMinutes) }, scheduling);
    const [holders, team] = await Promise.all([
      deps.bookings.packedHoldersBetween
        ? deps.bookings.packedHoldersBetween(first.from, last.to)
        : deps.bookings.capacityHoldersBetween(first.from, last.to),
      readTeam(deps.team, scheduling, first.from, last.to),
    ]);
    const ctx: DayContext = { now: deps.clock.now(), scheduling, visit, holders, ...(team ? { team } : {}) };
    return ok({ durationMinutes: lengthMinutes, days: datesBetween(query.from, query.to).map((ymd) => dayAvailability(ymd, ctx)) });
  };
}
