import type { OutboxMessage } from "../shared/outbox.ts";
import type { Result } from "../shared/result.ts";
import type { BookingRecord, NewBookingRecord } from "./types.ts";

export type NewBooking = NewBookingRecord & { type: "BOOKING" };
export type NewQuote = NewBookingRecord & { type: "QUOTE" };

/** The e-mails of a stored record, written in the record's own transaction. */
export type EmailsFor = (stored: BookingRecord) => OutboxMessage[];

/** A booking's claim on a place: which starts the decision needs, and the decision itself. */
export interface CapacityClaim {
  /** Starts of BOOKING records holding capacity (PENDING, CONFIRMED, DONE) in [from, to]. */
  window: { from: Date; to: Date };
  /** Runs under the capacity lock on the starts read; a failure is returned and nothing stored. */
  decide(startsNearby: Date[]): Result<null>;
}

export interface BookingStore {
  /**
   * Lock, read, decide and insert as one transaction with the e-mails: the capacity lock is
   * held until it ends, so two API processes never both take the last place.
   */
  reserve(booking: NewBooking, claim: CapacityClaim, emailsFor: EmailsFor): Promise<Result<BookingRecord>>;
  /** A quote holds no place (decisions.md, Scheduling): stored with its e-mails, no lock. */
  insertQuote(quote: NewQuote, emailsFor: EmailsFor): Promise<BookingRecord>;
}

export interface BookingReader {
  getById(id: string): Promise<BookingRecord | null>;
  /** The read a reservation decides on, outside any lock (advice only, e.g. the availability check). */
  capacityStartsBetween(from: Date, to: Date): Promise<Date[]>;
}
