/** A series of regular visits (issue 17), as core reasons about it. */
import type { NewBookingRecord } from "../booking/types.ts";
import type { RepeatUnit, SeriesTerms } from "./occurrences.ts";

export const SERIES_STATUSES = ["ACTIVE", "PAUSED", "ENDED"] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/**
 * What every visit of a series copies: the booking that started it without its times, status and
 * payment, priced as a repeat visit (firstServiceTotal is the recurring total).
 */
export type SeriesTemplate = Omit<NewBookingRecord, "type" | "status" | "startTime" | "endTime" | "paymentStatus" | "totalPaid" | "paidAt">;

/** What a booking with a repeating frequency starts, in its own transaction. */
export interface NewSeries extends SeriesTerms {
  frequencyCode: string;
  frequencyName: string;
  template: SeriesTemplate;
}

export interface Series extends NewSeries {
  _id: string;
  status: SeriesStatus;
  customerId: string | null;
  firstBookingId: string;
  unit: RepeatUnit;
  /** Occurrences on or after this date are not generated (set when ENDED). */
  endsOn: string | null;
  /** The last occurrence date generation has decided on; null before the first run. */
  generatedThrough: string | null;
  /** The regular cleaners, in the order staff gave them: each planned visit carries those free at its time. */
  cleanerIds: string[];
  /** Raised with every change of terms or status: a generation holding an older one writes nothing. */
  version: number;
  createdAt: Date;
}
