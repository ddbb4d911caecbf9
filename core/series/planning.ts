/**
 * What the series planning job (adapters/jobs/series-planning.ts) does for a regular clean, decided
 * here so the job only claims, reads and writes:
 * 1. whether the series is due (isSeriesDue; the job's claim asks the same of the table);
 * 2. which occurrences it decides on now (rules.ts plannedVisits: from the day after the last one
 *    decided to the horizon);
 * 3. which of them get a visit, and how each is stored (visitsToCreate).
 * The same planning runs inside the transaction of a booking that starts a series (issue 28).
 */
import type { RecordStatus } from "../booking/types.ts";
import { generatedVisitStatus, type PlannedVisit, seriesHorizonEnd } from "./rules.ts";
import type { Series } from "./types.ts";

/**
 * A series is due while it is ACTIVE and not decided through its horizon (seriesHorizonEnd:
 * `horizonWeeks` weeks after today, or after its first visit when that is later).
 */
export const isSeriesDue = (
  series: Pick<Series, "status" | "anchorDate" | "generatedThrough">,
  today: string,
  horizonWeeks: number,
): boolean =>
  series.status === "ACTIVE" &&
  (series.generatedThrough === null || series.generatedThrough < seriesHorizonEnd(series.anchorDate, today, horizonWeeks));

/** One visit planning creates, and how it is stored. */
export interface VisitToCreate {
  visit: PlannedVisit;
  /**
   * The status it is stored in when the one reservation places it (CONFIRMED once the series'
   * first visit is, else PENDING); null when it is not even tried (the business is closed that day).
   */
  placedAs: "PENDING" | "CONFIRMED" | null;
  /** The status when it can't be placed: kept for the office to move or skip, holding no place. */
  unplacedAs: "NEEDS_ATTENTION";
}

/**
 * The visits to create among the planned occurrences: each occurrence that has no visit yet (a
 * visit skipped, moved or cancelled keeps its occurrence, so it is never planned again), placed
 * as the series' visits are, unless the business is closed that day.
 */
export function visitsToCreate(
  planned: readonly PlannedVisit[],
  known: { taken: ReadonlySet<string>; closed: ReadonlySet<string>; firstVisitStatus: RecordStatus | null },
): VisitToCreate[] {
  return planned.filter((visit) => !known.taken.has(visit.date)).map((visit) => {
    const closed = known.closed.has(visit.date);
    const placed = generatedVisitStatus(known.firstVisitStatus, { free: true, closed });
    return {
      visit,
      placedAs: placed === "PENDING" || placed === "CONFIRMED" ? placed : null,
      unplacedAs: "NEEDS_ATTENTION",
    };
  });
}
