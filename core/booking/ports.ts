import type { OutboxMessage } from "../shared/outbox.ts";
import type { BookingRecord, NewBookingRecord } from "./types.ts";

/** Ports available inside one database transaction. */
export interface BookingTx {
  /**
   * Serialises capacity decisions across every API process sharing the database, until the
   * transaction ends. Call it before reading starts that the decision depends on.
   */
  lockCapacity(): Promise<void>;
  /** Starts of BOOKING records holding capacity (PENDING, CONFIRMED, DONE) in [from, to]. */
  capacityStartsBetween(from: Date, to: Date): Promise<Date[]>;
  insertBooking(record: NewBookingRecord): Promise<BookingRecord>;
  enqueueEmail(message: OutboxMessage): Promise<void>;
}

export interface BookingTransactor {
  /**
   * Runs `work` in one transaction. Commits when it returns a value whose `ok` is not false;
   * rolls back when it throws or returns `{ ok: false }`, so nothing partial is ever stored.
   */
  run<T>(work: (tx: BookingTx) => Promise<T>): Promise<T>;
}

export interface BookingReader {
  getById(id: string): Promise<BookingRecord | null>;
  /** The same read as BookingTx.capacityStartsBetween, outside a transaction (advice only). */
  capacityStartsBetween(from: Date, to: Date): Promise<Date[]>;
}
