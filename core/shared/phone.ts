/** Australian phone numbers as the booking form's rule reads them (public-site.md section 5). */

const VALID_AU_PHONE = /^(?:0[2378]\d{8}|04\d{8})$/;

/**
 * Keeps only digits and '+', turns a leading +61 into 0, and returns the digits when they are a
 * landline (0[2378] + 8 digits) or a mobile (04 + 8 digits); otherwise null.
 */
/**
 * A stored number as people write it: mobiles 0412 345 678, landlines 03 9876 5432. Anything
 * else (a number from before the rule) is returned as it is.
 */
export function formatAuPhone(digits: string): string {
  if (/^04\d{8}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (/^0[2378]\d{8}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return digits;
}

export function normaliseAuPhone(raw: string): string | null {
  if (typeof raw !== "string") return null;
  const kept = raw.replace(/[^\d+]/g, "");
  const local = kept.startsWith("+61") ? `0${kept.slice(3)}` : kept;
  return VALID_AU_PHONE.test(local) ? local : null;
}
