/** The team (issue 16): the people who clean, and their commitments to jobs. */
import type { z } from "zod";
import type { cleanerSchema } from "./schemas.ts";
import type { TimeOff, WorkingDay } from "./team.ts";

/** A cleaner as stored: the wire schema's fields, with its instant as a Date. */
export type Cleaner = Omit<z.output<typeof cleanerSchema>, "createdAt"> & { createdAt: Date };

/** What a new cleaner needs before the store gives it an id and a creation time. */
export type NewCleaner = Omit<Cleaner, "_id" | "createdAt">;

/** The fields a staff edit may change. */
export type CleanerChanges = Partial<NewCleaner>;

/** A job a cleaner is on: another booking's visit, from its start to its end. */
export interface CleanerCommitment {
  cleanerId: string;
  bookingId: string;
  reference: string;
  start: Date;
  end: Date;
}

/** The job cleaners are asked to be free for: its own commitments never count against it. */
export interface CleanersJob {
  bookingId: string;
  cleanerIds: readonly string[];
  start: Date;
  end: Date;
}

/** What is stored of a cleaner's week and leave (issue 28), read for the Team screen. */
export interface CleanerHours {
  /** false until staff save a week: the cleaner works the business's default week (team.ts). */
  workingHoursSet: boolean;
  /** The stored stretches, Sunday first; meaningless while workingHoursSet is false. */
  days: WorkingDay[];
  /** Leave that ends today or later (Melbourne), by its first day. */
  timeOff: TimeOff[];
}

/** A cleaner as the Team screen gets them: their details, their week and their coming leave. */
export type TeamCleaner = Cleaner & {
  /** The stored week, or the business's default week while workingHoursSet is false. */
  workingHours: WorkingDay[];
  workingHoursSet: boolean;
  timeOff: TimeOff[];
};

/** Leave before the store gives it an id. */
export type NewTimeOff = Omit<TimeOff, "_id">;
