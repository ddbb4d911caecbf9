/** What the customer screens say, and how they read a failed call's code. */
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { RecordStatus, RecordType } from "@yarra/core/booking/types.ts";
import type { SeriesStatus } from "../../lib/customer-record.ts";
import { errorCodeOf } from "../../lib/error-code.ts";
import { isolate } from "../../ui/bidi.ts";

export const CUSTOMER_TEXT = {
  back: "Back to customers",
  loading: "Loading the customer…",
  loadFailed: "Failed to load the customer",
  notFound: "No customer has this id; it may have been mistyped.",
  // CUSTOMER_NOT_FOUND on a write: the record went (merged) while the page was open.
  goneWhileOpen: "This customer record no longer exists or was merged into another one. Reload the page to see where it went.",
  // CUSTOMER_MERGE_INVALID without the server's reason.
  mergeInvalid: "These two records can't be merged.",
  mergedNotice: "This record was merged into another customer record; its bookings, quotes and inquiries are there now.",
  openMerged: "Open the record it went into",
  notesHint: "Gate codes, pets, parking: shown with every booking of this customer and printed on the run sheets.",
  notesSaved: "Notes saved.",
  tagsSaved: "Tags saved.",
  saveFailed: "Failed to save. Please try again.",
  mergeFailed: "Failed to merge the records. Please try again.",
  noBookings: "No bookings or quotes.",
  noInquiries: "No inquiries.",
  noSeries: "No regular cleans.",
  noAddresses: "No addresses yet.",
  noDuplicates: "No other records share this customer's phone number.",
  noTags: "No tags.",
} as const;

export const tagExists = (tag: string) => `"${tag}" is already a tag of this customer.`;

export const mergePrompt = (
  survivor: { name: string; email: string },
  other: { name: string; email: string },
) =>
  `Merge ${isolate(other.name)} (${isolate(other.email)}) into ${isolate(survivor.name)} (${isolate(survivor.email)})? ` +
  `Their bookings, quotes, inquiries, regular cleans, notes and tags move to this record, and the other record ` +
  `only points here from then on. This can't be undone.`;

export const mergedFlash = (otherName: string) => `Merged: ${otherName}'s bookings, quotes and inquiries are now on this record.`;

/** A failed write's text: the customer codes in the staff's words, else the server's own, else `fallback`. */
export function customerFailureText(error: unknown, fallback: string): string {
  switch (errorCodeOf(error)) {
    case "CUSTOMER_NOT_FOUND":
      return serverMessageOr(error, CUSTOMER_TEXT.goneWhileOpen);
    case "CUSTOMER_MERGE_INVALID":
      return serverMessageOr(error, CUSTOMER_TEXT.mergeInvalid);
    default:
      return serverMessageOr(error, fallback);
  }
}

/** How staff read a record's status (the wire's words stay in the API and the CSV). */
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  PENDING: "Pending",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  DONE: "Done",
  NEEDS_ATTENTION: "Needs attention",
  QUOTE_REQUESTED: "Quote requested",
};

export const RECORD_TYPE_LABELS: Record<RecordType, string> = { BOOKING: "Booking", QUOTE: "Quote" };

export const SERIES_STATUS_LABELS: Record<SeriesStatus, string> = { ACTIVE: "Active", PAUSED: "Paused", ENDED: "Ended" };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "HH:MM" on the Melbourne wall clock as staff read it: "14:30" is "2:30 pm". */
export function wallClockText(hhmm: string): string {
  const [hours, minutes] = hhmm.split(":").map(Number);
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return hhmm;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** "Weekly, Tuesday, 9:00 am": the frequency, the weekday it started on, and its wall-clock start. */
export const seriesText = (series: { frequencyName: string; weekday: number; startTime: string }) =>
  [series.frequencyName, WEEKDAYS[series.weekday], wallClockText(series.startTime)].filter(Boolean).join(", ");
