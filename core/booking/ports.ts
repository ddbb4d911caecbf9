import type { OutboxMessage } from "../shared/outbox.ts";
import type { DomainError, Result } from "../shared/result.ts";
import type { BookingRecord, NewBookingRecord } from "./types.ts";

export type NewBooking = NewBookingRecord & { type: "BOOKING" };
export type NewQuote = NewBookingRecord & { type: "QUOTE" };

/** The e-mails of a stored record, written in the record's own transaction. */
/**
 * A visit of a regular clean planned with the booking that started it (issue 28): when it starts
 * and whether it holds a place (NEEDS_ATTENTION visits don't: the time was full, or the day closed).
 */
export interface PlannedVisit {
  startTime: Date;
  holdsPlace: boolean;
  /** The visit as stored: its confirmation's .ics gives it its own event (issue 34 item 7). */
  visit: BookingRecord;
}

/** The e-mails of a stored record; a booking that started a series gets the visits planned with it. */
export type EmailsFor = (stored: BookingRecord, planned?: readonly PlannedVisit[]) => OutboxMessage[];

/** What a customer e-mail may link to: the manage-my-booking token minted for that message. */
export interface CustomerLinks {
  manageToken?: string;
}

/** What the store keeps of a new record's manage-my-booking link: the token's hash only. */
export interface NewRecordAccess {
  manageTokenHash: string;
}

/** When a visit holds its place: from its start to its end. */
export interface Occupancy {
  start: Date;
  end: Date;
}

/**
 * The visits a decision on a place needs: those starting in [from, to]. Of them, only visits
 * starting after `startsAfter` or ending after `endsAfter` can count (issue 18): a reader may
 * leave the others out, and the decision is the same.
 */
export interface CapacityWindow {
  from: Date;
  to: Date;
  startsAfter: Date;
  endsAfter: Date;
}

/** A booking's claim on a place: which visits the decision needs, and the decision itself. */
export interface CapacityClaim {
  /** BOOKING records holding capacity (PENDING, CONFIRMED, DONE) starting in [from, to]. */
  window: CapacityWindow;
  /**
   * The visit's own span, from the buffer before its start to the later of the buffer after its
   * start and its end: the store keys its locks by the Melbourne days of this span (issue 18), so
   * decisions on visits that can count against each other queue, and others run side by side.
   */
  lockSpan: { from: Date; to: Date };
  /** Runs under the capacity lock on the visits read; a failure is returned and nothing stored. */
  decide(nearby: Occupancy[]): Result<null, DomainError<"SLOT_UNAVAILABLE">>;
}

/**
 * Visits as two arrays of epoch milliseconds, visit i's start and end at index i: a busy range's
 * thousands of visits without an object and two Dates each (a 62-day calendar's 9,000 visits
 * took ~2.6 MB as Occupancy objects, 150 KB packed; issue 18).
 */
export interface PackedVisits {
  readonly starts: Float64Array;
  readonly ends: Float64Array;
}

/** The availability calendar's read, where a reader can give it: capacityHoldersBetween's visits, packed. */
export interface PackedHoldersReader {
  packedHoldersBetween(from: Date, to: Date): Promise<PackedVisits>;
}

export interface BookingReader {
  getById(id: string): Promise<BookingRecord | null>;
  /**
   * The read a reservation decides on, outside any lock (advice only: the availability check and
   * calendar): capacity-holding BOOKING visits starting in [from, to]; with `relevant` (a claim's
   * window), only those that can count.
   */
  capacityHoldersBetween(from: Date, to: Date, relevant?: Pick<CapacityWindow, "startsAfter" | "endsAfter">): Promise<Occupancy[]>;
}
