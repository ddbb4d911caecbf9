/**
 * Text PostgreSQL cannot store, or that is not text at all: the NUL character (refused by
 * text columns) and UTF-16 surrogates without their pair (not valid Unicode, refused on encoding).
 */
export const UNSTORABLE_TEXT_MESSAGE = "Please remove the unsupported characters.";

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && text.isWellFormed();

/** Stands in for the value under a key that is itself unstorable (reported as `(key)`). */
const UNSTORABLE_KEY = Symbol("unstorable key");

/** A value still to look at, with its key and its parent: a path is built only for a bad string. */
interface Place {
  value: unknown;
  key: string;
  parent: Place | null;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place = place; at.parent !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * The field paths (`address.street`, `extras.0.title`) of every unstorable string or key in a JSON
 * value, in document order. Walked with a stack of its own, not by recursion (issue 29): a value
 * nested thousands deep is neither a stack overflow nor a copy of its path at every level.
 */
export function unstorableTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: Place[] = [{ value, key: "", parent: null }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const current = place.value;
    if (current === UNSTORABLE_KEY) {
      found.push(pathOf(place));
    } else if (typeof current === "string") {
      if (!isStorableText(current)) found.push(pathOf(place) || "body");
    } else if (Array.isArray(current)) {
      // Last to first onto the stack, so the first item is looked at first.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: String(index), parent: place });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index];
        stack.push(isStorableText(key) ? { value: item, key, parent: place } : { value: UNSTORABLE_KEY, key: "(key)", parent: place });
      }
    }
  }
  return found;
}
