/** Generic ports shared by every area. */
export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A new opaque record id (UUID v4 text). */
  next(): string;
}

export const systemClock: Clock = { now: () => new Date() };
