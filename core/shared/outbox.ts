/** An e-mail waiting in the outbox, written in the same transaction as its record. */
export interface OutboxMessage {
  /** What the message is about, e.g. booking-confirmation. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Attachments such as the .ics invite (text) or the invoice PDF (bytes, written base64 with
   * `encoding: "base64"`, since the outbox row is JSON).
   */
  attachments?: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
  /** Where a reply goes when it is not the sender, e.g. the customer on a business notification. */
  replyTo?: string;
  /** The record it belongs to, for tracing. */
  relatedId?: string;
}
