/**
 * The feedback link (issue 32): the manage link's token rules, reused rather than copied: 256
 * random bits written base64url, of which the store keeps only the SHA-256 hash. The customer opens
 * SITE_URL/feedback/<token>; the link expires FEEDBACK_LINK_DAYS after it was sent (rules.ts).
 */
import { hashManageToken, MANAGE_TOKEN_PATTERN, type ManageToken, newManageToken } from "../booking/manage/token.ts";

/** A new link: the token goes into the e-mail only, the hash into the store only. */
export type FeedbackToken = ManageToken;

/** base64url of 32 bytes, without padding: anything else opens nothing, unhashed. */
export const FEEDBACK_TOKEN_PATTERN = MANAGE_TOKEN_PATTERN;

export const newFeedbackToken: (random?: (bytes: Uint8Array) => Uint8Array) => FeedbackToken = newManageToken;

/** The hex SHA-256 the store keeps and looks up. */
export const hashFeedbackToken: (token: string) => string = hashManageToken;

/** The page a customer opens: SITE_URL/feedback/<token>; no link without a site URL. */
export const feedbackUrl = (siteUrl: string | undefined, token: string): string | undefined =>
  siteUrl ? `${siteUrl.replace(/\/+$/, "")}/feedback/${token}` : undefined;
