/**
 * An inquiry's reference, read out on the phone like a booking's (core/shared/reference.ts): the
 * same generator and alphabet (no 0/O or 1/I), with `YI-` in place of `YS-` (issue 34 item 3).
 */
import { newReference, REFERENCE_PREFIX } from "../shared/reference.ts";

export const INQUIRY_REFERENCE_PREFIX = "YI-";
export const INQUIRY_REFERENCE_PATTERN = /^YI-[2-9A-HJ-NP-Z]{6}$/;
const BODY_LENGTH = 6;

/** A new inquiry reference from `random` (bytes); uniqueness is the store's to ensure (it draws again). */
export function newInquiryReference(random?: (bytes: Uint8Array) => Uint8Array): string {
  return INQUIRY_REFERENCE_PREFIX + newReference(random).slice(REFERENCE_PREFIX.length);
}

/**
 * What a person types for an inquiry reference, as stored: case, spaces and dashes ignored, the
 * prefix optional. Null when the text cannot be one (so a search looks for other things).
 */
export function readInquiryReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  const body = compact.startsWith("YI") && compact.length === BODY_LENGTH + 2 ? compact.slice(2) : compact;
  const candidate = INQUIRY_REFERENCE_PREFIX + body;
  return INQUIRY_REFERENCE_PATTERN.test(candidate) ? candidate : null;
}
