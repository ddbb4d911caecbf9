/**
 * An invoice's number (issue 30): gapless, given when the booking's invoice is first issued, and
 * the same ever after. Shared because both the invoice calls and the DONE status change issue one.
 */

export interface IssuedInvoice {
  /** e.g. INV-000123. */
  number: string;
  issuedAt: Date;
}

/** Issues the booking's number in the caller's transaction, or answers the one it has. */
export type IssueInvoiceNumber = (bookingId: string, at: Date) => Promise<IssuedInvoice & { isNew: boolean }>;

/** 123 -> INV-000123 (six digits at least; more once past 999,999). */
export const formatInvoiceNumber = (sequence: number): string => `INV-${String(sequence).padStart(6, "0")}`;
