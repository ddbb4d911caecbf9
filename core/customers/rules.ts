/**
 * The rules of customer records (issue 17): what staff may keep on one (lasting notes, tags), when
 * two records may be merged and what the merged record keeps, and the totals a record shows.
 */
import { roundToCents } from "../shared/money.ts";
import { declareError, type DomainError, err, type ErrorOf, notFound, ok, type Result } from "../shared/result.ts";
import type { Customer, CustomerBooking, CustomerTotals } from "./types.ts";

export const CUSTOMER_LIMITS = {
  /** The database's own check (migration 011) says the same. */
  notes: 2000,
  tags: 20,
  tagLength: 30,
} as const;

const L = CUSTOMER_LIMITS;
/** L.notes as people write it (no number formatting at load time). */
const NOTES_LIMIT_TEXT = "2,000";

export const CUSTOMER_MESSAGES = {
  notes: "Notes must be text.",
  notesTooLong: `Notes must be ${NOTES_LIMIT_TEXT} characters or fewer.`,
  tags: "Send tags as a list of words.",
  tagLength: `Each tag must be 1 to ${L.tagLength} characters.`,
  tooManyTags: `A customer can have at most ${L.tags} tags.`,
  otherId: "Choose the customer record to merge into this one.",
  mergeItself: "A customer record cannot be merged into itself.",
  mergeMerged: "That record was already merged into another one. Open the record it was merged into instead.",
  mergeIntoMerged: "This record was merged into another one. Merge into that record instead.",
  mergedNotesTooLong: `The two records' notes together are longer than ${NOTES_LIMIT_TEXT} characters. Shorten one first.`,
  mergedTagsTooMany: `The two records have more than ${L.tags} tags between them. Remove some first.`,
  mergedRecordNotEditable: "This customer record was merged into another one. Edit that record instead.",
} as const;

const M = CUSTOMER_MESSAGES;

/** An unknown or malformed customer id. */
export const CUSTOMER_NOT_FOUND = notFound("Customer", "CUSTOMER_NOT_FOUND");
/** The record a merge names to fold into this one is unknown. */
export const OTHER_CUSTOMER_NOT_FOUND = declareError(
  "not_found",
  "CUSTOMER_NOT_FOUND",
  "The customer record to merge into this one was not found.",
);

/** PATCH on a record kept only as history: staff are sent to the record it lives on in. */
export const mergedRecordNotEditable = (mergedInto: string): DomainError<"CUSTOMER_NOT_FOUND"> => ({
  ...CUSTOMER_NOT_FOUND,
  message: M.mergedRecordNotEditable,
  details: { mergedInto },
});

/**
 * Tags as staff typed them: each trimmed, inner spaces collapsed, the first spelling kept of those
 * that differ only in case ("VIP", "vip " is one tag); or the messages that say what is wrong.
 */
export function readTags(raw: unknown): { ok: true; tags: string[] } | { ok: false; messages: string[] } {
  if (!Array.isArray(raw)) return { ok: false, messages: [M.tags] };
  const messages: string[] = [];
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (typeof item !== "string") {
      if (!messages.includes(M.tags)) messages.push(M.tags);
      continue;
    }
    const tag = item.trim().replace(/\s+/g, " ");
    if (tag.length < 1 || tag.length > L.tagLength) {
      if (!messages.includes(M.tagLength)) messages.push(M.tagLength);
      continue;
    }
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  if (messages.length === 0 && tags.length > L.tags) messages.push(M.tooManyTags);
  return messages.length > 0 ? { ok: false, messages } : { ok: true, tags };
}

/** The same tags, in the same order (a save that changes nothing). */
export const sameTags = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** A merge that cannot be done as asked (the record itself, one merged already, notes or tags over the limits). */
export const CUSTOMER_MERGE_INVALID = declareError("validation", "CUSTOMER_MERGE_INVALID", M.mergeItself);

const mergeInvalid = (message: string): DomainError<"CUSTOMER_MERGE_INVALID"> => ({ ...CUSTOMER_MERGE_INVALID, message });

/** What a merge can refuse: either record unknown, or the merge itself. */
export const CHECK_MERGE_ERRORS = [CUSTOMER_NOT_FOUND, OTHER_CUSTOMER_NOT_FOUND, CUSTOMER_MERGE_INVALID] as const;
export type CheckMergeError = ErrorOf<typeof CHECK_MERGE_ERRORS>;

/**
 * Whether `other` may be merged into `survivor` (both read under their locks; null when unknown):
 * two different records, neither merged already, whose notes and tags fit one record.
 */
export function checkMerge(survivor: Customer | null, other: Customer | null): Result<{ notes: string; tags: string[] }, CheckMergeError> {
  if (!survivor) return err(CUSTOMER_NOT_FOUND);
  if (!other) return err(OTHER_CUSTOMER_NOT_FOUND);
  if (survivor._id === other._id) return err(mergeInvalid(M.mergeItself));
  if (survivor.mergedInto) return err({ ...mergeInvalid(M.mergeIntoMerged), details: { mergedInto: survivor.mergedInto } });
  if (other.mergedInto) return err({ ...mergeInvalid(M.mergeMerged), details: { mergedInto: other.mergedInto } });
  const notes = mergedNotes(survivor.notes, other.notes);
  if (notes.length > L.notes) return err(mergeInvalid(M.mergedNotesTooLong));
  const tags = unitedTags(survivor.tags, other.tags);
  if (tags.length > L.tags) return err(mergeInvalid(M.mergedTagsTooMany));
  return ok({ notes, tags });
}

/** The survivor's notes, then the other's on a paragraph of their own; a copy already there is not added twice. */
export function mergedNotes(survivor: string, other: string): string {
  const [kept, added] = [survivor.trim(), other.trim()];
  if (added === "" || kept.includes(added)) return kept;
  return kept === "" ? added : `${kept}\n\n${added}`;
}

/** The survivor's tags, then the other's that differ in more than case. */
export function unitedTags(survivor: readonly string[], other: readonly string[]): string[] {
  const seen = new Set(survivor.map((tag) => tag.toLowerCase()));
  return [...survivor, ...other.filter((tag) => !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()))];
}

/**
 * What a customer's bookings add up to: booked is every booking (not quote) that is not cancelled,
 * paid is the ledger's payments on any of them, and the balance is what is still owed (negative
 * when the customer is in credit).
 */
export function customerTotals(bookings: readonly Pick<CustomerBooking, "type" | "status" | "firstServiceTotal" | "paidToDate">[]): CustomerTotals {
  const booked = roundToCents(
    bookings.filter((b) => b.type === "BOOKING" && b.status !== "CANCELLED").reduce((sum, b) => sum + b.firstServiceTotal, 0),
  );
  const paid = roundToCents(bookings.reduce((sum, b) => sum + b.paidToDate, 0));
  return { booked, paid, balance: roundToCents(booked - paid) };
}

/** A series' wall-clock start as staff read it: 510 minutes is "08:30". */
export const wallClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
