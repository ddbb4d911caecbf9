/** What the team's calls need from storage. */
import type { AuditEntry } from "../shared/audit.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { TimeOff, WorkingDay } from "./team.ts";
import type { Cleaner, CleanerChanges, CleanerHours, NewCleaner, NewTimeOff } from "./types.ts";

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
  /** Ends every session of the cleaner's login, if they have one (issue 31: deactivating them). */
  endLoginSessions(cleanerId: string): Promise<void>;

  audit(entry: AuditEntry): Promise<void>;

  // The week and leave (issue 28)
  /** As CleanersStore.hoursOf, inside the transaction. */
  hoursOf(cleanerIds: readonly string[], today: string): Promise<Map<string, CleanerHours>>;
  /** Replaces the cleaner's week with `days` (one stretch a weekday) and marks it set. */
  replaceWorkingHours(cleanerId: string, days: readonly WorkingDay[], at: Date): Promise<void>;
  insertTimeOff(timeOff: NewTimeOff, at: Date): Promise<TimeOff>;
  /** Deletes the cleaner's leave `timeOffId` and returns it; null when the cleaner has none with that id. */
  deleteTimeOff(cleanerId: string, timeOffId: string): Promise<TimeOff | null>;
}

export interface CleanersStore extends CleanersReader {
  transaction: InTransaction<CleanersTx>;
  /**
   * The stored week and the leave ending on `today` (YYYY-MM-DD, Melbourne) or later of each of
   * `cleanerIds` that is a cleaner, by id.
   */
  hoursOf(cleanerIds: readonly string[], today: string): Promise<Map<string, CleanerHours>>;
}
