/**
 * Kept values are frozen all the way down (a caller that tried to change one would change every
 * later answer, and fails loudly instead), and, since they can no longer change, each is turned
 * into JSON once: the busiest public answers are these values, sent thousands of times between
 * two changes of the catalogue. Its UTF-8 bytes and its ETag are kept beside the text (issue 18):
 * an answer of kept values costs neither an encoding nor a hash per request.
 */

/** Objects frozen by deepFreeze, with everything under them. Only these have their JSON kept. */
const deeplyFrozen = new WeakSet<object>();

/** A kept answer: its JSON, that text's UTF-8 bytes, and whatever the caller derives once (its tag). */
export interface KeptBody {
  readonly text: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** Set by the caller the first time it needs one (api/middleware/etag.ts). */
  tag?: string;
}

const encoder = new TextEncoder();
const keptBodyOf = (text: string): KeptBody => ({ text, bytes: encoder.encode(text) });

/** Freezes a loaded value all the way down (plain data: objects, arrays, dates). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
    deeplyFrozen.add(value);
  }
  return value;
}

const bodyOfFrozen = new WeakMap<object, KeptBody>();

function frozenBody(value: object): KeptBody {
  let body = bodyOfFrozen.get(value);
  if (body === undefined) {
    body = keptBodyOf(JSON.stringify(value));
    bodyOfFrozen.set(value, body);
  }
  return body;
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
};

/**
 * Envelopes (`{ items: kept }`, a settings object holding a kept list) are new objects on every
 * request; their answers are kept under their first kept member, each with its shape (the keys,
 * the primitives' JSON, # for a kept member) and the kept members themselves, compared by identity.
 */
interface EnvelopeBody {
  shape: string;
  kept: object[];
  body: KeptBody;
}
const envelopesOf = new WeakMap<object, EnvelopeBody[]>();
/** The shapes kept per first member: a handful in practice; a route that makes more is not cached. */
const SHAPES_PER_MEMBER = 8;

/**
 * The answer for a kept (deep-frozen) value, or for a plain object of kept values and primitives
 * with at least one kept value (e.g. `{ items: kept }`): JSON.stringify's text, turned into JSON
 * and encoded once per kept value and envelope shape. Undefined for anything else: its text may be
 * new every time.
 */
export function keptBody(value: unknown): KeptBody | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (deeplyFrozen.has(value)) return frozenBody(value);
  if (Array.isArray(value) || !isPlainObject(value)) return undefined;
  // Each member's key and its text; a kept member's text is null here (its own kept text below).
  const members: [key: string, text: string | null][] = [];
  const kept: object[] = [];
  for (const [key, member] of Object.entries(value)) {
    // What JSON.stringify leaves out of an object.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    if (member !== null && typeof member === "object") {
      if (!deeplyFrozen.has(member)) return undefined;
      members.push([JSON.stringify(key), null]);
      kept.push(member);
    } else {
      members.push([JSON.stringify(key), JSON.stringify(member)]);
    }
  }
  if (kept.length === 0) return undefined;
  // A kept member is one character that no key's or primitive's JSON text can be on its own.
  const shapeText = members.map(([key, text]) => `${key}:${text ?? "#"}`).join(",");
  const known = envelopesOf.get(kept[0]) ?? [];
  const found = known.find((e) => e.shape === shapeText && e.kept.every((member, i) => member === kept[i]));
  if (found) return found.body;
  let next = 0;
  const texts = members.map(([key, text]) => `${key}:${text ?? frozenBody(kept[next++]).text}`);
  const body = keptBodyOf(`{${texts.join(",")}}`);
  if (known.length < SHAPES_PER_MEMBER) {
    known.push({ shape: shapeText, kept, body });
    envelopesOf.set(kept[0], known);
  }
  return body;
}
