/**
 * Manage my booking (issue 15): the change policy's words and limits, shared by the API and the
 * customer's page (which imports this and no schema, so its code stays small).
 */

export const MANAGE_LIMITS = { reason: 500 } as const;

/**
 * The cancellation policy's fee for a change inside the cut-off (admin-area.md section 9: "changes
 * or cancellations within 24 hours may incur a 50% fee"). The hours are a setting; the fee is not.
 */
export const LATE_CHANGE_FEE_PERCENT = 50;

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

export const MANAGE_MESSAGES = {
  linkInvalid: "This link has expired or is not valid.",
  reasonTooLong: `Please keep the reason to ${MANAGE_LIMITS.reason} characters or fewer.`,
  reasonNotText: "The reason must be text.",
  sameTime: "Your booking is already at this time. Please choose another.",
  notASeries: "This booking is a one-off visit, not part of a regular clean, so there is no series to skip or cancel.",
  seriesEnded: "Your regular clean has already ended: no more visits will be planned. You can still skip this visit.",
} as const;

/**
 * A regular clean on the customer's page (issue 17): the reason a skipped visit keeps (the office
 * reads it on the visit), and the reason every visit gets when the customer ends the series
 * without giving one.
 */
export const SERIES_REASONS = {
  skipped: "Skipped by the customer",
  ended: "Regular clean cancelled by the customer",
} as const;

/** Inside the cut-off: what the policy charges and whom to call (the page and the 409 say the same). */
export const changeCutoffMessage = (policy: { freeChangeCutoffHours: number; phone: string }): string =>
  `Free changes end ${hoursText(policy.freeChangeCutoffHours)} before the appointment. ` +
  `Changes or cancellations within ${hoursText(policy.freeChangeCutoffHours)} may incur a ${LATE_CHANGE_FEE_PERCENT}% fee, ` +
  `so please call us on ${policy.phone} to make them.`;

/** Why a booking in this state cannot be changed on the page (409 BOOKING_NOT_CHANGEABLE). */
export function notChangeableMessage(record: { type: "BOOKING" | "QUOTE"; status: string }, phone: string): string {
  if (record.type === "QUOTE") return `A quote request can’t be moved or cancelled here. Please call us on ${phone}.`;
  if (record.status === "CANCELLED") return "This booking is cancelled, so it can’t be changed.";
  // A visit of a regular clean that could not be placed: the office is finding it a time.
  if (record.status === "NEEDS_ATTENTION") return `We’re finding a new time for this visit and will be in touch. To change it, please call us on ${phone}.`;
  return "This booking is done, so it can’t be changed.";
}
