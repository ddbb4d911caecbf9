/**
 * A booking's or quote's reference, short enough to read out on the phone: `YS-` and six
 * characters of an alphabet without the look-alikes 0/O and 1/I (32 symbols, 30 bits).
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PREFIX = "YS-";
const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = /^YS-[2-9A-HJ-NP-Z]{6}$/;

/** A new reference from `random` (bytes); uniqueness is the store's to ensure (it retries). */
export function newReference(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(REFERENCE_LENGTH));
  // 256 is a multiple of 32, so taking the byte modulo 32 favours no symbol.
  return REFERENCE_PREFIX + Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/**
 * What a person types for a reference, as stored: case, spaces and dashes ignored, the prefix
 * optional. Null when the text cannot be a reference (so a search looks for other things).
 */
export function readReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  const body = compact.startsWith("YS") && compact.length === 8 ? compact.slice(2) : compact;
  const candidate = REFERENCE_PREFIX + body;
  return REFERENCE_PATTERN.test(candidate) ? candidate : null;
}
