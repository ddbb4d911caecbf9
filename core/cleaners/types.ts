/** The team (issue 16): the people who clean, and their commitments to jobs. */
import type { z } from "zod";
import type { cleanerSchema } from "./schemas.ts";

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
