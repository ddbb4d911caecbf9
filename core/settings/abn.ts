/**
 * The Australian Business Number (issue 30): 11 digits whose check is the ATO's modulus-89 rule.
 * Kept with the business's settings (the business details carry it); invoices only print it.
 */

const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The digits alone: people type an ABN with spaces ("51 824 753 556"). */
export const abnDigits = (text: string): string => text.replace(/\s+/g, "");

/**
 * The ATO's check: subtract 1 from the first digit, weight the 11 digits 10, 1, 3, 5, ... 19, and
 * the sum must divide by 89. Spaces are ignored; anything else makes it invalid.
 */
export function isValidAbn(text: string): boolean {
  const digits = abnDigits(text);
  if (!/^\d{11}$/.test(digits) || digits[0] === "0") return false;
  const sum = [...digits].reduce((total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * WEIGHTS[i], 0);
  return sum % 89 === 0;
}

/** "51824753556" -> "51 824 753 556", as the ATO writes it; "" for none. */
export function formatAbn(text: string): string {
  const digits = abnDigits(text);
  if (!/^\d{11}$/.test(digits)) return digits;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
