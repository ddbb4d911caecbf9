/** What the series use cases need from storage and from the generation job (issue 17). */
import type { AuditEntry } from "../shared/audit.ts";
import type { Cleaner } from "../cleaners/types.ts";
import type { ReserveJob } from "../booking/capacity/reservation.ts";
import type { BookingRecord, BookingStatus, RecordStatus } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { SeriesChange } from "./rules.ts";
import type { SeriesDetail, SeriesListQuery, SeriesSummary } from "./schemas.ts";
import type { Series } from "./types.ts";

export interface SeriesReader {
  /** The series as stored (unlocked); null when unknown or malformed. */
  getById(id: string): Promise<Series | null>;
  /** One page of the filtered series, newest first; nextVisit and needsAttention as of `now`. */
  list(query: SeriesListQuery, now: Date): Promise<{ items: SeriesSummary[]; totalItems: number }>;
  /** The series with every visit, past and coming, by start; null when unknown or malformed. */
  getDetail(id: string, now: Date): Promise<Omit<SeriesDetail, "horizonWeeks"> | null>;
}

/** Inside one transaction, in the lock order: the series row, its visits, then the capacity lock. */
export interface SeriesTx {
  /** The series, held until the transaction ends; null when unknown or malformed. */
  lockSeries(id: string): Promise<Series | null>;
  /** A visit of that series, held until the transaction ends; null when it is not one of its visits. */
  lockVisit(seriesId: string, bookingId: string): Promise<BookingRecord | null>;
  /** The status of the booking that started the series (generated visits follow it). */
  firstVisitStatus(series: Series): Promise<RecordStatus | null>;
  /** The one reservation (reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  /** CANCELLED with `reason`, the series date kept (never generated again), the calendar SEQUENCE raised. */
  skipVisit(bookingId: string, reason: string, at: Date): Promise<BookingRecord>;
  /** New times and status, the series date kept, the reminder due again, the calendar SEQUENCE raised. */
  moveVisit(bookingId: string, move: { startTime: Date; endTime: Date; status: BookingStatus }, at: Date): Promise<BookingRecord>;
  /**
   * Cancels the visits from `fromDate` on that still stand (PENDING, CONFIRMED, NEEDS_ATTENTION)
   * with `reason`; keepSeriesDate false frees their dates for new terms. The cancelled visits, by start.
   */
  cancelVisitsFrom(seriesId: string, fromDate: string, reason: string, options: { keepSeriesDate: boolean }): Promise<BookingRecord[]>;
  /** New terms and template, version + 1, generated through the day before the new anchor. */
  saveChange(seriesId: string, change: SeriesChange): Promise<Series>;
  /** PAUSED, version + 1. */
  pause(seriesId: string): Promise<Series>;
  /** ACTIVE again, generated through the day before `fromDate`, version + 1. */
  resume(seriesId: string, fromDate: string): Promise<Series>;
  /** ENDED from `fromDate`, its visits from then cancelled (series dates kept); the cancelled visits, by start. */
  end(seriesId: string, fromDate: string, reason: string): Promise<BookingRecord[]>;
  /** The regular cleaners from now on (the visits are not touched). */
  setCleaners(seriesId: string, cleanerIds: readonly string[]): Promise<Series>;
  /** The cleaners with these ids that exist (active or not). */
  cleanersByIds(ids: readonly string[]): Promise<Cleaner[]>;
  /** The visits holding a place (PENDING, CONFIRMED) that start at or after `from`, by start, held until the transaction ends. */
  comingVisits(seriesId: string, from: Date): Promise<BookingRecord[]>;
  /** Plans the series' visits through the horizon now, each through the one reservation; those created, by start. */
  planVisits(seriesId: string, now: Date): Promise<BookingRecord[]>;
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  enqueueEmail(message: OutboxMessage): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface SeriesStore extends SeriesReader {
  transaction: InTransaction<SeriesTx>;
}

/** The generation job's work for one series, run at once (after a change of terms or a resume). */
export interface SeriesGeneration {
  /** Generates the series' visits through the horizon, as the job would; how many it created. */
  generate(seriesId: string): Promise<number>;
}
