/** What the staff inquiries calls need from storage. */
import type { AuditEntry } from "../shared/audit.ts";
import type { InTransaction } from "../shared/ports.ts";
import type { InquiryFilter, InquiryListQuery } from "./admin-query.ts";
import type { Inquiry } from "./types.ts";

/** The staff's fields of an inquiry; a change sets some of them. */
export interface InquiryStaffFields {
  adminNotes: string;
  read: boolean;
  hasAddress: boolean;
  archivedAt: Date | null;
}

export interface InquiryAdminTx {
  /** Reads the inquiry and holds it until the transaction ends. */
  lockById(id: string): Promise<Inquiry | null>;
  update(id: string, change: Partial<InquiryStaffFields>, at: Date): Promise<Inquiry>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface InquiryAdminStore {
  getById(id: string): Promise<Inquiry | null>;
  list(query: InquiryListQuery, offset: number): Promise<Inquiry[]>;
  count(filter: InquiryFilter): Promise<number>;
  transaction: InTransaction<InquiryAdminTx>;
}
