/** Strict ISO 8601 instants: the wire format for times (decisions.md). */

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * Parses 'YYYY-MM-DDTHH:mm[:ss[.fff]]' with 'Z' or an offset; anything else (no offset, a bare
 * date, an impossible day like 02-30) is null, because a time without a zone is ambiguous.
 */
export function parseIsoInstant(text: string): Date | null {
  const m = ISO_INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  if (year < 1000 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  let offsetMinutes = 0;
  if (m[8].toUpperCase() !== "Z") {
    const [offH, offM] = [Number(m[10]), Number(m[11])];
    if (offH > 14 || offM > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (offH * 60 + offM);
  }
  // Calendar round trip rejects impossible days such as 2026-02-30.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  // The offset is the one written in the text, so applying it is reading the input, not guessing a zone.
  const epoch = Date.UTC(year, month - 1, day, hour, minute, second, millis) -
    offsetMinutes * 60_000;
  return new Date(epoch);
}
