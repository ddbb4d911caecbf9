/** Turns an audit row's before and after records into readable 'field: old → new' lines. */

export interface DiffLine {
  field: string;
  before?: string;
  after?: string;
}

const MAX_VALUE = 160;
// Bookkeeping fields change on every write and say nothing to a reader.
const IGNORED = new Set(["updatedAt"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function showValue(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "empty";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Changed fields only: a create lists what was set, a delete what was removed. */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [{ field: "value", before: showValue(before), after: showValue(after) }];
  }
  const old = isRecord(before) ? before : {};
  const next = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((field) => !IGNORED.has(field));
  const lines: DiffLine[] = [];
  for (const field of fields) {
    const a = old[field];
    const b = next[field];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    lines.push({
      field,
      ...(isRecord(before) ? { before: showValue(a) } : {}),
      ...(isRecord(after) ? { after: showValue(b) } : {}),
    });
  }
  return lines;
}
