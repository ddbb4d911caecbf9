/**
 * Who and where: a person's name, e-mail, phone and Australian address, as every form of the
 * business asks for them (bookings, quotes, inquiries, customers, cleaners). Each field's rule and
 * message is written once, here.
 */
import { z } from "zod";
import { isRecord, oneLine } from "./input.ts";

export const AU_STATES = ["VIC", "NSW", "QLD", "SA", "WA", "TAS", "ACT", "NT"] as const;
export type AuState = (typeof AU_STATES)[number];

/**
 * The spec's e-mail shape, something@something.something, as one bare address: no spaces, no
 * control characters, and none of the characters of display names and lists (quotes, angle
 * brackets, parentheses, commas, semicolons, colons, backslashes, square brackets), so
 * `attacker<victim@evil.example>` or `a@b.co, c@d.co` can never reach a mail header.
 */
export const EMAIL_PATTERN = /^[^\s\p{Cc}@"<>(),;:\\[\]]+@[^\s\p{Cc}@"<>(),;:\\[\]]+\.[^\s\p{Cc}@"<>(),;:\\[\]]+$/u;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  unit: 20,
  street: 200,
  suburb: 100,
  phoneRaw: 40,
} as const;

export const CONTACT_MESSAGES = {
  firstName: "Please enter your first name.",
  firstNameTooLong: "Please keep your first name under 100 characters.",
  lastName: "Please enter your last name.",
  lastNameTooLong: "Please keep your last name under 100 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid Australian phone number (e.g. 0412 345 678).",
  unitTooLong: "Please keep the unit under 20 characters.",
  street: "Please enter your street address.",
  streetTooLong: "Please keep your street address under 200 characters.",
  suburb: "Please enter your suburb.",
  suburbTooLong: "Please keep your suburb under 100 characters.",
  stateRequired: "Please choose your state.",
  stateInvalid: "Please choose a valid state.",
  postCode: "Please enter a 4-digit postcode.",
} as const;

const M = CONTACT_MESSAGES;
const L = CONTACT_LIMITS;

/** Trimmed text of at least `min` characters; a missing or non-text value gets `missing`. */
export const filled = (missing: string, min = 1) => z.string({ error: missing }).trim().min(min, { error: missing });

export const trimmedText = (min: number, max: number, missing: string, tooLong: string) =>
  filled(missing, min).max(max, { error: tooLong });

/** trimmedText without line breaks (issue 29): names, streets, suburbs. */
export const oneLineText = (min: number, max: number, missing: string, tooLong: string) =>
  oneLine(trimmedText(min, max, missing, tooLong));

export const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/** Longer than RFC 5321 allows is as invalid as no '@'. */
export const emailText = (message: string, max: number) =>
  z.string({ error: message }).trim().refine((value) => value.length <= max && EMAIL_PATTERN.test(value), message)
    .meta({ description: `Shaped like x@y.z, at most ${max} characters` });

export const addressSchema = z.preprocess(
  // Not an object is an empty address (each part then says what it misses); a blank unit is none.
  (value) => {
    const { unit, ...address } = isRecord(value) ? value : {};
    return asText(unit).trim() ? { ...address, unit } : address;
  },
  z.object({
    unit: oneLine(z.string().trim().max(L.unit, { error: M.unitTooLong })).optional()
      .meta({ description: "Unit or apartment", examples: ["4"] }),
    street: oneLineText(1, L.street, M.street, M.streetTooLong).meta({ examples: ["12 Smith St"] }),
    suburb: oneLineText(1, L.suburb, M.suburb, M.suburbTooLong).meta({ examples: ["Fitzroy"] }),
    state: z.preprocess(
      (value) => asText(value).trim().toUpperCase(),
      z.enum(AU_STATES, { error: (issue) => (issue.input === "" ? M.stateRequired : M.stateInvalid) }),
    ).meta({ description: "State or territory (any case)" }),
    postCode: z.string({ error: M.postCode }).trim().regex(/^\d{4}$/, { error: M.postCode })
      .meta({ examples: ["3065"] }),
  }),
);

export const customerName = (who: { firstName: string; lastName: string }): string =>
  `${who.firstName} ${who.lastName}`.trim();

/** The street with its unit: '4/12 Smith St' (a short unit number), 'Suite 200, 12 Smith St'. */
export function streetLine(address: { unit?: string | null; street: string }): string {
  const unit = address.unit?.trim();
  // '3/12 Smith St' is how Australian addresses write a short unit number.
  return !unit ? address.street : /^[0-9A-Za-z]{1,6}$/.test(unit) ? `${unit}/${address.street}` : `${unit}, ${address.street}`;
}

/** One line, as an Australian address is written: '4/12 Smith St, Fitzroy VIC 3065'. */
export function formatAddress(address: { unit?: string | null; street: string; suburb: string; state: string; postCode: string }): string {
  return `${streetLine(address)}, ${address.suburb} ${address.state} ${address.postCode}`;
}

/**
 * Issue 34: an address as a Google Maps search, which opens the Maps app on a phone. The query
 * is the address as written (one line), percent-encoded: '4/12' and '&' stay part of it.
 */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.replace(/\s+/g, " ").trim())}`;
}
