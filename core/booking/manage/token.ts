/**
 * The manage-my-booking link (issue 15): an unguessable token (256 random bits, base64url) that
 * the customer's e-mail carries, of which the store keeps only the SHA-256 hash. A token is valid
 * while its booking's job is not over (now < endTime), so nothing has to expire it.
 */

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

const TOKEN_BYTES = 32;
/** base64url of 32 bytes, without padding. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * The hex SHA-256 of a token, as stored and looked up. Synchronous, in JS: WebCrypto's digest is a
 * round trip off the event loop (~25 us alone, far more under load) for 43 bytes that hash in ~2 us.
 */
export function hashManageToken(token: string): string {
  return bytesToHex(sha256(utf8ToBytes(token)));
}

export interface ManageToken {
  /** Goes into the e-mail only. */
  token: string;
  /** Goes into the store only. */
  hash: string;
}

export function newManageToken(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): ManageToken {
  const token = base64url(random(new Uint8Array(TOKEN_BYTES)));
  return { token, hash: hashManageToken(token) };
}

/** The page a customer opens: SITE_URL/manage/<token>; no link without a site URL. */
export const manageUrl = (siteUrl: string | undefined, token: string): string | undefined =>
  siteUrl ? `${siteUrl.replace(/\/+$/, "")}/manage/${token}` : undefined;

/** Whether a token of this booking still opens it: until the job is over. */
export const manageTokenValid = (booking: { endTime: Date }, now: Date): boolean =>
  now.getTime() < booking.endTime.getTime();

/** Days after the job its link still gives the customer their invoice (issue 30): wanted most once the clean is done. */
export const INVOICE_LINK_DAYS = 90;

/** Whether a token of this booking still opens its invoice: until INVOICE_LINK_DAYS after the job. */
export const invoiceLinkValid = (booking: { endTime: Date }, now: Date): boolean =>
  now.getTime() < booking.endTime.getTime() + INVOICE_LINK_DAYS * 86_400_000;
