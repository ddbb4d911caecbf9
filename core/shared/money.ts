/** Money helpers: the API speaks A$ numbers with at most 2 decimals; rules compute in integer cents. */

/**
 * The largest A$ amount staff may enter (a price, a rate, a payment). Far above any clean, and
 * far below numeric(12,2)'s limit, so totals built from such amounts always fit.
 */
export const MONEY_MAX = 100_000;
/** MONEY_MAX for messages; written out, so the public site's first load runs no formatting for it. */
export const MONEY_MAX_TEXT = "A$100,000";

/**
 * Rounds to the nearest integer, halves away from zero. The value is first cut to 15 significant
 * digits so float noise (1.005 * 100 = 100.49999999999999) rounds as the decimal the user meant.
 */
export function roundHalfAwayFromZero(x: number): number {
  if (!Number.isFinite(x)) return x;
  const magnitude = Number(Math.abs(x).toPrecision(15));
  const rounded = Math.floor(magnitude + 0.5);
  // Avoid returning -0, which prints oddly and fails strict equality in tests.
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A$ to integer cents, e.g. 1.005 -> 101, 113.875 -> 11388 (half away from zero). */
export function toCents(dollars: number): number {
  return roundHalfAwayFromZero(dollars * 100);
}

/** Integer cents to A$; dividing an integer by 100 gives the nearest double to the 2-decimal value. */
export function fromCents(cents: number): number {
  const dollars = cents / 100;
  return dollars === 0 ? 0 : dollars;
}

/** Rounds an A$ amount to cents, half away from zero. */
export const roundToCents = (dollars: number): number => fromCents(toCents(dollars));

const audFormat = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** en-AU currency with the A$ prefix the spec asks for, e.g. 'A$1,234.50' and '-A$5.00'. */
export function formatAud(amount: number): string {
  const cents = toCents(amount);
  // en-AU prints AUD as a bare '$'; format the magnitude and put the sign and 'A$' in front ourselves.
  const body = audFormat.format(Math.abs(fromCents(cents))).replace(/^A?\$/, "");
  return `${cents < 0 ? "-" : ""}A$${body}`;
}
