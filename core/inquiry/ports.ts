import type { IdempotencyCompletion } from "../shared/idempotency-completion.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Inquiry, NewInquiry } from "./types.ts";

export interface InquiryStore {
  /** Stores the inquiry and its e-mails (and the request's first answer, issue 29) in one transaction. */
  insertWithEmails(
    inquiry: NewInquiry,
    emailsFor: (stored: Inquiry) => OutboxMessage[],
    completion?: IdempotencyCompletion<Inquiry>,
  ): Promise<Inquiry>;
  getById(id: string): Promise<Inquiry | null>;
}
