/** Australian phone numbers as the booking form's rule reads them (public-site.md section 5). */

const VALID_AU_PHONE = /^(?:0[2378]\d{8}|04\d{8})$/;

/**
 * Keeps only digits and '+', turns a leading +61 into 0, and returns the digits when they are a
 * landline (0[2378] + 8 digits) or a mobile (04 + 8 digits); otherwise null.
 */
export function normaliseAuPhone(raw: string): string | null {
  if (typeof raw !== "string") return null;
  const kept = raw.replace(/[^\d+]/g, "");
  const local = kept.startsWith("+61") ? `0${kept.slice(3)}` : kept;
  return VALID_AU_PHONE.test(local) ? local : null;
}
