/**
 * Planning a series' visits (issue 17): the occurrences through the rolling horizon, each placed
 * under the capacity lock or stored NEEDS_ATTENTION, with the regular cleaners who are free. The
 * generation job (adapters/series/series-job.ts) runs it for each due series; a booking that starts
 * a series runs it in its own transaction (issue 28), so its confirmation promises only visits
 * that hold a place.
 */
import { capacityClaim } from "../../core/booking/capacity.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { generatedVisitStatus, plannedVisits, visitRecord } from "../../core/series/rules.ts";
import type { Series } from "../../core/series/types.ts";
import type { SchedulingSettings } from "../../core/settings/types.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { ok } from "../../core/shared/result.ts";
import { decideCapacityLocked, insertSeriesVisit } from "./booking-repository.ts";
import { placeCleaners } from "./cleaners-repository.ts";
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
    for (const visit of plan.visits) {
      if (taken.has(visit.date)) continue;
      const closed = ctx.closed.has(visit.date);
      // A closed day needs no place: the visit is for staff to move or skip whatever the capacity.
      const free = !closed && (await decideCapacityLocked(tx, capacityClaim({ start: visit.startTime, end: visit.endTime }, ctx.scheduling))).ok;
      const status = generatedVisitStatus(firstStatus, { free, closed });
      const stored = await insertSeriesVisit(tx, visitRecord(series.template, visit, status), {
        seriesId: series._id,
        seriesDate: visit.date,
        customerId: series.customerId,
      });
      if (!stored) continue;
      created.push(stored);
      // The regular cleaners who are free then go with a visit that holds a place; one who is
      // busy is left off, and the series' detail names the gap (missingCleanerIds).
      if (series.cleanerIds.length > 0 && (status === "PENDING" || status === "CONFIRMED")) {
        await placeCleaners(tx, { bookingId: stored._id, start: stored.startTime, end: stored.endTime }, series.cleanerIds);
      }
    }
  }
  if (!await markGenerated(tx, series._id, series.version, plan.through)) return STALE_TERMS;
  return ok(created);
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
