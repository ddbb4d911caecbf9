/**
 * Text PostgreSQL cannot store, or that is not text at all: the NUL character (refused by
 * text columns) and UTF-16 surrogates without their pair (not valid Unicode, refused on encoding).
 */
export const UNSTORABLE_TEXT_MESSAGE = "Please remove the unsupported characters.";

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && text.isWellFormed();

/** The field paths (`address.street`, `extras.0.title`) of every unstorable string or key in a JSON value. */
export function unstorableTextPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === "string") {
    if (!isStorableText(value)) found.push(path.join(".") || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextPaths(item, [...path, String(index)], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, "(key)"].join("."));
      else unstorableTextPaths(item, [...path, key], found);
    }
  }
  return found;
}
