/**
 * Plans the visits of the series of regular cleans (issue 17) over a rolling horizon (the
 * scheduling setting seriesHorizonWeeks), inside each API process, on the one job runner
 * (runner.ts). Which series are due and which of their visits to create is core's decision
 * (core/series/planning.ts); this job claims, reads and writes.
 *
 * Correct with several processes and across restarts, each series in a transaction of its own:
 * - the series row is claimed FOR UPDATE SKIP LOCKED, so one process at a time generates a given
 *   series (another passes over it to the next due one), and a staff change of that series waits
 *   for it, or it for the change;
 * - each visit is inserted with ON CONFLICT on the unique index (series_id, series_date), so an
 *   occurrence can never get two visits, whatever any process's bookkeeping says;
 * - each visit goes through the one reservation (adapters/postgres/reservation.ts), its locks
 *   taken ahead for all of them and held to the commit, as any booking's are: a visit that can't
 *   be placed (the time is full, the business is closed that day, in team mode no cleaner can
 *   come) is stored NEEDS_ATTENTION and holds no place;
 * - generated_through is written only while the series' version is the one read: a process
 *   holding older terms rolls its whole transaction back, writing nothing.
 * Each visit that holds a place carries the series' regular cleaners who are free then (in team
 * mode, one chosen when none is). A restart resumes from generated_through. No e-mail is sent per visit: the reminder job reminds
 * each visit before it, as any booking.
 */
import type { SeriesGeneration } from "../../core/series/ports.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { type Clock, systemClock } from "../../core/shared/ports.ts";
import { ok } from "../../core/shared/result.ts";
import { makeClosedDatesStore } from "../postgres/closed-dates-repository.ts";
import type { Sql } from "../postgres/db.ts";
import { claimDueSeries } from "../postgres/series-repository.ts";
import { generateLocked, type RunContext } from "../postgres/series-generation.ts";
import { makeSettingsStore } from "../postgres/settings-repository.ts";
import { runInTransaction } from "../postgres/transaction.ts";
import { errorText, type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

export type SeriesJobLog = JobLog;

export interface SeriesJobOptions {
  sql: Sql;
  clock?: Clock;
  /** Series generated per run at most (each in its own transaction). */
  batchSize?: number;
  log?: SeriesJobLog;
}

/** What one run did. */
export interface SeriesRun {
  /** Series decided through the horizon. */
  series: number;
  /** Visits created (NEEDS_ATTENTION ones included). */
  visits: number;
}

/** Runs every 5 minutes by default, at once after wake() (a booking started a series), back to back while runs come back full. */
export interface SeriesJob extends SeriesGeneration, JobRunner {
  /** Generates every due series (up to batchSize). Rejects when the database cannot be reached. */
  runOnce(): Promise<SeriesRun>;
}

/** A series whose generation failed (its id, when it had been claimed), so a run can pass over it. */
class SeriesGenerationFailed extends Error {
  /** `expected`: nothing went wrong, the series is merely left for the next run. */
  constructor(readonly seriesId: string | null, readonly reason: unknown, readonly expected = false) {
    super(`generating series ${seriesId ?? "(none claimed)"} failed: ${errorText(reason)}`);
  }
}

export function makeSeriesPlanningJob(options: SeriesJobOptions): SeriesJob {
  const { sql, clock = systemClock, batchSize = 100, log = console } = options;
  const settings = makeSettingsStore(sql);
  const closedDates = makeClosedDatesStore(sql);

  // Read before the transactions, which hold the series' rows (and PGlite's one connection).
  async function context(): Promise<RunContext> {
    const now = clock.now();
    const scheduling = await settings.getScheduling();
    const today = melbourneYmd(now);
    const closed = await closedDates.list({ from: today });
    return { now, scheduling, today, closed: new Set(closed.map((day) => day.date)) };
  }

  /**
   * One series in one transaction: claimed (or, locked elsewhere, passed over), generated, marked.
   * Its id and the visits created; null when none was due; a failure names the series it claimed.
   */
  async function generateOne(ctx: RunContext, claim: { id?: string; passOver?: string[] }) {
    let claimed: string | null = null;
    try {
      const done = await runInTransaction(sql, async (tx) => {
        const series = await claimDueSeries(tx, { today: ctx.today, horizonWeeks: ctx.scheduling.seriesHorizonWeeks }, claim);
        if (!series) return ok(null);
        claimed = series._id;
        const created = await generateLocked(tx, series, ctx);
        return created.ok ? ok({ id: series._id, created: created.value.length }) : created;
      });
      // Nothing was written (its terms changed, or its first visit was busy): it is tried again later.
      if (!done.ok) throw new SeriesGenerationFailed(claimed, new Error(done.reason), true);
      return done.value;
    } catch (error) {
      throw error instanceof SeriesGenerationFailed ? error : new SeriesGenerationFailed(claimed, error);
    }
  }

  async function runOnce(): Promise<SeriesRun> {
    const ctx = await context();
    const run: SeriesRun = { series: 0, visits: 0 };
    // A series that failed is passed over for the rest of the run, so it holds up no other.
    const passOver: string[] = [];
    while (run.series + passOver.length < batchSize) {
      let done;
      try {
        done = await generateOne(ctx, { passOver });
      } catch (error) {
        // Nothing claimed: the database itself failed, and the run with it.
        if (!(error instanceof SeriesGenerationFailed) || error.seriesId === null) throw error instanceof SeriesGenerationFailed ? error.reason : error;
        (error.expected ? log.info : log.error)(`[series] ${error.message}`);
        passOver.push(error.seriesId);
        continue;
      }
      if (done === null) break;
      run.series++;
      run.visits += done.created;
    }
    return run;
  }

  /** One series now (after a change of terms or a resume); 0 when another process is at it. */
  async function generate(seriesId: string): Promise<number> {
    return (await generateOne(await context(), { id: seriesId }))?.created ?? 0;
  }

  const runner = makeJobRunner({
    name: "series",
    intervalMs: 5 * 60_000,
    log,
    work: async () => {
      const run = await runOnce();
      if (run.visits > 0) log.info(`[series] generated ${run.visits} visit${run.visits === 1 ? "" : "s"} of ${run.series} series`);
      return { more: run.series >= batchSize };
    },
  });

  return { runOnce, generate, ...runner };
}
