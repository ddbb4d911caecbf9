/** What the staff bookings calls need from storage. */
import type { AuditEntry } from "../../shared/audit.ts";
import type { InTransaction } from "../../shared/ports.ts";
import type { BookingFilter, BookingSort, BookingStats } from "./list-query.ts";
import type { ReserveJob } from "../capacity/reservation.ts";
import type { BookingRecord, SettableStatus } from "../types.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import type { PaymentLedgerTx } from "../payments/ports.ts";
import type { OutboxMessage } from "../../shared/outbox.ts";
import type { IssueInvoiceNumber } from "../../shared/invoice-number.ts";

export interface BookingAdminReader {
  getById(id: string): Promise<BookingRecord | null>;
  /** One page of the filtered set, in the given order (ties broken by id). */
  list(filter: BookingFilter, sort: BookingSort, paging: { limit: number; offset: number }): Promise<BookingRecord[]>;
  /** Every record of the filtered set, in order (the CSV export). */
  listAll(filter: BookingFilter, sort: BookingSort): Promise<BookingRecord[]>;
  /** Every cleaner's name by id, those who left included (the CSV's cleaners column). */
  cleanerNames(): Promise<Map<string, string>>;
  /** The number of records `filter` selects, and the chips counted over `statsFilter`. */
  count(filter: BookingFilter, statsFilter: BookingFilter): Promise<{ totalItems: number; stats: BookingStats }>;
}

/** Ports inside one transaction: the lock, the change and its audit row commit together. */
export interface BookingAdminTx {
  /** Reads the record and holds it until the transaction ends, so two changes never interleave. */
  lockById(id: string): Promise<BookingRecord | null>;
  /** The scheduling settings (the settings store's getScheduling), read in this transaction. */
  getScheduling(): Promise<SchedulingSettings>;
  /** The one reservation (reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  /**
   * Writes the status. `cancelReason` replaces the stored reason (a cancellation without one
   * clears it); `raiseCalendarSequence` adds 1 to the calendar SEQUENCE, for the update the
   * customer is sent in this transaction.
   */
  setStatus(
    id: string,
    status: SettableStatus,
    at: Date,
    change?: { cancelReason?: string; raiseCalendarSequence?: boolean },
  ): Promise<BookingRecord>;
  /** Keeps the hash of the manage-my-booking token one customer e-mail of this booking carries. */
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  /** Writes an e-mail to the outbox: it is sent only if the transaction commits. */
  enqueueEmail(message: OutboxMessage): Promise<void>;
  /** The booking's payment ledger (payments-ports.ts): confirm-payment records one payment in it. */
  ledger: PaymentLedgerTx;
  /** Issue 30: the booking's invoice number (issued now, gaplessly, unless it has one), for the invoice e-mailed on DONE. */
  issueInvoiceNumber: IssueInvoiceNumber;
  /**
   * Issue 32: keeps a job's first feedback request (the hash of its link's token, when it was sent
   * and when it expires); false, writing nothing, when the job has been asked already.
   */
  saveFirstFeedbackRequest(request: { bookingId: string; tokenHash: string; requestedAt: Date; expiresAt: Date }): Promise<boolean>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface BookingAdminStore extends BookingAdminReader {
  transaction: InTransaction<BookingAdminTx>;
}
