import type { IdempotencyCompletion } from "../shared/idempotency-completion.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { parseInput } from "../shared/parse-input.ts";
import { ok, type Result, type ValidationFailed } from "../shared/result.ts";
import type { InquiryStore } from "./ports.ts";
import { inquirySchema } from "./schemas.ts";
import type { Inquiry } from "./types.ts";

/**
 * A commercial inquiry: validated, stored in one transaction with its e-mails (the business's
 * notification and the inquirer's acknowledgement), never lost.
 */
export function makeCreateInquiry(deps: {
  inquiries: Pick<InquiryStore, "insertWithEmails">;
  /** Prepared before the transaction opens (see create-booking.ts). */
  prepareEmails: () => Promise<(inquiry: Inquiry) => OutboxMessage[]>;
}) {
  /**
   * Takes what inquirySchema accepts (the API has parsed it already) and checks it again. With
   * `completion` (an Idempotency-Key), the inquiry's first answer is stored in its transaction.
   */
  return async (input: unknown, completion?: IdempotencyCompletion<Inquiry>): Promise<Result<Inquiry, ValidationFailed>> => {
    const valid = parseInput(inquirySchema, input);
    if (!valid.ok) return valid;
    return ok(await deps.inquiries.insertWithEmails(valid.value, await deps.prepareEmails(), completion));
  };
}
