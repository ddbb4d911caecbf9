/** Small readers of an audit row's untyped before/after JSON, and the names and lists its words are made of. */

export type Json = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a stored value is a record's id, which means nothing to a reader. */
export const isRecordId = (value: unknown): boolean => typeof value === "string" && UUID.test(value);

export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
export const objectOf = (value: unknown): Json => (isObject(value) ? value : {});
export const textOf = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
export const numberOf = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export const instantOf = (value: unknown): Date | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export const fullName = (first: unknown, last: unknown): string | undefined => {
  const name = [textOf(first), textOf(last)].filter(Boolean).join(" ");
  return name || undefined;
};

/** 'a', 'a and b', 'a, b and c'. */
export const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** 'QUOTE_REQUESTED' -> 'Quote requested'. */
export const humanCode = (code: string): string => {
  const words = code.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** 'firstServiceTotal' -> 'First service total'. */
export const humanKey = (key: string): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replaceAll("_", " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
