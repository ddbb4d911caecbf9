/**
 * Kept values are frozen all the way down (a caller that tried to change one would change every
 * later answer, and fails loudly instead), and, since they can no longer change, each is turned
 * into JSON once: the busiest public answers are these values, sent thousands of times between
 * two changes of the catalogue.
 */

/** Objects frozen by deepFreeze, with everything under them. Only these have their JSON kept. */
const deeplyFrozen = new WeakSet<object>();
const jsonOfFrozen = new WeakMap<object, string>();

/** Freezes a loaded value all the way down (plain data: objects, arrays, dates). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
    deeplyFrozen.add(value);
  }
  return value;
}

function frozenText(value: object): string {
  let text = jsonOfFrozen.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonOfFrozen.set(value, text);
  }
  return text;
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
};

/**
 * The JSON of a kept (deep-frozen) value, or of a plain object of kept values and primitives with
 * at least one kept value (e.g. `{ items: kept }`): the same text as JSON.stringify, with each kept
 * value turned into JSON once. Undefined for anything else: its text may be new every time.
 */
export function keptJson(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (deeplyFrozen.has(value)) return frozenText(value);
  if (Array.isArray(value) || !isPlainObject(value)) return undefined;
  const members: string[] = [];
  let kept = false;
  for (const [key, member] of Object.entries(value)) {
    // What JSON.stringify leaves out of an object.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    let text: string;
    if (member !== null && typeof member === "object") {
      if (!deeplyFrozen.has(member)) return undefined;
      text = frozenText(member);
      kept = true;
    } else {
      text = JSON.stringify(member);
    }
    members.push(`${JSON.stringify(key)}:${text}`);
  }
  return kept ? `{${members.join(",")}}` : undefined;
}
