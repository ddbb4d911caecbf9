/** What feedback after each job (issue 32) needs from storage. */
import type { AuditEntry, AuditLog } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { FeedbackRequestRow } from "./rules.ts";
import type { FeedbackSettings } from "./settings.ts";

/** A job's feedback as stored: one request (asking again replaces its link), answered at most once. */
export interface Feedback {
  bookingId: string;
  requestedAt: Date;
  expiresAt: Date;
  /** 1 for the first request, + 1 each time staff ask again. */
  requestCount: number;
  /** Who asked last, when it was staff asking again; null for the request sent when the job was done. */
  requestedByAdminId: string | null;
  /** 1-5; null until the customer rates. */
  rating: number | null;
  /** '' when none was given. */
  comment: string;
  ratedAt: Date | null;
}

/** A job with its feedback and the names of who cleaned it, in the order staff gave them. */
export interface FeedbackJob {
  booking: BookingRecord;
  feedback: Feedback;
  cleanerNames: string[];
}

/** The settings as one stored value, as the other settings are (the defaults until saved). */
export interface FeedbackSettingsStore {
  get(): Promise<FeedbackSettings>;
  save(settings: FeedbackSettings): Promise<FeedbackSettings>;
}

export interface FeedbackSettingsTx {
  settings: FeedbackSettingsStore;
  audit: AuditLog;
}

export interface FeedbackSettingsTransactor {
  run<T>(work: (tx: FeedbackSettingsTx) => Promise<T>): Promise<T>;
}

/** Inside one transaction: the lock, the change, its e-mail and its audit row commit together. */
export interface FeedbackTx {
  /** The feedback a token's hash opens, held until the transaction ends; null when no link has that hash. */
  lockByTokenHash(tokenHash: string): Promise<FeedbackJob | null>;
  /** The booking (held until the transaction ends, its feedback row too); null for an unknown or malformed id. */
  lockBooking(bookingId: string): Promise<{ booking: BookingRecord; feedback: Feedback | null; cleanerNames: string[] } | null>;
  /** The customer's rating and comment, given `ratedAt`. */
  saveRating(bookingId: string, rating: { rating: number; comment: string; ratedAt: Date }): Promise<Feedback>;
  /** A new link for the job: the job's first, or one replacing the last (its hash and times; the count + 1). */
  replaceRequest(request: FeedbackRequestRow, requestedByAdminId: string | null): Promise<Feedback>;
  enqueueEmail(message: OutboxMessage): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

/** GET /api/admin/feedback: rated jobs, optionally of one customer or one cleaner. */
export interface RatedJobsQuery {
  customerId?: string;
  cleanerId?: string;
  limit: number;
}

export interface RatedJob {
  bookingId: string;
  reference: string;
  customerName: string;
  startTime: Date;
  serviceName: string;
  rating: number;
  comment: string;
  ratedAt: Date;
  cleanerNames: string[];
}

/** Over every rating a query selects (not only the page): the average to 1 decimal, or null for none. */
export interface RatingSummary {
  averageRating: number | null;
  ratings: number;
}

export interface CleanerRating {
  cleanerId: string;
  averageRating: number;
  ratings: number;
}

export interface FeedbackStore {
  /** The feedback a token's hash opens, with its job; null when no link has that hash. */
  byTokenHash(tokenHash: string): Promise<FeedbackJob | null>;
  /** A booking's feedback (null: never asked); null itself for an unknown or malformed booking id. */
  forBooking(bookingId: string): Promise<{ feedback: Feedback | null } | null>;
  /** The newest rated first (then by booking), up to `limit`, and the summary of all that match. */
  ratedJobs(query: RatedJobsQuery): Promise<{ items: RatedJob[] } & RatingSummary>;
  /** Every cleaner with a rating, all time: a job's rating counts for each cleaner on it. */
  cleanerRatings(): Promise<CleanerRating[]>;
  transaction: InTransaction<FeedbackTx>;
}
