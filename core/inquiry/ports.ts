import type { OutboxMessage } from "../shared/outbox.ts";
import type { Inquiry, NewInquiry } from "./types.ts";

export interface InquiryStore {
  /** Stores the inquiry and its e-mails in one transaction. */
  insertWithEmails(
    inquiry: NewInquiry,
    emailsFor: (stored: Inquiry) => OutboxMessage[],
  ): Promise<Inquiry>;
  getById(id: string): Promise<Inquiry | null>;
}
