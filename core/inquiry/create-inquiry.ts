import type { OutboxMessage } from "../shared/outbox.ts";
import {
  err,
  type FieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import type { InquiryStore } from "./ports.ts";
import type { Inquiry } from "./types.ts";
import { validateInquiry } from "./validation.ts";

/** A commercial inquiry: validated, stored with its notification e-mail, never lost. */
export function makeCreateInquiry(deps: {
  inquiries: Pick<InquiryStore, "insertWithEmails">;
  /** Prepared before the transaction opens (see create-booking.ts). */
  prepareEmails: () => Promise<(inquiry: Inquiry) => OutboxMessage[]>;
}) {
  return async (input: unknown, shapeErrors: FieldErrors = {}): Promise<Result<Inquiry>> => {
    const valid = validateInquiry(input as Record<string, unknown>);
    if (!valid.ok || hasFieldErrors(shapeErrors)) {
      return err(validationError(mergeFieldErrors(valid.ok ? {} : valid.error.fieldErrors ?? {}, shapeErrors)));
    }
    return ok(await deps.inquiries.insertWithEmails(valid.value, await deps.prepareEmails()));
  };
}
