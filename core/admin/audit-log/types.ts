/**
 * The shapes of the audit log as a person reads it: the kinds of record a row can be about, what
 * the audit reader joins to a row (the record's name now, the acting admin's name), and the
 * readable entry the log and a record's history show.
 */
import type { AuditRecord } from "../../shared/audit.ts";

/** The kinds of record a row can be about, as the log's filter offers them. */
export const AUDIT_RECORD_TYPES = [
  "booking", "quote", "inquiry", "series", "customer", "service", "extra", "frequency", "question", "admin", "cleaner", "closed_date",
  "settings",
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** How the filter and the screen name each kind. */
export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  booking: "Bookings",
  quote: "Quotes",
  inquiry: "Inquiries",
  series: "Regular cleans",
  customer: "Customers",
  service: "Services",
  extra: "Extras",
  frequency: "Frequencies",
  question: "Questions",
  admin: "Admin accounts",
  cleaner: "Cleaners",
  closed_date: "Closed dates",
  settings: "Settings",
};

/**
 * What a row's record is called now, as the reader joined it; the reader leaves `facts` null when
 * the record no longer exists (a hard-deleted service, a deleted admin).
 */
export interface AuditRecordFacts {
  /** A service's, frequency's, admin's or cleaner's name; an extra's title; a question's text. */
  name?: string | null;
  /** Bookings and quotes. */
  reference?: string | null;
  /** Bookings: BOOKING or QUOTE. */
  type?: string | null;
  /** Bookings, quotes, inquiries, series and customer records: the customer's name. */
  firstName?: string | null;
  lastName?: string | null;
  /** Series: the frequency's name now (e.g. Weekly); bookings: the one they were booked with. */
  frequencyName?: string | null;
  /** Customer records. */
  email?: string | null;
  inquiryType?: string | null;
  /** Closed dates: what the day is closed for. */
  label?: string | null;
}

/** One audit row with what the reader joined to it, in the query that read the row. */
export interface AuditRowWithFacts extends AuditRecord {
  /** The acting admin's name now; null for a customer, or an admin since deleted. */
  actorName: string | null;
  facts: AuditRecordFacts | null;
  /** Names of the cleaners, extras and services the row's before and after name by id. */
  names?: Record<string, string> | null;
}

export interface AuditActor {
  name: string;
  email: string;
  /**
   * customer: the booking's customer, through their manage-my-booking link; system: the site
   * itself (a migration's repair), never a person.
   */
  kind: "staff" | "customer" | "system";
}

export interface AuditRecordRef {
  type: string;
  id: string;
  /** e.g. 'YS-7K3F9Q · Ada Lovelace', 'Priya Shah (Office)', 'Deep clean'. */
  label: string;
}

/** One changed field; null on the side that has no value (a create has no before). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface ReadableAuditEntry extends AuditRecord {
  actor: AuditActor;
  /** null when the record is gone (or the row names none). */
  record: AuditRecordRef | null;
  summary: string;
  changes: AuditChange[];
}
