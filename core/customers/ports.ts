/** What the customer records' calls need from storage (issue 17). */
import type { AuditEntry } from "../shared/audit.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { CustomerFilter } from "./schemas.ts";
import type { Customer, CustomerChanges, CustomerExportRow, CustomerRecordFacts, CustomerSummary } from "./types.ts";

/** Reads; `now` splits a customer's visits into the next one and the last one. */
export interface CustomersReader {
  /** One page of the records `filter` selects (merged ones never), by last name, first name, id. */
  list(filter: CustomerFilter, paging: { limit: number; offset: number }, now: Date): Promise<CustomerSummary[]>;
  /** How many records `filter` selects. */
  count(filter: CustomerFilter): Promise<number>;
  /** Every record `filter` selects, in the list's order, with its notes (the CSV export). */
  listAll(filter: CustomerFilter, now: Date): Promise<CustomerExportRow[]>;
  /** Everything kept about one record, merged ones too; null when there is no such record. */
  record(id: string, now: Date): Promise<CustomerRecordFacts | null>;
}

/** Ports inside one transaction: the locks, the change and its audit row commit together. */
export interface CustomersTx {
  /**
   * Reads these records and holds their rows until the transaction ends, taking the locks in id
   * order, so two merges of the same pair (either way round) never wait on each other. Unknown or
   * malformed ids are left out.
   */
  lockCustomers(ids: readonly string[]): Promise<Customer[]>;
  updateCustomer(id: string, changes: CustomerChanges, at: Date): Promise<void>;
  /**
   * Moves `otherId`'s bookings, quotes, inquiries and series to `survivorId`, marks `otherId` as
   * merged into it, and points the records merged into `otherId` at `survivorId`. Both rows must
   * be held (lockCustomers). Returns how many rows of each kind moved.
   */
  mergeInto(survivorId: string, otherId: string, at: Date): Promise<{ bookings: number; inquiries: number; series: number; records: number }>;
  record(id: string, now: Date): Promise<CustomerRecordFacts | null>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface CustomersStore extends CustomersReader {
  transaction: InTransaction<CustomersTx>;
}
