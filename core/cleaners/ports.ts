/** What the team's calls need from storage. */
import type { AuditEntry } from "../admin/audit.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { Result } from "../shared/result.ts";
import type { Cleaner, CleanerChanges, CleanersJob, NewCleaner } from "./types.ts";

export interface CleanersReader {
  /** By name (then id); deactivated ones only when asked. */
  list(options: { includeInactive: boolean }): Promise<Cleaner[]>;
}

/** Ports inside one transaction: the change and its audit row commit together. */
export interface CleanersTx {
  /** Reads the cleaner and holds the row until the transaction ends. */
  lockCleaner(id: string): Promise<Cleaner | null>;
  /** The colours active cleaners are drawn in (a new one gets another). */
  activeColours(): Promise<string[]>;
  insertCleaner(cleaner: NewCleaner, at: Date): Promise<Cleaner>;
  updateCleaner(id: string, changes: CleanerChanges, at: Date): Promise<Cleaner>;

  /** Reads the booking (with its cleaners) and holds its row until the transaction ends. */
  lockBooking(id: string): Promise<BookingRecord | null>;
  /** The cleaners of the team among `ids` (any that are not are left out), active or not. */
  cleanersByIds(ids: readonly string[]): Promise<Cleaner[]>;
  /**
   * Takes the locks of `job`'s cleaners (in a fixed order, so two decisions never wait on each
   * other), reads their commitments to other place-holding bookings and decides with
   * decideCleanersFree; the locks are held until the transaction ends, so the write that follows is safe.
   */
  decideCleanersFree(job: CleanersJob): Promise<Result<null>>;
  /** Replaces the booking's cleaners with `cleanerIds`, in that order, and returns the booking. */
  setBookingCleaners(bookingId: string, cleanerIds: readonly string[], at: Date): Promise<BookingRecord>;

  audit(entry: AuditEntry): Promise<void>;
}

export interface CleanersStore extends CleanersReader {
  transaction: InTransaction<CleanersTx>;
}
