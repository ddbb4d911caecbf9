/**
 * Planning a series' visits (issue 17): the occurrences through the rolling horizon, each placed
 * under the capacity lock or stored NEEDS_ATTENTION, with the regular cleaners who are free. The
 * planning job (adapters/jobs/series-planning.ts) runs it for each due series; a booking that starts
 * a series runs it in its own transaction (issue 28), so its confirmation promises only visits
 * that hold a place.
 */
import { reservation, type Reservation } from "../../core/booking/capacity/reservation.ts";
import { customerEmailKey } from "../../core/customers/match.ts";
import type { BookingRecord, BookingStatus } from "../../core/booking/types.ts";
import type { PlannedVisit as ConfirmedPlan } from "../../core/booking/ports.ts";
import { type PlannedVisit, plannedVisits, visitRecord } from "../../core/series/rules.ts";
import { type VisitToCreate, visitsToCreate } from "../../core/series/planning.ts";
import type { NewSeries, Series } from "../../core/series/types.ts";
import type { SchedulingSettings } from "../../core/settings/types.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { ok } from "../../core/shared/result.ts";
import { insertSeriesVisit } from "./booking-repository.ts";
import { lockAheadLocked, reserveLocked } from "./reservation.ts";
import { makeClosedDatesStore } from "./closed-dates-repository.ts";
import type { Queryable } from "./db.ts";
import { firstVisitStatusForGeneration, lockSeries, markGenerated, takenOccurrences } from "./series-repository.ts";
import { makeSettingsStore } from "./settings-repository.ts";

/** What a run reads before its transactions: the horizon, the capacity rule, the closed dates. */
export interface RunContext {
  now: Date;
  scheduling: SchedulingSettings;
  today: string;
  /** Closed dates from today on. */
  closed: ReadonlySet<string>;
}

/** The run's context read on `sql` (inside a transaction, under its locks). */
export async function runContext(sql: Queryable, now: Date): Promise<RunContext> {
  const today = melbourneYmd(now);
  const [scheduling, closed] = await Promise.all([makeSettingsStore(sql).getScheduling(), makeClosedDatesStore(sql).list({ from: today })]);
  return { now, scheduling, today, closed: new Set(closed.map((day) => day.date)) };
}

/** The series' terms changed under this generation: the transaction rolls back, writing nothing. */
const STALE_TERMS = { ok: false, reason: "its terms changed while its visits were generated" } as const;
/** Its first visit is being changed right now: nothing is written; the next run generates it. */
const FIRST_VISIT_BUSY = { ok: false, reason: "its first visit was being changed; it is left for the next run" } as const;

/**
 * Inside the series' transaction (its row locked): the visits of the occurrences not decided yet,
 * each placed or NEEDS_ATTENTION, then generated_through. The visits created, by start, or a
 * failure (the terms changed) that rolls it all back.
 */
export async function generateLocked(tx: Queryable, series: Series, ctx: RunContext) {
  const plan = plannedVisits(series, { now: ctx.now, horizonWeeks: ctx.scheduling.seriesHorizonWeeks });
  // Claimed as ACTIVE under its lock: there is a plan.
  if (!plan) return STALE_TERMS;
  const created: BookingRecord[] = [];
  if (plan.visits.length > 0) {
    const firstStatus = await firstVisitStatusForGeneration(tx, series);
    if (firstStatus === "busy") return FIRST_VISIT_BUSY;
    const taken = await takenOccurrences(tx, series._id, plan.visits[0].date, plan.through);
    const planned = visitsToCreate(plan.visits, { taken, closed: ctx.closed, firstVisitStatus: firstStatus })
      .map((toCreate) => ({ toCreate, reservation: visitReservation(series, toCreate.visit, ctx) }));
    // Every lock the visits need, in the one order, before the first (no deadlock with another reservation).
    await lockAheadLocked(tx, planned.map((p) => p.reservation));
    for (const { toCreate, reservation } of planned) {
      const stored = await planVisit(tx, series, toCreate, reservation);
      if (stored) created.push(stored);
    }
  }
  if (!await markGenerated(tx, series._id, series.version, plan.through)) return STALE_TERMS;
  return ok(created);
}

/**
 * The reservations a new series' visits will need, before the booking that starts it is reserved
 * (its own first, so the booking's transaction takes every lock in the one order: lockAheadLocked).
 */
export async function newSeriesReservations(tx: Queryable, series: NewSeries, now: Date): Promise<Reservation[]> {
  const ctx = await runContext(tx, now);
  const plan = plannedVisits(
    { ...series, status: "ACTIVE", endsOn: null, generatedThrough: series.anchorDate },
    { now, horizonWeeks: ctx.scheduling.seriesHorizonWeeks },
  );
  // A new series has no regular cleaners yet.
  return (plan?.visits ?? []).map((visit) => visitReservation({ cleanerIds: [], template: series.template }, visit, ctx));
}

/** A visit whose occurrence another writer took first: nothing is written for it. */
class OccurrenceTaken extends Error {}

/** The reservation of a planned visit: its place, and the regular cleaners who can come. */
const visitReservation = (series: Pick<Series, "cleanerIds" | "template">, visit: PlannedVisit, ctx: RunContext): Reservation =>
  reservation({ start: visit.startTime, end: visit.endTime }, ctx.scheduling, {
    cleaners: { kind: "best", ids: series.cleanerIds },
    customerEmailKey: customerEmailKey(series.template.email),
    audience: "staff",
  });

/**
 * One visit to create (core's visitsToCreate) through the one reservation (reservation.ts): its
 * place, its day open, and the regular cleaners who are free then (in team mode, working; one
 * chosen when none is). Refused, or not tried (a closed day), it is stored as core says
 * (NEEDS_ATTENTION, holding nothing). The visit stored, or null when its occurrence was taken meanwhile.
 */
async function planVisit(
  tx: Queryable,
  series: Series,
  { visit, placedAs, unplacedAs }: VisitToCreate,
  booking: Reservation,
): Promise<BookingRecord | null> {
  const occurrence = { seriesId: series._id, seriesDate: visit.date, customerId: series.customerId };
  const insert = async (status: BookingStatus) => {
    const stored = await insertSeriesVisit(tx, visitRecord(series.template, visit, status), occurrence);
    if (!stored) throw new OccurrenceTaken();
    return stored;
  };
  try {
    if (placedAs) {
      const reserved = await reserveLocked(tx, booking, () => insert(placedAs));
      if (reserved.ok) return reserved.value.booking;
    }
    return await insert(unplacedAs);
  } catch (error) {
    if (error instanceof OccurrenceTaken) return null;
    throw error;
  }
}

/**
 * Inside the transaction of the booking that started series `seriesId`: its visits through the
 * horizon, planned at once (issue 28: its confirmation lists what holds a place and names what
 * doesn't). The visits created, by start; none when the series was left for the job.
 */
export async function planNewSeriesLocked(tx: Queryable, seriesId: string, now: Date): Promise<BookingRecord[]> {
  const series = await lockSeries(tx, seriesId);
  if (!series) throw new Error(`series ${seriesId} vanished inside its own transaction`);
  const planned = await generateLocked(tx, series, await runContext(tx, now));
  return planned.ok ? planned.value : [];
}

/** The visits planned with a new series as its first confirmation reads them: each with whether it holds a place. */
export const confirmationPlan = (planned: readonly BookingRecord[]): ConfirmedPlan[] =>
  planned.map((visit) => ({ startTime: visit.startTime, holdsPlace: visit.status !== "NEEDS_ATTENTION", visit }));
