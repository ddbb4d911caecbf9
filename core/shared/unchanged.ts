/**
 * Whether a save changed nothing (issue 34 item 17): the record's snapshot before and after are
 * the same, bookkeeping aside. Such a save answers as usual but leaves no audit row, so the log
 * holds only changes.
 */

/** Set by every write whether or not it changed anything. */
const BOOKKEEPING = new Set(["updatedAt"]);

/** The value as its audit row would store it (Dates as ISO strings, no undefined fields), keys in one order. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([key, item]) => item !== undefined && !BOOKKEEPING.has(key))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
  }
  return value;
}

export const changesNothing = (before: unknown, after: unknown): boolean =>
  JSON.stringify(canonical(before)) === JSON.stringify(canonical(after));
