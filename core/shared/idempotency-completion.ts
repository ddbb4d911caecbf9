/**
 * The first answer to a write sent with an Idempotency-Key (issue 29). A store that creates a
 * record writes this answer in the record's own transaction, so a crash leaves both or neither:
 * a retry is then answered with it, or finds nothing done and does the work once.
 */
export interface IdempotencyCompletion<T> {
  /** The call the key belongs to (keys are per call), and the key. */
  scope: string;
  key: string;
  /** The claimed request's fingerprint: the answer is written only while that claim holds the key. */
  requestHash: string;
  /** What the client is answered for the stored record: a status and the body as sent. */
  answer(stored: T): { status: number; body: unknown };
}
