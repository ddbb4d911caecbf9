/** Generic ports shared by every area. */
export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A new opaque record id (UUID v4 text). */
  next(): string;
}

/**
 * Runs `work` in one transaction: commits what it returns; rolls back when it returns
 * `{ ok: false }` (returning that failure) or throws (rethrowing), so nothing partial is stored.
 */
export type InTransaction<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export const systemClock: Clock = { now: () => new Date() };
